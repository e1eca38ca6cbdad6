import type { ReadingConfidence } from '../audiogram/reading';
import type { ReadingReviewReason } from '../audiogram/identity-check';

/** The groups of the dashboard worklist ("Pendências", issue 14). */
export const WORKLIST_GROUPS = ['examsWithoutReport', 'draftReports', 'readingsToReview', 'unaddressedChanges'] as const;
export type WorklistGroup = (typeof WORKLIST_GROUPS)[number];

interface WorkerRef {
  patientId: string;
  patientName: string;
  companyName: string | null;
}

/** An exam no laudo was drafted for. */
export interface ExamWithoutReportItem extends WorkerRef {
  examId: string;
  /** ISO YYYY-MM-DD. */
  examDate: string;
  hasThresholds: boolean;
}

/** A laudo still in draft. */
export interface DraftReportItem extends WorkerRef {
  reportId: string;
  examId: string;
  examDate: string;
  type: 'simple' | 'nexo-causal';
  updatedAt: Date;
}

/** A reading held for the professional (`pending`) or an automatic reading that failed on an exam still without thresholds (`failed`). */
export interface ReadingToReviewItem extends WorkerRef {
  kind: 'pending' | 'failed';
  examId: string;
  examDate: string;
  readingId: string | null;
  fileName: string | null;
  reasons: ReadingReviewReason[];
  confidence: ReadingConfidence | null;
  /** Since when it waits. */
  since: Date;
}

/** A worker whose latest exam shows desencadeamento or agravamento with no laudo on or after that exam. */
export interface UnaddressedChangeItem extends WorkerRef {
  examId: string;
  examDate: string;
  desencadeamento: boolean;
  agravamento: boolean;
}

export interface WorklistItems {
  examsWithoutReport: ExamWithoutReportItem;
  draftReports: DraftReportItem;
  readingsToReview: ReadingToReviewItem;
  unaddressedChanges: UnaddressedChangeItem;
}

/** One group's count and the slice of it asked for (most urgent or most recent first). */
export interface WorklistPage<T> {
  total: number;
  items: T[];
}

/**
 * The worklist read model: one query per group, counting and slicing in the database (no N+1);
 * archived workers never appear. Implemented in SQL (tests/contracts/worklist-queries.postgres.int.test.ts).
 */
export interface WorklistQueries {
  page<G extends WorklistGroup>(organizationId: string, group: G, slice: { limit: number; offset: number }): Promise<WorklistPage<WorklistItems[G]>>;
}

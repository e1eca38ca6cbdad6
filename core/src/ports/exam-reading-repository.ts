import type { IdentityCheck, ReadingReviewReason } from '../audiogram/identity-check';
import type { AudiogramReading } from '../audiogram/reading';
import type { Attribution } from '../accounts/attribution';

/** `pending`: waits for the professional; `applied`: its thresholds went into the exam; `discarded`: refused or superseded. */
export type ExamReadingStatus = 'pending' | 'applied' | 'discarded';

/**
 * A reading of an uploaded file kept apart from the exam (issue 14): the file names another person,
 * the reading is not of high confidence, or the exam already has thresholds. Applied only when the
 * professional confirms it.
 */
export interface ExamReading {
  id: string;
  organizationId: string;
  examId: string;
  /** The uploaded file it was read from (null once that file row is gone). */
  fileId: string | null;
  fileName: string;
  reading: AudiogramReading;
  identity: IdentityCheck;
  reasons: ReadingReviewReason[];
  status: ExamReadingStatus;
  createdAt: Date;
  decidedAt: Date | null;
  /** Professional id of who applied or discarded it. */
  decidedBy: string | null;
  /** Who applied or discarded it, with name and registry, and when (issue 18); null while pending. Optional for fixtures. */
  reviewedBy?: Attribution | null;
}

/** Stores held readings. Every implementation must pass tests/contracts/exam-reading-repository.contract.ts. */
export interface ExamReadingRepository {
  /** Inserts, or replaces the reading with the same id. */
  save(reading: ExamReading): Promise<void>;
  findById(organizationId: string, id: string): Promise<ExamReading | undefined>;
  /** Every reading of the exam, newest first. */
  listForExam(organizationId: string, examId: string): Promise<ExamReading[]>;
}

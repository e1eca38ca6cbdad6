import type { DeletionRequestStatus } from '../privacy/deletion-request';
import type { RetentionInput } from '../privacy/retention';
import type { WorkerIdentifiers } from '../privacy/anonymization';

/** A data-deletion request as an organisation's administrator sees it. */
export interface DeletionRequestView {
  id: string;
  email: string;
  status: DeletionRequestStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decidedByName: string | null;
  reason: string | null;
  patientId: string | null;
  patientName: string | null;
  /** The organisation's workers with the request's e-mail (not yet anonymised), for a pending request. */
  candidates: Array<{ patientId: string; name: string; cpf: string | null }>;
}

/** What the public status page may show (no worker, no organisation). */
export interface DeletionRequestStatusView {
  id: string;
  status: DeletionRequestStatus;
  createdAt: Date;
  decidedAt: Date | null;
  reason: string | null;
  tokenHash: string | null;
}

export interface DeletionDecision {
  requestId: string;
  organizationId: string;
  status: 'aprovado' | 'recusado';
  patientId: string | null;
  decidedAt: Date;
  decidedBy: string;
  decidedByName: string;
  reason: string | null;
  /** Replaces the request's e-mail (an approval masks it); null keeps it. */
  maskedEmail: string | null;
}

/** The deletion requests (table data_deletion_request) seen from an organisation. */
export interface DeletionRequestStore {
  /** Pending requests whose e-mail is one of the organisation's workers', and those it decided. */
  listForOrganization(organizationId: string, status?: DeletionRequestStatus): Promise<DeletionRequestView[]>;
  /** One such request (undefined when the organisation may not see it), its row locked when `forUpdate`. */
  findForOrganization(organizationId: string, id: string, forUpdate?: boolean): Promise<DeletionRequestView | undefined>;
  findStatus(id: string): Promise<DeletionRequestStatusView | undefined>;
  decide(decision: DeletionDecision): Promise<void>;
}

/** The worker's identity before anonymisation, and what the anonymisation must know of him. */
export interface WorkerToAnonymize {
  identifiers: WorkerIdentifiers;
  anonymizedAt: Date | null;
  /** ISO date of his latest exam (the age kept is the age on that day). */
  lastExamDate: string | null;
}

export interface AnonymizationPlan {
  organizationId: string;
  patientId: string;
  at: Date;
  /** "Titular anonimizado (LGPD) 1a2b3c4d" */
  label: string;
  /** Replaces the birth date (null: the recorded age stays). */
  ageKept: number | null;
  identifiers: WorkerIdentifiers;
}

/**
 * Rewrites the worker's rows (inside the unit of work's transaction): identity removed from the worker,
 * his periods, every copy in exams, readings, laudo drafts, deletion snapshots, embed tokens and read
 * models; exam-file rows and laudo PDF keys dropped. Answers the storage keys to delete once committed.
 */
export interface WorkerAnonymizer {
  load(organizationId: string, patientId: string, forUpdate: boolean): Promise<WorkerToAnonymize | undefined>;
  anonymize(plan: AnonymizationPlan): Promise<{ storageKeys: string[] }>;
}

/** One stored file of the worker's export. */
export interface ExportedFile {
  id: string;
  examId: string;
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
  createdAt: string;
}

/** One laudo version of the worker's export. */
export interface ExportedReport {
  id: string;
  examId: string;
  version: number;
  status: string;
  pdfStorageKey: string | null;
  pdfSha256: string | null;
  /** Every column but the storage key, with draft_json parsed as `draft`. */
  record: Record<string, unknown>;
}

/** Every record of a worker, as stored (camelCase), for the LGPD access export. */
export interface WorkerRecords {
  patient: Record<string, unknown> & { id: string; name: string };
  employments: Array<Record<string, unknown>>;
  exams: Array<Record<string, unknown> & { id: string; date: string }>;
  readings: Array<Record<string, unknown>>;
  reports: ExportedReport[];
  files: ExportedFile[];
  /** Files of his removed exams, still stored (createdAt: when the exam was removed). */
  removedExamFiles: ExportedFile[];
  examDeletions: Array<Record<string, unknown>>;
  /** His ASOs with their S-2220 event state and the XML as generated (issue 21). */
  asos: Array<Record<string, unknown>>;
  deletionRequests: Array<Record<string, unknown>>;
  organizationName: string;
}

export interface WorkerRecordsSource {
  collect(organizationId: string, patientId: string): Promise<WorkerRecords | undefined>;
}

/** The retention facts of every worker of one organisation (or every organisation). */
export interface RetentionSource {
  organizations(organizationId?: string): Promise<Array<{ id: string; name: string }>>;
  workers(organizationId: string): Promise<RetentionInput[]>;
}

import type { Report, ReportView } from '../reports/report';

export interface ReportListQuery {
  organizationId: string;
  patientId?: string;
  q?: string;
  limit: number;
  offset: number;
}

/** A version found by its public verification code, with the organisation that issued it. */
export interface VerifiedReportView extends ReportView {
  organizationName: string;
  /** The exam's current version number (the found one, or a later amendment). */
  currentVersion: number;
}

/**
 * Stores laudos, organisation-scoped: one laudo per exam, kept as versions (issue 20). Every version
 * is a record of its own (its own id, PDF, hash and verification code); the exam's **current**
 * version is its highest one. Reads by exam and lists return current versions only.
 */
export interface ReportRepository {
  /** Any version, by its id. */
  findById(organizationId: string, id: string): Promise<ReportView | undefined>;
  /** The exam's current version. */
  findByExam(organizationId: string, examId: string): Promise<ReportView | undefined>;
  /**
   * As findById, and locks the laudo's row until the surrounding UnitOfWork ends: a second caller
   * waits, then reads what the first committed (issue 15: parallel finalise issues one PDF).
   * Outside a UnitOfWork the lock is released at once.
   */
  findByIdForUpdate(organizationId: string, id: string): Promise<ReportView | undefined>;
  /** Current versions, newest first. Without `patientId`, archived workers' laudos are left out (they stay reachable by id and by worker). */
  list(query: ReportListQuery): Promise<{ items: ReportView[]; total: number }>;
  /** Inserts, or replaces the version of the same id (which stays the exam's current one, when it was). */
  save(report: Report): Promise<void>;
  /** Every version of the exam's laudo, oldest first. */
  listVersions(organizationId: string, examId: string): Promise<ReportView[]>;
  /** Whether any version of the exam's laudo was ever finalised (an issued document exists). */
  hasFinalizedVersion(organizationId: string, examId: string): Promise<boolean>;
  /** The finalised version printing this code, of any organisation (the public verification page). */
  findByVerificationCode(code: string): Promise<VerifiedReportView | undefined>;
  /** Adds `amendment` (version n + 1 of the same exam) as the exam's current version; `previousId` (version n) stops being current. */
  openAmendment(organizationId: string, previousId: string, amendment: Report): Promise<void>;
  /** Removes an open (draft) amendment; the version it amended is current again. */
  discardAmendment(organizationId: string, amendmentId: string): Promise<void>;
}

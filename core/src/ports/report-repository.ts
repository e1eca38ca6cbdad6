import type { Report, ReportView } from '../reports/report';

export interface ReportListQuery {
  organizationId: string;
  patientId?: string;
  q?: string;
  limit: number;
  offset: number;
}

/** Stores laudos, organisation-scoped; one laudo per exam. */
export interface ReportRepository {
  findById(organizationId: string, id: string): Promise<ReportView | undefined>;
  findByExam(organizationId: string, examId: string): Promise<ReportView | undefined>;
  /**
   * As findById, and locks the laudo's row until the surrounding UnitOfWork ends: a second caller
   * waits, then reads what the first committed (issue 15: parallel finalise issues one PDF).
   * Outside a UnitOfWork the lock is released at once.
   */
  findByIdForUpdate(organizationId: string, id: string): Promise<ReportView | undefined>;
  /** Newest first. Without `patientId`, archived workers' laudos are left out (they stay reachable by id and by worker). */
  list(query: ReportListQuery): Promise<{ items: ReportView[]; total: number }>;
  /** Inserts, or replaces the laudo of the same id. */
  save(report: Report): Promise<void>;
}

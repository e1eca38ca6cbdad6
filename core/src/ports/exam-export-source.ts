import type { MembershipSummary } from '../accounts/membership';
/** What a bulk export writes (one CSV per kind, Excel pt-BR; docs/csv-format.md). */
export type ExportKind = 'exams' | 'patients' | 'reports';

/** The list filters (same names as the API's query): search text, worker, company, date range (ISO). */
export interface ExportFilters {
  q?: string;
  patientId?: string;
  company?: string;
  from?: string;
  to?: string;
}

/**
 * The bulk reader of one organisation's rows (PostgreSQL `COPY … TO STDOUT` in the adapter). `Out`
 * is the driver's byte stream (a Node `Writable`): the core passes it through, never writes to it.
 */
export interface ExamExportSource<Out> {
  /** False while the laudo feature's table does not exist in this database. */
  reportsAvailable(): Promise<boolean>;
  /** Streams the rows of `kind` into `out`, header first; resolves with the number of data rows. */
  write(kind: ExportKind, organizationId: string, filters: ExportFilters, out: Out): Promise<number>;
}

/**
 * The organisations where a professional (by e-mail, any case) is an active member, with their roles
 * there, by name: how the bulk CLI commands learn theirs and check the member may do it (issue 18).
 */
export interface ProfessionalOrganizations {
  organizationsOf(email: string): Promise<MembershipSummary[]>;
}

import type { AuditFilter, AuditPage, NewAuditEntry } from '../audit/audit-entry';

/**
 * The append-only audit trail (issue 20). `record` may buffer (the HTTP layer records after the response);
 * `query` sees every entry recorded before it was called (a buffering store writes its buffer first).
 * Newest first: by time, then by order of writing.
 */
export interface AuditLog {
  record(entries: readonly NewAuditEntry[]): Promise<void>;
  query(filter: AuditFilter, page: { limit: number; offset: number }): Promise<AuditPage>;
}

import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import type { AuthContext } from '../accounts/session-policy';
import { DomainError } from '../../shared/domain-error';
import { err, ok, type Result } from '../../shared/result';
import type { ExamExportSource, ExportFilters, ExportKind } from '../../ports/exam-export-source';

/** A reports export asked of a database without the laudo table (HTTP 404, CLI exit 2). */
export class NoReportsError extends DomainError {
  readonly code = 'REPORT.NONE';
  constructor() {
    super('Ainda não há laudos neste banco');
  }
}

/** An export checked and ready: `writeTo` streams it (the caller sends its headers in between). */
export interface ExportJob<Out> {
  readonly kind: ExportKind;
  writeTo(out: Out): Promise<number>;
}

/**
 * Exports of one organisation's exams, patients or laudos (the API's `…/export.csv` and `limiar
 * export`). Two steps so a driver can refuse before its first byte and stream after it.
 */
export class ExportRecords<Out> {
  constructor(private readonly source: ExamExportSource<Out>) {}

  /** A member's export (the API): the company dashboards and exports permission, then `open`. */
  async openFor(auth: AuthContext, kind: ExportKind, filters: ExportFilters): Promise<Result<ExportJob<Out>, NoReportsError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    return this.open(auth.organizationId, kind, filters);
  }

  /** The organisation's export, for drivers that act for the whole installation (the CLI). */
  async open(organizationId: string, kind: ExportKind, filters: ExportFilters): Promise<Result<ExportJob<Out>, NoReportsError>> {
    if (kind === 'reports' && !(await this.source.reportsAvailable())) return err(new NoReportsError());
    return ok({ kind, writeTo: (out: Out) => this.source.write(kind, organizationId, filters, out) });
  }
}

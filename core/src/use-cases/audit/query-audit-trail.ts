import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import {
  AUDIT_ACTION_LABELS, AUDIT_ACTOR_KIND_LABELS, AUDIT_CSV_MAX_ROWS, AUDIT_ENTITY_LABELS, AUDIT_PAGE_MAX,
  type AuditAction, type AuditEntry, type AuditPage,
} from '../../audit/audit-entry';
import { PatientNotFoundError } from '../../patients/patient-errors';
import type { AuditLog } from '../../ports/audit-log';
import type { PatientRepository } from '../../ports/patient-ports';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

/** The filters of the administrator's screen (Auditoria) and of its CSV. */
export interface AuditTrailQuery {
  patientId?: string;
  actorId?: string;
  action?: AuditAction;
  from?: Date;
  to?: Date;
}

export interface AuditPaging {
  limit?: number;
  offset?: number;
}

/** Columns of the CSV (Excel pt-BR): one row per entry, newest first. */
export const AUDIT_CSV_HEADER = ['data_hora', 'membro', 'tipo_de_acesso', 'acao', 'registro', 'id_registro', 'id_trabalhador', 'rota', 'status', 'ip'] as const;

/** dd/mm/aaaa hh:mm in Brazil's time (the CSV and the screen). */
export function formatAuditDateTime(at: Date): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

export function auditCsvRow(e: AuditEntry): string[] {
  return [
    formatAuditDateTime(e.at), e.actorName, AUDIT_ACTOR_KIND_LABELS[e.actorKind], AUDIT_ACTION_LABELS[e.action], AUDIT_ENTITY_LABELS[e.entity],
    e.recordId ?? '', e.patientId ?? '', e.route, String(e.status), e.ip ?? '',
  ];
}

const pageOf = (p: AuditPaging) => ({
  limit: Math.min(Math.max(Math.trunc(p.limit ?? 50), 1), AUDIT_PAGE_MAX),
  offset: Math.max(Math.trunc(p.offset ?? 0), 0),
});

/**
 * Who read or wrote what (issue 20, docs/audit.md): the organisation's audit trail for its administrator
 * (`audit.read`), filtered by worker, member, action and period; a worker's access log ("quem acessou este
 * prontuário"); and the CSV of a filter. A worker of another organisation is 404, as everywhere.
 */
export class QueryAuditTrail {
  constructor(private readonly s: { audit: AuditLog; patients: PatientRepository }) {}

  async list(auth: AuthContext, query: AuditTrailQuery, paging: AuditPaging = {}): Promise<Result<AuditPage, ForbiddenError | PatientNotFoundError>> {
    const allowed = requirePermission(auth, 'audit.read');
    if (!allowed.ok) return allowed;
    if (query.patientId && !(await this.s.patients.findById(auth.organizationId, query.patientId))) return err(new PatientNotFoundError());
    return ok(await this.s.audit.query({ organizationId: auth.organizationId, ...query }, pageOf(paging)));
  }

  /** "Quem acessou este prontuário": every entry naming the worker, newest first. */
  accessLog(auth: AuthContext, patientId: string, paging: AuditPaging = {}): Promise<Result<AuditPage, ForbiddenError | PatientNotFoundError>> {
    return this.list(auth, { patientId }, paging);
  }

  /** The CSV rows of a filter (at most AUDIT_CSV_MAX_ROWS, newest first; `truncated` when there were more). */
  async csv(auth: AuthContext, query: AuditTrailQuery): Promise<Result<{ header: readonly string[]; rows: string[][]; truncated: boolean }, ForbiddenError | PatientNotFoundError>> {
    const allowed = requirePermission(auth, 'audit.read');
    if (!allowed.ok) return allowed;
    if (query.patientId && !(await this.s.patients.findById(auth.organizationId, query.patientId))) return err(new PatientNotFoundError());
    const rows: string[][] = [];
    let total = 0;
    const chunk = 5_000;
    for (let offset = 0; offset < AUDIT_CSV_MAX_ROWS; offset += chunk) {
      const page = await this.s.audit.query({ organizationId: auth.organizationId, ...query }, { limit: Math.min(chunk, AUDIT_CSV_MAX_ROWS - offset), offset });
      total = page.total;
      rows.push(...page.items.map(auditCsvRow));
      if (page.items.length < chunk) break;
    }
    return ok({ header: AUDIT_CSV_HEADER, rows, truncated: total > rows.length });
  }
}

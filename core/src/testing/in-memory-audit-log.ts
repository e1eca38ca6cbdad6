import type { AuditEntry, AuditFilter, AuditPage, NewAuditEntry } from '../audit/audit-entry';
import type { AuditLog } from '../ports/audit-log';

/**
 * The audit trail in memory (tests). Entries with a `lookup` and no worker get the worker `resolve` gives
 * (the store reads him from the record); an entry whose organisation stays unknown is dropped, as in SQL.
 */
export class InMemoryAuditLog implements AuditLog {
  readonly rows: AuditEntry[] = [];
  constructor(private readonly resolve: (lookup: NonNullable<NewAuditEntry['lookup']>) => { organizationId: string; patientId: string } | undefined = () => undefined) {}

  async record(entries: readonly NewAuditEntry[]) {
    for (const { lookup, ...e } of entries) {
      const found = lookup ? this.resolve(lookup) : undefined;
      const organizationId = e.organizationId ?? found?.organizationId;
      if (!organizationId) continue;
      const sameOrg = found && found.organizationId === organizationId;
      this.rows.push({ ...e, id: String(this.rows.length + 1), organizationId, actorName: e.actorName ?? '', patientId: e.patientId ?? (sameOrg ? found.patientId : null) });
    }
  }

  async query(f: AuditFilter, page: { limit: number; offset: number }): Promise<AuditPage> {
    const all = this.rows
      .filter((r) => r.organizationId === f.organizationId && (!f.patientId || r.patientId === f.patientId) && (!f.actorId || r.actorId === f.actorId)
        && (!f.action || r.action === f.action) && (!f.from || r.at >= f.from) && (!f.to || r.at <= f.to))
      .sort((a, b) => +b.at - +a.at || Number(b.id) - Number(a.id));
    return { total: all.length, items: all.slice(page.offset, page.offset + page.limit) };
  }
}

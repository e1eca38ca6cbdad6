import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction, AuditActorKind, AuditEntity, AuditEntry, AuditFilter, AuditLog, AuditPage, NewAuditEntry } from '../../../../../core/src';
import { isUuid } from './uuid';
import { prepared, sql, type Row } from './sql-rows';

const UUID_RE = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;

/**
 * One statement per batch (ADR 0020): the entries travel as one JSON array; the worker a request did not
 * name — and the organisation of a public verification — is read here from the record the entry names
 * (exam, deleted exam, file, laudo, reading, verification code), within the entry's organisation only.
 * An entry whose organisation stays unknown (a code that does not exist) is not stored. The member's name
 * is read from `professional` (as it is at the time of writing).
 */
const COLUMNS = `seq int, at timestamptz, organization_id uuid, actor_id uuid, actor_name text, actor_kind text, action text,
      entity text, record_id text, patient_id uuid, route text, status int, ip text, lookup_kind text, lookup_id text`;
const TARGET = 'insert into audit_log (at, organization_id, actor_id, actor_name, actor_kind, action, entity, record_id, patient_id, route, status, ip)';
const ACTOR_NAME = `coalesce(r.actor_name, (select p.name from professional p where p.id = r.actor_id), '')`;

/** A batch whose entries all name their worker (or none) and their organisation: no lookup to plan. */
const INSERT_PLAIN = `
  ${TARGET}
  select r.at, r.organization_id, r.actor_id, ${ACTOR_NAME}, r.actor_kind, r.action, r.entity, r.record_id, r.patient_id, r.route, r.status, r.ip
  from jsonb_to_recordset(?::jsonb) as r(${COLUMNS})
  where r.organization_id is not null
  order by r.seq`;

const INSERT_WITH_LOOKUPS = `
  ${TARGET}
  select r.at, coalesce(r.organization_id, found.organization_id), r.actor_id, ${ACTOR_NAME},
         r.actor_kind, r.action, r.entity, r.record_id, coalesce(r.patient_id, found.patient_id), r.route, r.status, r.ip
  from (
    select j.*, case when j.lookup_id ~ ${UUID_RE} then j.lookup_id::uuid end as lookup_uuid
    from jsonb_to_recordset(?::jsonb) as j(${COLUMNS})
  ) r
  left join lateral (
    select x.organization_id, x.patient_id from (
      select e.organization_id, e.patient_id from exam e
        where r.lookup_kind = 'exam' and e.id = r.lookup_uuid and e.organization_id = r.organization_id
      union all
      select d.organization_id, d.patient_id from exam_deletion d
        where r.lookup_kind = 'exam' and d.exam_id = r.lookup_uuid and d.organization_id = r.organization_id
      union all
      select e.organization_id, e.patient_id from exam_file f join exam e on e.id = f.exam_id
        where r.lookup_kind = 'file' and f.id = r.lookup_uuid and f.organization_id = r.organization_id
      union all
      select x.organization_id, e.patient_id from exam_reading x join exam e on e.id = x.exam_id
        where r.lookup_kind = 'reading' and x.id = r.lookup_uuid and x.organization_id = r.organization_id
      union all
      select rp.organization_id, rp.patient_id from report rp
        where r.lookup_kind = 'report' and rp.id = r.lookup_uuid and rp.organization_id = r.organization_id
      union all
      select rp.organization_id, rp.patient_id from report rp
        where r.lookup_kind = 'verification' and rp.verification_code = r.lookup_id
    ) x limit 1
  ) found on true
  where coalesce(r.organization_id, found.organization_id) is not null
  order by r.seq`;

function toEntry(r: Row): AuditEntry {
  return {
    id: String(r.id), at: new Date(r.at as string), organizationId: r.organization_id as string, actorId: (r.actor_id as string) ?? null,
    actorName: r.actor_name as string, actorKind: r.actor_kind as AuditActorKind, action: r.action as AuditAction, entity: r.entity as AuditEntity,
    recordId: (r.record_id as string) ?? null, patientId: (r.patient_id as string) ?? null, route: r.route as string, status: Number(r.status), ip: (r.ip as string) ?? null,
  };
}

/** The audit trail in PostgreSQL's append-only `audit_log` (migration 20261127020000). */
export class SqlAuditLog implements AuditLog {
  constructor(private readonly em: () => EntityManager) {}

  async record(entries: readonly NewAuditEntry[]): Promise<void> {
    if (!entries.length) return;
    const rows = entries.map((e, seq) => ({
      seq, at: e.at.toISOString(), organization_id: e.organizationId, actor_id: e.actorId, actor_name: e.actorName, actor_kind: e.actorKind,
      action: e.action, entity: e.entity, record_id: e.recordId, patient_id: e.patientId, route: e.route, status: e.status, ip: e.ip,
      lookup_kind: e.lookup?.kind ?? null, lookup_id: e.lookup?.id ?? null,
    }));
    // the lookups cost a plan of six joins: most batches (lists, reads by id) need none
    // prepared: one jsonb parameter, so the statement is parsed once per connection and its plan reused (it was planned per batch)
    await prepared(this.em())(entries.some((e) => e.lookup) ? INSERT_WITH_LOOKUPS : INSERT_PLAIN, [JSON.stringify(rows)]);
  }

  async query(f: AuditFilter, page: { limit: number; offset: number }): Promise<AuditPage> {
    if ((f.patientId && !isUuid(f.patientId)) || (f.actorId && !isUuid(f.actorId))) return { total: 0, items: [] };
    const where = ['organization_id = ?'];
    const params: unknown[] = [f.organizationId];
    if (f.patientId) (where.push('patient_id = ?'), params.push(f.patientId));
    if (f.actorId) (where.push('actor_id = ?'), params.push(f.actorId));
    if (f.action) (where.push('action = ?'), params.push(f.action));
    if (f.from) (where.push('at >= ?'), params.push(f.from));
    if (f.to) (where.push('at <= ?'), params.push(f.to));
    const run = sql(this.em());
    const [count] = await run<{ n: string }>(`select count(*) as n from audit_log where ${where.join(' and ')}`, params);
    const rows = await run(`select * from audit_log where ${where.join(' and ')} order by at desc, id desc limit ? offset ?`, [...params, page.limit, page.offset]);
    return { total: Number(count?.n ?? 0), items: rows.map(toEntry) };
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Aso, AsoEventStatus, AsoListFilter, AsoRepository, AsoView, ExamType } from '../../../../../core/src';
import { classificationsOf } from './exam-classifications';
import { iso, str, type Row } from './sql-rows';

/** A statement runner with `?` placeholders: the request's entity manager (server) or a pg pool (CLI). */
export type AsoSql = (query: string, params: unknown[]) => Promise<Row[]>;

/** Over the request's entity manager, inside the unit of work's transaction when there is one. */
export const emAsoSql = (em: () => EntityManager): AsoSql => (query, params) => {
  const m = em();
  return m.getConnection().execute<Row[]>(query, params, 'all', m.getTransactionContext());
};

/** Over a `pg` pool (the CLI's light root): `?` become `$1…$n` (no `?` operator is used here). */
export const poolAsoSql = (pool: { query(sql: string, params: unknown[]): Promise<{ rows: Row[] }> }): AsoSql => async (query, params) => {
  let n = 0;
  return (await pool.query(query.replace(/\?/g, () => `$${++n}`), params)).rows;
};

const VIEW = `select a.*, p.name as patient_name, p.cpf as patient_cpf, c.name as company_name, c.cnpj as company_cnpj, e.registration as registration,
    x.exam_date as exam_date
  from aso a
  join patient p on p.id = a.patient_id
  join company c on c.id = a.company_id
  join employment e on e.id = a.employment_id
  join exam x on x.id = a.exam_id`;

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

function toView(r: Row, classifications: Map<string, Record<string, unknown>>): AsoView {
  return {
    id: String(r.id), organizationId: String(r.organization_id), patientId: String(r.patient_id), examId: String(r.exam_id), employmentId: String(r.employment_id),
    companyId: String(r.company_id), examType: String(r.exam_type) as ExamType, asoDate: iso(r.aso_date)!, result: (str(r.result) as Aso['result']),
    otherProcedures: json(r.other_procedures), physician: json(r.physician), coordinator: r.coordinator === null ? null : json(r.coordinator),
    event: {
      status: String(r.event_status) as AsoEventStatus, eventId: str(r.event_id), xml: str(r.event_xml), generatedAt: date(r.generated_at), exportedAt: date(r.exported_at),
      receipt: str(r.receipt), indRetif: Number(r.ind_retif) === 2 ? 2 : 1, retifiedReceipt: str(r.retified_receipt),
    },
    createdAt: date(r.created_at)!, updatedAt: date(r.updated_at)!,
    patientName: String(r.patient_name), cpf: str(r.patient_cpf), companyName: String(r.company_name), companyCnpj: str(r.company_cnpj),
    registration: str(r.registration), examDate: iso(r.exam_date)!, examClassification: classifications.get(String(r.exam_id)) ?? {},
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ASOs in PostgreSQL (table aso, migration 20261128000000), read with the worker, company, contract and exam joined. */
export class SqlAsoRepository implements AsoRepository {
  constructor(private readonly sql: AsoSql) {}

  /** The rows as views, each with its exam's classification computed from the worker's history (ADR 0025). */
  private async views(organizationId: string, rows: Row[]): Promise<AsoView[]> {
    const classifications = await classificationsOf(this.sql, organizationId, rows.map((r) => String(r.patient_id)), rows.map((r) => String(r.exam_id)));
    return rows.map((r) => toView(r, classifications));
  }

  async get(organizationId: string, id: string): Promise<AsoView | undefined> {
    if (!UUID.test(id)) return undefined;
    const rows = await this.sql(`${VIEW} where a.organization_id = ? and a.id = ?`, [organizationId, id]);
    return rows[0] ? (await this.views(organizationId, rows))[0] : undefined;
  }

  async listForExam(organizationId: string, examId: string): Promise<AsoView[]> {
    if (!UUID.test(examId)) return [];
    return this.views(organizationId, await this.sql(`${VIEW} where a.organization_id = ? and a.exam_id = ? order by a.aso_date, a.created_at, a.id`, [organizationId, examId]));
  }

  async list(organizationId: string, f: AsoListFilter): Promise<{ total: number; items: AsoView[] }> {
    if (f.companyId !== undefined && !UUID.test(f.companyId)) return { total: 0, items: [] };
    const where = ['a.organization_id = ?'];
    const params: unknown[] = [organizationId];
    if (f.companyId) (where.push('a.company_id = ?'), params.push(f.companyId));
    if (f.from) (where.push('a.aso_date >= ?'), params.push(f.from));
    if (f.to) (where.push('a.aso_date <= ?'), params.push(f.to));
    if (f.statuses?.length) (where.push(`a.event_status in (${f.statuses.map(() => '?').join(', ')})`), params.push(...f.statuses));
    const filter = where.join(' and ');
    const [count] = await this.sql(`select count(*)::int as n from aso a where ${filter}`, params);
    const rows = await this.sql(`${VIEW} where ${filter} order by a.aso_date, a.created_at, a.id limit ? offset ?`, [...params, f.limit, f.offset]);
    return { total: Number(count?.n ?? 0), items: await this.views(organizationId, rows) };
  }

  async insert(a: Aso): Promise<void> {
    await this.sql(`insert into aso (id, organization_id, patient_id, exam_id, employment_id, company_id, exam_type, aso_date, result, other_procedures, physician, coordinator,
        event_status, event_id, event_xml, generated_at, exported_at, receipt, ind_retif, retified_receipt, created_at, updated_at)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      a.id, a.organizationId, a.patientId, a.examId, a.employmentId, a.companyId, a.examType, a.asoDate, a.result, JSON.stringify(a.otherProcedures),
      JSON.stringify(a.physician), a.coordinator ? JSON.stringify(a.coordinator) : null, a.event.status, a.event.eventId, a.event.xml, a.event.generatedAt,
      a.event.exportedAt, a.event.receipt, a.event.indRetif, a.event.retifiedReceipt, a.createdAt, a.updatedAt,
    ]);
    if (a.event.eventId) await this.sql('insert into aso_event_id (event_id, aso_id) values (?, ?) on conflict do nothing', [a.event.eventId, a.id]);
  }

  async update(a: Aso): Promise<'updated' | 'duplicate-event-id'> {
    if (a.event.eventId) {
      // an Id ever issued to another ASO (its current event, or one an edit discarded) is never taken again
      const taken = await this.sql('select 1 from aso_event_id where event_id = ? and aso_id <> ? union all select 1 from aso where event_id = ? and id <> ?',
        [a.event.eventId, a.id, a.event.eventId, a.id]);
      if (taken.length) return 'duplicate-event-id';
    }
    try {
      await this.sql(`update aso set employment_id = ?, company_id = ?, exam_type = ?, aso_date = ?, result = ?, other_procedures = ?::jsonb, physician = ?::jsonb,
          coordinator = ?::jsonb, event_status = ?, event_id = ?, event_xml = ?, generated_at = ?, exported_at = ?, receipt = ?, ind_retif = ?, retified_receipt = ?, updated_at = ?
        where organization_id = ? and id = ?`, [
        a.employmentId, a.companyId, a.examType, a.asoDate, a.result, JSON.stringify(a.otherProcedures), JSON.stringify(a.physician),
        a.coordinator ? JSON.stringify(a.coordinator) : null, a.event.status, a.event.eventId, a.event.xml, a.event.generatedAt, a.event.exportedAt,
        a.event.receipt, a.event.indRetif, a.event.retifiedReceipt, a.updatedAt, a.organizationId, a.id,
      ]);
    } catch (error) {
      // a concurrent generation took the same Id between the check and the write
      if (String((error as { message?: string }).message ?? '').includes('aso_event_id_unique')) return 'duplicate-event-id';
      throw error;
    }
    if (a.event.eventId) {
      await this.sql('insert into aso_event_id (event_id, aso_id) select ?, id from aso where organization_id = ? and id = ? on conflict do nothing', [a.event.eventId, a.organizationId, a.id]);
    }
    return 'updated';
  }

  async lastEventSequence(prefix: string): Promise<number> {
    const [row] = await this.sql("select max(substr(event_id, 32, 5)::int) as n from aso_event_id where event_id like ? || '%'", [prefix]);
    return Number(row?.n ?? 0);
  }
}

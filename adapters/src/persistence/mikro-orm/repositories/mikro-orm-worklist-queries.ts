import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReadingReviewReason, WorklistGroup, WorklistItems, WorklistPage, WorklistQueries } from '../../../../../core/src';

type Row = Record<string, unknown>;

/** Exams with at least one air-conduction threshold (the thresholds are stored as bytes, ADR 0026). */
const HAS_AIR = 'limiar_audiogram_has_air(e.audiogram)';

/** The worker columns every item carries; `p` must be an active (not archived) patient of the organisation. */
const WORKER = `p.id as patient_id, p.name as patient_name, c.name as company_name`;
const WORKER_JOIN = `join patient p on p.id = e.patient_id and p.archived_at is null left join company c on c.id = p.company_id`;

/**
 * Each group is one statement: the rows of the group as a CTE, then its count and the asked slice
 * (most recent first) in a single row, so an empty slice still carries the count.
 */
const GROUP_SQL: Record<WorklistGroup, { rows: string; order: string }> = {
  examsWithoutReport: {
    rows: `select e.id as exam_id, e.exam_date, e.created_at, ${HAS_AIR} as has_thresholds, ${WORKER}
      from exam e ${WORKER_JOIN}
      where e.organization_id = ? and not exists (select 1 from report r where r.exam_id = e.id)`,
    order: 'exam_date desc, created_at desc, exam_id',
  },
  draftReports: {
    rows: `select r.id as report_id, r.type, r.updated_at, e.id as exam_id, e.exam_date, ${WORKER}
      from report r join exam e on e.id = r.exam_id ${WORKER_JOIN}
      where r.organization_id = ? and r.status = 'Draft'`,
    order: 'updated_at desc, report_id',
  },
  readingsToReview: {
    rows: `select 'pending' as kind, x.id as reading_id, x.file_name, x.reasons, x.confidence, x.created_at as since, e.id as exam_id, e.exam_date, ${WORKER}
        from exam_reading x join exam e on e.id = x.exam_id ${WORKER_JOIN}
        where x.organization_id = ? and x.status = 'pending'
      union all
      select 'failed', null, null, '[]'::jsonb, null, e.updated_at, e.id, e.exam_date, ${WORKER}
        from exam e ${WORKER_JOIN}
        where e.organization_id = ? and e.ambiente_json->>'analysisFailed' = 'true' and not ${HAS_AIR}`,
    order: 'since desc, exam_id',
  },
  unaddressedChanges: {
    // The latest exam with thresholds of each active worker; a laudo on that exam or a later one addresses it.
    rows: `select l.exam_id, l.exam_date, l.desencadeamento, l.agravamento, ${WORKER}
      from (
        select distinct on (e.patient_id) e.patient_id, e.id as exam_id, e.exam_date,
          e.desencadeamento, e.agravamento
        from exam e
        where e.organization_id = ? and ${HAS_AIR}
        order by e.patient_id, e.exam_date desc, e.created_at desc
      ) l
      join patient p on p.id = l.patient_id and p.archived_at is null left join company c on c.id = p.company_id
      where (l.desencadeamento or l.agravamento)
        and not exists (select 1 from report r join exam re on re.id = r.exam_id where r.patient_id = l.patient_id and re.exam_date >= l.exam_date)`,
    order: 'exam_date desc, exam_id',
  },
};

const iso = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
const date = (d: unknown) => (d instanceof Date ? d : new Date(String(d)));
const worker = (r: Row) => ({ patientId: r.patient_id as string, patientName: r.patient_name as string, companyName: (r.company_name as string | null) ?? null });

const MAPPERS: { [G in WorklistGroup]: (r: Row) => WorklistItems[G] } = {
  examsWithoutReport: (r) => ({ ...worker(r), examId: r.exam_id as string, examDate: iso(r.exam_date), hasThresholds: r.has_thresholds === true }),
  draftReports: (r) => ({ ...worker(r), reportId: r.report_id as string, examId: r.exam_id as string, examDate: iso(r.exam_date), type: r.type as 'simple' | 'nexo-causal', updatedAt: date(r.updated_at) }),
  readingsToReview: (r) => ({
    ...worker(r), kind: r.kind as 'pending' | 'failed', examId: r.exam_id as string, examDate: iso(r.exam_date), readingId: (r.reading_id as string | null) ?? null,
    fileName: (r.file_name as string | null) ?? null, reasons: (r.reasons as ReadingReviewReason[] | null) ?? [], confidence: (r.confidence as 'high' | 'medium' | 'low' | null) ?? null, since: date(r.since),
  }),
  unaddressedChanges: (r) => ({ ...worker(r), examId: r.exam_id as string, examDate: iso(r.exam_date), desencadeamento: r.desencadeamento === true, agravamento: r.agravamento === true }),
};

/** The dashboard worklist in SQL: one statement per group (count and slice together), archived workers left out. */
export class MikroOrmWorklistQueries implements WorklistQueries {
  constructor(private readonly em: () => EntityManager) {}

  async page<G extends WorklistGroup>(organizationId: string, group: G, slice: { limit: number; offset: number }): Promise<WorklistPage<WorklistItems[G]>> {
    const { rows, order } = GROUP_SQL[group];
    const params = group === 'readingsToReview' ? [organizationId, organizationId] : [organizationId];
    const em = this.em();
    const [result] = await em.getConnection().execute<Array<{ total: string; items: Row[] | null }>>(
      `with g as (${rows})
       select (select count(*) from g) as total,
              (select json_agg(s) from (select * from g order by ${order} limit ? offset ?) s) as items`,
      [...params, slice.limit, slice.offset], 'all', em.getTransactionContext(),
    );
    return { total: Number(result.total), items: (result.items ?? []).map((r) => MAPPERS[group](r) as WorklistItems[G]) };
  }
}

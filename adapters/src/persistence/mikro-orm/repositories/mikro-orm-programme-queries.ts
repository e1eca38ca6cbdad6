import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import {
  addDays, outcomeSummary, PREVALENCE_TREND_YEARS, outcomesByYear, projectWorker, stateOf, type ExamResult, type OrderedOutcome, type DateWindow, type DueReason, type ExamType, type ExposureMetric, type NoiseExposure, type Prevalence, type ProgrammeCounts,
  type ProgrammeFilter, type ProgrammeOverviewCounts, type ProgrammePrevalence, type ProgrammeProjection, type ProgrammeQueries,
  type ProgrammeWorkerPage, type ProgrammeWorkerQuery, type ScheduleState, exposureStatus,
} from '../../../../../core/src';
import { isUuid } from './uuid';

type Row = Record<string, unknown>;
type Run = <T = Row>(sql: string, params?: unknown[]) => Promise<T[]>;
const runner = (em: EntityManager): Run => (sql, params = []) => em.getConnection().execute(sql, params, 'all', em.getTransactionContext());
/**
 * Bulk writes through knex directly: the bound JSON of a batch (megabytes) goes to PostgreSQL as a parameter, where
 * MikroORM's `execute` also formats it into the logged query (measured: twice the time of the statement itself).
 */
const bulkWriter = (em: EntityManager) => async (sql: string, params: unknown[]): Promise<void> => {
  const knex = (em.getTransactionContext() as Knex.Transaction | undefined) ?? em.getConnection().getKnex();
  await knex.raw(sql, params as Knex.RawBinding[]);
};

/** A PostgreSQL array literal of uuids (one bound parameter, whatever the batch size). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
const n = (v: unknown) => Number(v ?? 0);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Workers recomputed per round trip set. */
export const REFRESH_BATCH = 5000;

/**
 * Keeps `programme_worker` and `programme_worker_year` (migration ProgrammeProjection) current for an
 * organisation: the workers marked in `programme_dirty` by the triggers, and the rows past their
 * `valid_until` (or computed for a later day), are recomputed — the schedule by core `projectWorker`
 * (`computeSchedule`), the yearly outcomes by grouping the worker's exams. One refresh per
 * organisation at a time (advisory lock); a mark written while it runs stays for the next one.
 */
export class MikroOrmProgrammeProjection implements ProgrammeProjection {
  constructor(private readonly em: () => EntityManager) {}

  async refresh(organizationId: string, today: string): Promise<{ refreshed: number }> {
    const em = this.em();
    const [probe] = await runner(em)<{ pending: boolean }>(
      `select exists (select 1 from programme_dirty where organization_id = ?)
           or exists (select 1 from programme_worker where organization_id = ? and valid_until <= ?)
           or exists (select 1 from programme_worker where organization_id = ? and computed_for > ?) as pending`,
      [organizationId, organizationId, today, organizationId, today]);
    if (!probe.pending) return { refreshed: 0 };
    return em.transactional(async (tx) => {
      const run = runner(tx);
      await run('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`programme:${organizationId}`]);
      const marked = await run<{ patient_id: string }>('delete from programme_dirty where organization_id = ? returning patient_id', [organizationId]);
      const stale = await run<{ patient_id: string }>(
        'select patient_id from programme_worker where organization_id = ? and (valid_until <= ? or computed_for > ?)', [organizationId, today, today]);
      const ids = [...new Set([...marked, ...stale].map((r) => r.patient_id))];
      const write = bulkWriter(tx);
      for (let i = 0; i < ids.length; i += REFRESH_BATCH) await this.recompute(run, write, organizationId, today, ids.slice(i, i + REFRESH_BATCH));
      return { refreshed: ids.length };
    });
  }

  async organizationsToRefresh(): Promise<string[]> {
    return (await runner(this.em())<{ organization_id: string }>('select distinct organization_id from programme_dirty')).map((r) => r.organization_id);
  }

  /** Marks every worker of the organisation (a full rebuild on the next refresh). */
  async markAll(organizationId: string): Promise<void> {
    await runner(this.em())('insert into programme_dirty (organization_id, patient_id) select organization_id, id from patient where organization_id = ? on conflict do nothing', [organizationId]);
  }

  private async recompute(run: Run, write: ReturnType<typeof bulkWriter>, organizationId: string, today: string, ids: string[]): Promise<void> {
    // the trend reads the last PREVALENCE_TREND_YEARS calendar years: older years are not kept
    const firstYear = Number(today.slice(0, 4)) - PREVALENCE_TREND_YEARS + 1;
    const batch = uuidArray(ids);
    const active = await run<{ id: string; name_key: string }>(
      'select id, name_search as name_key from patient where organization_id = ? and id = any(?::uuid[]) and archived_at is null', [organizationId, batch]);
    const periods = await run(
      `select e.id, e.patient_id, e.company_id, e.sector_id, e.ghe_id, e.admission_date::text as admission_date, e.dismissal_date::text as dismissal_date,
          e.start_date::text as start_date, e.end_date::text as end_date, g.id as ghe_found, g.exposure_metric, g.exposure_level_dba::float8 as level, g.exposure_dose_percent::float8 as dose,
          g.exposure_assessed_at::text as assessed_at, g.exposure_source, g.periodicity_months
        from employment e left join ghe g on g.id = e.ghe_id
        where e.organization_id = ? and e.patient_id = any(?::uuid[])`, [organizationId, batch]);
    const exams = await run<{ id: string; patient_id: string; exam_date: string; exam_type: ExamType | null; created_at: string; exam_result: ExamResult | null; desencadeamento: boolean; agravamento: boolean }>(
      `select id, patient_id, exam_date::text as exam_date, exam_type, created_at, exam_result, desencadeamento, agravamento
        from exam where organization_id = ? and patient_id = any(?::uuid[])`, [organizationId, batch]);
    const periodsOf = group(periods, (p) => p.patient_id as string);
    const examsOf = group(exams, (e) => e.patient_id);
    const rows: Array<Row> = [];
    const years: Array<Row> = [];
    for (const { id: patientId, name_key } of active) {
      const outcomes: OrderedOutcome[] = (examsOf.get(patientId) ?? []).map((e) => ({
        id: e.id, date: e.exam_date, createdAt: new Date(e.created_at), result: e.exam_result ?? null, desencadeamento: e.desencadeamento, agravamento: e.agravamento,
      }));
      const row = projectWorker({
        patientId, today,
        periods: (periodsOf.get(patientId) ?? []).map((p) => ({
          id: p.id as string, companyId: p.company_id as string, sectorId: (p.sector_id as string | null) ?? null, gheId: p.ghe_found ? (p.ghe_id as string) : null,
          admissionDate: p.admission_date as string, dismissalDate: (p.dismissal_date as string | null) ?? null, startDate: p.start_date as string, endDate: (p.end_date as string | null) ?? null,
          exposure: exposureOf(p), periodicityMonths: p.ghe_found ? n(p.periodicity_months) : 12,
        })),
        exams: (examsOf.get(patientId) ?? []).map((e) => ({ date: e.exam_date, examType: e.exam_type })),
      });
      if (!row) continue;
      const summary = outcomeSummary(outcomes, today);
      rows.push({
        patient_id: row.patientId, name_key, employment_id: row.employmentId, company_id: row.companyId, sector_id: row.sectorId, ghe_id: row.gheId, exposed: row.exposed,
        due_date: row.dueDate, reason: row.reason, last_exam_date: row.lastExamDate, without_reference: row.withoutReference, last_result: summary.lastResult,
        last_desencadeamento_date: summary.lastDesencadeamentoDate, last_agravamento_date: summary.lastAgravamentoDate, valid_until: row.validUntil,
      });
      for (const y of outcomesByYear(outcomes)) if (y.year >= firstYear) years.push({ patient_id: patientId, year: y.year, result: y.result, desencadeamento: y.desencadeamento, agravamento: y.agravamento });
    }
    await run(yearCounts('-'), [batch]); // the old rows' contributions out (under the old filing)
    await run('delete from programme_worker where patient_id = any(?::uuid[])', [batch]);
    if (rows.length) {
      await write(
        `insert into programme_worker (patient_id, organization_id, name_key, employment_id, company_id, sector_id, ghe_id, exposed, due_date, reason, last_exam_date, without_reference,
           last_result, last_desencadeamento_date, last_agravamento_date, valid_until, computed_for)
         select x.patient_id, ?, x.name_key, x.employment_id, x.company_id, x.sector_id, x.ghe_id, x.exposed, x.due_date, x.reason, x.last_exam_date, x.without_reference,
           x.last_result, x.last_desencadeamento_date, x.last_agravamento_date, x.valid_until, ?::date
         from jsonb_to_recordset(?::jsonb) as x(patient_id uuid, name_key text, employment_id uuid, company_id uuid, sector_id uuid, ghe_id uuid, exposed boolean, due_date date, reason text,
           last_exam_date date, without_reference boolean, last_result text, last_desencadeamento_date date, last_agravamento_date date, valid_until date)`,
        [organizationId, today, JSON.stringify(rows)]);
    }
    await run('delete from programme_worker_year where patient_id = any(?::uuid[])', [batch]);
    if (years.length) {
      await write(
        `insert into programme_worker_year (patient_id, year, organization_id, result, desencadeamento, agravamento)
         select x.patient_id, x.year, ?, x.result, x.desencadeamento, x.agravamento
         from jsonb_to_recordset(?::jsonb) as x(patient_id uuid, year smallint, result text, desencadeamento boolean, agravamento boolean)`,
        [organizationId, JSON.stringify(years)]);
    }
    await run(yearCounts('+'), [batch]); // the new rows' contributions in
  }
}

/** Adds (or subtracts) the year rows of a batch of workers to the trend's counts, under each worker's filing. */
const yearCounts = (sign: '+' | '-') => `
  insert into programme_year_count as c (organization_id, company_id, sector_id, ghe_id, year, examined, sugestivo, desencadeamento, agravamento)
  select y.organization_id, w.company_id, w.sector_id, w.ghe_id, y.year, ${sign}count(*), ${sign}count(*) filter (where y.result = 'sugestivo'),
    ${sign}count(*) filter (where y.desencadeamento), ${sign}count(*) filter (where y.agravamento)
  from programme_worker_year y left join programme_worker w on w.patient_id = y.patient_id
  where y.patient_id = any(?::uuid[])
  group by y.organization_id, w.company_id, w.sector_id, w.ghe_id, y.year
  on conflict (organization_id, company_id, sector_id, ghe_id, year) do update set examined = c.examined + excluded.examined, sugestivo = c.sugestivo + excluded.sugestivo,
    desencadeamento = c.desencadeamento + excluded.desencadeamento, agravamento = c.agravamento + excluded.agravamento`;

function group<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

function exposureOf(p: Row): NoiseExposure | null {
  if (!p.ghe_found || (p.exposure_metric === null && p.level === null && p.dose === null)) return null;
  return {
    metric: ((p.exposure_metric as ExposureMetric | null) ?? 'LAVG'), levelDbA: num(p.level), dosePercent: num(p.dose),
    assessedAt: (p.assessed_at as string | null) ?? null, source: (p.exposure_source as string | null) ?? null,
  };
}

/** `programme_worker w` filtered to the organisation and the filter; ids that are not uuids match nothing. */
function workerWhere(organizationId: string, f: ProgrammeFilter): { sql: string; params: unknown[] } {
  const where = ['w.organization_id = ?'];
  const params: unknown[] = [organizationId];
  for (const [column, value] of [['company_id', f.companyId], ['sector_id', f.sectorId], ['ghe_id', f.gheId]] as const) {
    if (value === undefined) continue;
    if (!isUuid(value)) return { sql: 'false', params: [] };
    where.push(`w.${column} = ?`);
    params.push(value);
  }
  return { sql: where.join(' and '), params };
}

const COUNTS = `count(*) as exposed,
  count(*) filter (where not w.without_reference and w.due_date between ?::date and ?::date) as due30,
  count(*) filter (where not w.without_reference and w.due_date between ?::date and ?::date) as due60,
  count(*) filter (where not w.without_reference and w.due_date between ?::date and ?::date) as due90,
  count(*) filter (where not w.without_reference and w.due_date < ?::date) as overdue,
  count(*) filter (where w.without_reference) as without_reference`;
const countParams = (today: string) => [today, addDays(today, 30), today, addDays(today, 60), today, addDays(today, 90), today];
const counts = (r: Row | undefined): ProgrammeCounts => ({
  exposedWorkers: n(r?.exposed), dueIn30: n(r?.due30), dueIn60: n(r?.due60), dueIn90: n(r?.due90), overdue: n(r?.overdue), withoutReference: n(r?.without_reference),
});

/** The state condition of the worker list on `programme_worker w`. */
function stateWhere(state: ProgrammeWorkerQuery['state'], today: string): { sql: string; params: unknown[] } {
  switch (state) {
    case undefined: return { sql: 'true', params: [] };
    case 'sem_referencia': return { sql: 'w.without_reference', params: [] };
    case 'vencido': return { sql: 'not w.without_reference and w.due_date < ?::date', params: [today] };
    case 'vence_30': return { sql: 'not w.without_reference and w.due_date between ?::date and ?::date', params: [today, addDays(today, 30)] };
    case 'due60': return { sql: 'not w.without_reference and w.due_date between ?::date and ?::date', params: [today, addDays(today, 60)] };
    case 'due90': return { sql: 'not w.without_reference and w.due_date between ?::date and ?::date', params: [today, addDays(today, 90)] };
    case 'em_dia': return { sql: 'not w.without_reference and (w.due_date is null or w.due_date > ?::date)', params: [addDays(today, 30)] };
  }
}

/**
 * The programme dashboard in SQL over the projection (refreshed by `MikroOrmProgrammeProjection` first,
 * in the use case): counts by grouping sets, the worker list by due date, the prevalence window from the
 * exams' covering index and the trend from `programme_worker_year`.
 */
export class MikroOrmProgrammeQueries implements ProgrammeQueries {
  constructor(private readonly em: () => EntityManager) {}

  async overview(organizationId: string, filter: ProgrammeFilter, today: string): Promise<ProgrammeOverviewCounts> {
    const run = runner(this.em());
    const w = workerWhere(organizationId, filter);
    const grouped = await run(
      `select w.company_id, w.ghe_id, grouping(w.company_id, w.ghe_id) as level, ${COUNTS}
       from programme_worker w where ${w.sql} and w.exposed
       group by grouping sets ((), (w.company_id), (w.company_id, w.ghe_id))`, [...countParams(today), ...w.params]);
    const idFilter = (value: string | undefined, column: string) => (value === undefined ? null : isUuid(value) ? { sql: `${column} = ?`, params: [value] } : { sql: 'false', params: [] });
    const companyConds = [idFilter(filter.companyId, 'c.id'),
      filter.sectorId === undefined ? null : isUuid(filter.sectorId) ? { sql: 'exists (select 1 from sector s where s.id = ? and s.company_id = c.id)', params: [filter.sectorId] } : { sql: 'false', params: [] },
      filter.gheId === undefined ? null : isUuid(filter.gheId) ? { sql: 'exists (select 1 from ghe g where g.id = ? and g.company_id = c.id)', params: [filter.gheId] } : { sql: 'false', params: [] },
    ].filter((c) => c !== null);
    const companies = await run(
      `select c.id, c.name, c.cnpj from company c where c.organization_id = ? ${companyConds.map((c) => `and ${c.sql}`).join(' ')} order by c.name_key, c.id`,
      [organizationId, ...companyConds.flatMap((c) => c.params)]);
    const gheConds = [idFilter(filter.companyId, 'g.company_id'), idFilter(filter.sectorId, 'g.sector_id'), idFilter(filter.gheId, 'g.id')].filter((c) => c !== null);
    const ghes = await run(
      `select g.id, g.company_id, c.name as company_name, g.sector_id, s.name as sector_name, g.name, g.exposure_metric, g.exposure_level_dba::float8 as level,
          g.exposure_dose_percent::float8 as dose, g.exposure_assessed_at::text as assessed_at, g.exposure_source, true as ghe_found
        from ghe g join company c on c.id = g.company_id left join sector s on s.id = g.sector_id
        where g.organization_id = ? ${gheConds.map((c) => `and ${c.sql}`).join(' ')} order by c.name_key, g.company_id, g.name_key, g.id`,
      [organizationId, ...gheConds.flatMap((c) => c.params)]);
    const byCompany = new Map(grouped.filter((r) => n(r.level) === 1).map((r) => [r.company_id as string, r]));
    const byGhe = new Map(grouped.filter((r) => n(r.level) === 0).map((r) => [r.ghe_id as string, r]));
    return {
      totals: counts(grouped.find((r) => n(r.level) === 3)),
      companies: companies.map((c) => ({ companyId: c.id as string, name: c.name as string, cnpj: (c.cnpj as string | null) ?? null, ...counts(byCompany.get(c.id as string)) })),
      ghes: ghes.map((g) => ({
        gheId: g.id as string, companyId: g.company_id as string, companyName: g.company_name as string, sectorId: (g.sector_id as string | null) ?? null,
        sectorName: (g.sector_name as string | null) ?? null, name: g.name as string, exposureStatus: exposureStatus(exposureOf(g)), ...counts(byGhe.get(g.id as string)),
      })),
    };
  }

  async workers(organizationId: string, query: ProgrammeWorkerQuery, today: string, slice: { limit: number; offset: number }): Promise<ProgrammeWorkerPage> {
    const run = runner(this.em());
    const w = workerWhere(organizationId, query);
    const s = stateWhere(query.state, today);
    // the page first (from the index on due date and name), then its names; the count on its own
    const [result] = await run<{ total: string; items: Row[] | null }>(
      `select (select count(*) from programme_worker w where ${w.sql} and w.exposed and ${s.sql}) as total,
         (select json_agg(x order by x.due_date nulls last, x.name_key, x.patient_id) from (
            select w.patient_id, w.name_key, p.name, trim(p.cpf) as cpf, w.company_id, c.name as company_name, w.sector_id, sc.name as sector_name, w.ghe_id, g.name as ghe_name,
              e.registration, w.last_exam_date, w.due_date, w.reason, w.without_reference
            from (select * from programme_worker w where ${w.sql} and w.exposed and ${s.sql} order by w.due_date nulls last, w.name_key, w.patient_id limit ? offset ?) w
              join patient p on p.id = w.patient_id
              left join company c on c.id = w.company_id left join sector sc on sc.id = w.sector_id left join ghe g on g.id = w.ghe_id
              left join employment e on e.id = w.employment_id) x) as items`,
      [...w.params, ...s.params, ...w.params, ...s.params, slice.limit, slice.offset]);
    return {
      total: n(result.total),
      items: (result.items ?? []).map((r) => ({
        patientId: r.patient_id as string, name: r.name as string, cpf: (r.cpf as string | null) || null, companyId: r.company_id as string, companyName: (r.company_name as string | null) ?? '',
        sectorId: (r.sector_id as string | null) ?? null, sectorName: (r.sector_name as string | null) ?? null, gheId: (r.ghe_id as string | null) ?? null, gheName: (r.ghe_name as string | null) ?? null,
        registration: (r.registration as string | null) ?? null, lastExamDate: (r.last_exam_date as string | null) ?? null, dueDate: (r.due_date as string | null) ?? null,
        reason: (r.reason as DueReason | null) ?? null,
        state: (r.without_reference ? 'sem_referencia' : stateOf((r.due_date as string | null) ?? null, today)) as ScheduleState,
      })),
    };
  }

  async prevalence(organizationId: string, filter: ProgrammeFilter, today: string, window: DateWindow, years: { fromYear: number; toYear: number }): Promise<ProgrammePrevalence> {
    const run = runner(this.em());
    const filtered = filter.companyId !== undefined || filter.sectorId !== undefined || filter.gheId !== undefined;
    const w = workerWhere(organizationId, filter);
    const figures = `count(*) as examined, count(*) filter (where x.result = 'sugestivo') as sugestivo,
      count(*) filter (where x.desencadeamento) as desencadeamento, count(*) filter (where x.agravamento) as agravamento`;
    // A window ending today: the workers' summaries (latest exam up to today, latest flagged exams). Another window: the exams'
    // covering index, per worker the latest exam's result and any flag.
    const [current] = window.to === today
      ? await run(
        `select count(*) filter (where w.last_exam_date >= ?::date) as examined,
            count(*) filter (where w.last_exam_date >= ?::date and w.last_result = 'sugestivo') as sugestivo,
            count(*) filter (where w.last_desencadeamento_date >= ?::date) as desencadeamento, count(*) filter (where w.last_agravamento_date >= ?::date) as agravamento
         from programme_worker w where ${w.sql} and w.last_exam_date >= ?::date`, [window.from, window.from, window.from, window.from, ...w.params, window.from])
      : filtered
        ? await run(
          `select ${figures} from (
             select e.patient_id, (array_agg(e.exam_result order by e.exam_date desc, e.created_at desc, e.id))[1] as result, bool_or(e.desencadeamento) as desencadeamento, bool_or(e.agravamento) as agravamento
             from programme_worker w join exam e on e.patient_id = w.patient_id and e.organization_id = w.organization_id
             where ${w.sql} and e.exam_date between ?::date and ?::date group by e.patient_id) x`, [...w.params, window.from, window.to])
        : await run(
          `select ${figures} from (
             select e.patient_id, (array_agg(e.exam_result order by e.exam_date desc, e.created_at desc, e.id))[1] as result, bool_or(e.desencadeamento) as desencadeamento, bool_or(e.agravamento) as agravamento
             from exam e where e.organization_id = ? and e.exam_date between ?::date and ?::date group by e.patient_id) x
           join patient p on p.id = x.patient_id and p.archived_at is null`, [organizationId, window.from, window.to]);
    const yearly = await run(
      `select w.year, sum(w.examined) as examined, sum(w.sugestivo) as sugestivo, sum(w.desencadeamento) as desencadeamento, sum(w.agravamento) as agravamento
       from programme_year_count w where ${w.sql} and w.year between ? and ? group by w.year`, [...w.params, years.fromYear, years.toYear]);
    const toPrevalence = (r: Row | undefined): Prevalence => ({ workersExamined: n(r?.examined), sugestivo: n(r?.sugestivo), desencadeamento: n(r?.desencadeamento), agravamento: n(r?.agravamento) });
    const byYear = new Map(yearly.map((r) => [n(r.year), r]));
    const out: ProgrammePrevalence['byYear'] = [];
    for (let y = years.fromYear; y <= years.toYear; y++) out.push({ year: y, ...toPrevalence(byYear.get(y)) });
    return { current: toPrevalence(current), byYear: out };
  }
}

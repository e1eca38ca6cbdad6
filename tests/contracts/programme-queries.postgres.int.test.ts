import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MikroOrmProgrammeProjection, MikroOrmProgrammeQueries } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-programme-queries';
import { addDays, resultOf, type Company, type Employment, type Exam, type Ghe, type Patient, type Sector } from '../../core/src';
import { InMemoryProgrammeQueries, InMemoryProgrammeRecords } from '../../core/src/testing/in-memory-programme-queries';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';
import { aCompany, aGhe, anEmployment, aSector, lavg, programmeQueriesContract, type ProgrammeRecordWriter } from './programme-queries.contract';
import type { TestDatabase } from '../support/test-database';
import { OUTCOME_COLUMNS, outcomeValues } from '../support/classification-outcome';

const dbOf = useTestDatabase();

/** The programme's records written with SQL (their repositories belong to another part of the issue; the read model only reads the tables). */
function sqlRecords(db: TestDatabase): ProgrammeRecordWriter {
  const sql = (q: string, params: unknown[] = []) => db.orm.em.getConnection().execute(q, params);
  const upsert = async (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row).filter((k) => k !== 'id');
    const [found] = await sql(`select 1 from ${table} where id = ?`, [row.id]);
    if (found) await sql(`update ${table} set ${columns.map((c) => `${c} = ?`).join(', ')} where id = ?`, [...columns.map((c) => row[c]), row.id]);
    else await sql(`insert into ${table} (id, ${columns.join(', ')}) values (?, ${columns.map(() => '?').join(', ')})`, [row.id, ...columns.map((c) => row[c])]);
  };
  return {
    company: (c: Company) => upsert('company', { id: c.id, organization_id: c.organizationId, name: c.name, cnpj: c.cnpj, created_at: c.createdAt, updated_at: c.updatedAt }),
    sector: (s: Sector) => upsert('sector', { id: s.id, organization_id: s.organizationId, company_id: s.companyId, name: s.name, created_at: s.createdAt }),
    ghe: (g: Ghe) => upsert('ghe', {
      id: g.id, organization_id: g.organizationId, company_id: g.companyId, sector_id: g.sectorId, name: g.name, description: g.description,
      exposure_metric: g.exposure?.metric ?? null, exposure_level_dba: g.exposure?.levelDbA ?? null, exposure_dose_percent: g.exposure?.dosePercent ?? null,
      exposure_assessed_at: g.exposure?.assessedAt ?? null, exposure_source: g.exposure?.source ?? null, periodicity_months: g.periodicityMonths, created_at: g.createdAt, updated_at: g.updatedAt,
    }),
    employment: (e: Employment) => upsert('employment', {
      id: e.id, organization_id: e.organizationId, patient_id: e.patientId, company_id: e.companyId, registration: e.registration, job_title: e.jobTitle, sector_id: e.sectorId,
      ghe_id: e.gheId, admission_date: e.admissionDate, dismissal_date: e.dismissalDate, start_date: e.startDate, end_date: e.endDate, created_at: e.createdAt, updated_at: e.updatedAt,
    }),
    clearEmployments: async (organizationId, patientId) => void (await sql('delete from employment where organization_id = ? and patient_id = ?', [organizationId, patientId])),
  };
}

describe('MikroOrmProgrammeQueries (PostgreSQL): the contract the in-memory twin also passes', () => {
  programmeQueriesContract(async () => {
    const db = dbOf();
    const em = () => db.orm.em.fork();
    return { ...(await postgresTenantFixtures(db)), records: sqlRecords(db), queries: new MikroOrmProgrammeQueries(em), projection: new MikroOrmProgrammeProjection(em) };
  });
});

/** The whole organisation read back from the tables into the in-memory twin (core rules, computed from scratch). */
async function recomputed(db: TestDatabase, org: string) {
  const sql = <T = Record<string, unknown>>(q: string) => db.orm.em.getConnection().execute<T[]>(q, [org]);
  const patients = new Map((await sql(`select id, organization_id, name, trim(cpf) as cpf, archived_at from patient where organization_id = ?`))
    .map((p) => [p.id as string, { id: p.id, organizationId: p.organization_id, name: p.name, cpf: p.cpf || null, archivedAt: p.archived_at ?? null } as unknown as Patient]));
  const exams = new Map((await sql(`select id, organization_id, patient_id, exam_date::text as date, ${OUTCOME_COLUMNS}, created_at from exam where organization_id = ?`))
    .map((e) => [e.id as string, {
      id: e.id, organizationId: e.organization_id, patientId: e.patient_id, date: e.date, createdAt: new Date(e.created_at as string),
      classification: { classification_right: e.classification_right, classification_left: e.classification_left, desencadeamento: e.desencadeamento, agravamento: e.agravamento },
    } as unknown as Exam]));
  const records = new InMemoryProgrammeRecords();
  for (const c of await sql('select id, organization_id, name, cnpj from company where organization_id = ?')) records.upsert('companies', { id: c.id, organizationId: c.organization_id, name: c.name, cnpj: c.cnpj } as Company);
  for (const s of await sql('select id, organization_id, company_id, name from sector where organization_id = ?')) records.upsert('sectors', { id: s.id, organizationId: s.organization_id, companyId: s.company_id, name: s.name } as Sector);
  for (const g of await sql(`select id, organization_id, company_id, sector_id, name, exposure_metric, exposure_level_dba::float8 as level, exposure_dose_percent::float8 as dose, periodicity_months from ghe where organization_id = ?`)) {
    records.upsert('ghes', {
      id: g.id, organizationId: g.organization_id, companyId: g.company_id, sectorId: g.sector_id, name: g.name, periodicityMonths: g.periodicity_months,
      exposure: g.exposure_metric ? { metric: g.exposure_metric, levelDbA: g.level, dosePercent: g.dose, assessedAt: null, source: null } : null,
    } as Ghe);
  }
  for (const e of await sql(`select id, organization_id, patient_id, company_id, registration, sector_id, ghe_id, admission_date::text as a, dismissal_date::text as d, start_date::text as s, end_date::text as e from employment where organization_id = ?`)) {
    records.upsert('employments', {
      id: e.id, organizationId: e.organization_id, patientId: e.patient_id, companyId: e.company_id, registration: e.registration, jobTitle: null, sectorId: e.sector_id,
      gheId: e.ghe_id, admissionDate: e.a, dismissalDate: e.d, startDate: e.s, endDate: e.e,
    } as Employment);
  }
  return new InMemoryProgrammeQueries({ patients: { rows: patients }, exams: { rows: exams }, records: () => records });
}

/** A small deterministic PRNG (the sequence is the same on every run; a failure names its seed). */
function prng(seed: number) {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

describe('the projection after a random sequence of writes equals a recomputation from scratch', () => {
  for (const seed of [7, 1919]) {
    it(`seed ${seed}: exams added, moved and removed, transfers, exposure changes, dismissals, archive and restore`, async () => {
      const db = dbOf();
      const sql = (q: string, params: unknown[] = []) => db.orm.em.getConnection().execute(q, params);
      const records = sqlRecords(db);
      const r = prng(seed);
      const org = randomUUID();
      await sql('insert into organization (id, name, created_at) values (?, ?, now())', [org, 'Aleatória']);
      const em = () => db.orm.em.fork();
      const queries = new MikroOrmProgrammeQueries(em);
      const projection = new MikroOrmProgrammeProjection(em);

      const companies = [aCompany(org, { name: 'Alfa', cnpj: '11222333000181' }), aCompany(org, { name: 'Bravo' })];
      for (const c of companies) await records.company(c);
      const sectors = companies.map((c) => aSector(org, c.id, `Setor ${c.name}`));
      for (const s of sectors) await records.sector(s);
      const ghes = companies.flatMap((c, i) => [0, 1, 2].map((k) => aGhe(org, c.id, { name: `GHE ${i}${k}`, sectorId: k === 0 ? sectors[i].id : null, exposure: lavg([92, 81, 70][k]), periodicityMonths: [12, 6, 12][k] })));
      for (const g of ghes) await records.ghe(g);
      const date = (from: number, span: number) => addDays('2022-01-01', from + r.int(span));
      const workers: string[] = [];
      const periods = new Map<string, Employment[]>();
      for (let i = 0; i < 40; i++) {
        const id = randomUUID();
        workers.push(id);
        await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, ?, 'M', now(), now())`, [id, org, `Trabalhador ${String(i).padStart(2, '0')}`]);
        if (i % 10 !== 9) {
          const c = r.int(2);
          const admission = date(0, 1400);
          const e = anEmployment(org, id, companies[c].id, { gheId: ghes[c * 3 + r.int(3)].id, admissionDate: admission, startDate: admission, registration: `R${i}` });
          await records.employment(e);
          periods.set(id, [e]);
        }
      }
      const exams: Array<{ id: string; patientId: string }> = [];
      const classifications = [{}, { classification_right: 'aceitavel', classification_left: 'aceitavel' }, { classification_right: 'sugestivo_painpse', desencadeamento: true },
        { classification_left: 'nao_sugestivo', agravamento: true }, { classification_right: 'sugestivo_painpse', classification_left: 'nao_sugestivo' }];
      const addExam = async (patientId: string) => {
        const id = randomUUID();
        await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, ${OUTCOME_COLUMNS}, rules_version, created_at, updated_at)
          values (?, ?, ?, ?, limiar_audiogram_bytes('{}'), ?, ?, ?, ?, 'r', clock_timestamp(), clock_timestamp())`, [id, org, patientId, date(0, 1700), ...outcomeValues(r.pick(classifications))]);
        exams.push({ id, patientId });
      };
      for (let i = 0; i < 120; i++) await addExam(r.pick(workers));
      // bulk: one statement inserting exams for many workers (the statement-level trigger's transition table)
      await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification_right, rules_version, created_at, updated_at)
        select gen_random_uuid(), ?, p.id, date '2025-09-01' + (row_number() over (order by p.id))::int, limiar_audiogram_bytes('{}'), 'aceitavel', 'r', now(), now()
        from patient p where p.organization_id = ? and p.name like '%5'`, [org, org]);

      let today = '2026-06-15';
      const compare = async (label: string) => {
        await projection.refresh(org, today);
        const reference = await recomputed(db, org);
        const window = { from: addDays(today, -365), to: today };
        const years = { fromYear: Number(today.slice(0, 4)) - 4, toYear: Number(today.slice(0, 4)) }; // the trend the use case asks (stored years: those)
        for (const filter of [{}, { companyId: companies[0].id }, { gheId: ghes[1].id }, { sectorId: sectors[1].id }]) {
          expect(await queries.overview(org, filter, today), `${label} overview ${JSON.stringify(filter)}`).toEqual(await reference.overview(org, filter, today));
          expect(await queries.prevalence(org, filter, today, window, years), `${label} prevalence ${JSON.stringify(filter)}`).toEqual(await reference.prevalence(org, filter, today, window, years));
        }
        for (const state of [undefined, 'vencido', 'sem_referencia', 'due90'] as const) {
          expect(await queries.workers(org, { state }, today, { limit: 1000, offset: 0 }), `${label} workers ${state}`).toEqual(await reference.workers(org, { state }, today, { limit: 1000, offset: 0 }));
        }
      };
      await compare('initial');

      const ops = [
        async () => addExam(r.pick(workers)),
        async () => {
          const [e] = exams.splice(r.int(exams.length), 1);
          if (e) await sql('delete from exam where id = ?', [e.id]);
        },
        async () => {
          const e = r.pick(exams);
          if (e) await sql('update exam set exam_date = ? where id = ?', [date(0, 1700), e.id]);
        },
        async () => { // a transfer to another GHE of the same company
          const id = r.pick([...periods.keys()]);
          const list = periods.get(id)!;
          const current = list.at(-1)!;
          const on = addDays(current.startDate, 1 + r.int(600));
          if (current.endDate !== null || (current.dismissalDate && on > current.dismissalDate)) return;
          const company = companies.findIndex((c) => c.id === current.companyId);
          const closed = { ...current, endDate: on };
          const next = anEmployment(org, id, current.companyId, { gheId: ghes[company * 3 + r.int(3)].id, admissionDate: current.admissionDate, startDate: on, dismissalDate: current.dismissalDate });
          await records.employment(closed);
          await records.employment(next);
          periods.set(id, [...list.slice(0, -1), closed, next]);
        },
        async () => { // exposure or periodicity of a GHE
          const g = r.pick(ghes);
          Object.assign(g, { exposure: r.next() < 0.2 ? null : lavg(r.pick([70, 80, 84, 90])), periodicityMonths: r.pick([6, 12]) });
          await records.ghe(g);
        },
        async () => { // a dismissal date (past or ahead)
          const id = r.pick([...periods.keys()]);
          const list = periods.get(id)!;
          const dismissal = addDays(today, r.int(120) - 60);
          if (list.some((p) => p.startDate > dismissal)) return;
          const updated = list.map((p) => ({ ...p, dismissalDate: dismissal }));
          for (const p of updated) await records.employment(p);
          periods.set(id, updated);
        },
        async () => sql('update patient set archived_at = case when archived_at is null then now() else null end where id = ?', [r.pick(workers)]),
      ];
      for (let round = 0; round < 6; round++) {
        for (let k = 0; k < 10; k++) await r.pick(ops)();
        await compare(`round ${round}`);
      }
      // time passes: rows past valid_until (dismissals, period starts, future exams) refresh by themselves
      for (const later of ['2026-07-20', '2026-09-01', '2027-01-10']) {
        today = later;
        await compare(`on ${later}`);
      }
      // and the stored projection equals a rebuild from nothing
      const snapshot = async () => ({
        // computed_for is the day of the last computation, not part of what the row says
        workers: await sql('select patient_id, employment_id, company_id, sector_id, ghe_id, exposed, due_date, reason, last_exam_date, without_reference, valid_until from programme_worker where organization_id = ? order by patient_id', [org]),
        // the years the trend reads (a row computed last year may still hold one year more, never read)
        years: await sql('select * from programme_worker_year where organization_id = ? and year >= ? order by patient_id, year', [org, Number(today.slice(0, 4)) - 4]),
        counts: await sql(`select company_id, sector_id, ghe_id, year, examined, sugestivo, desencadeamento, agravamento from programme_year_count
          where organization_id = ? and year >= ? and (examined, sugestivo, desencadeamento, agravamento) <> (0, 0, 0, 0) order by 1, 2, 3, 4`, [org, Number(today.slice(0, 4)) - 4]),
      });
      const incremental = await snapshot();
      await sql('delete from programme_worker where organization_id = ?', [org]);
      await sql('delete from programme_worker_year where organization_id = ?', [org]);
      await sql('delete from programme_year_count where organization_id = ?', [org]);
      await projection.markAll(org);
      await projection.refresh(org, today);
      expect(await snapshot()).toEqual(incremental);
      expect(incremental.workers.length).toBeGreaterThan(20);
      expect(incremental.counts.length).toBeGreaterThan(5);
    });
  }
});

describe('MikroOrmProgrammeProjection (PostgreSQL)', () => {
  it('marks the workers of a bulk insert in one statement and refreshes only what changed', async () => {
    const db = dbOf();
    const sql = (q: string, params: unknown[] = []) => db.orm.em.getConnection().execute(q, params);
    const org = randomUUID();
    await sql('insert into organization (id, name, created_at) values (?, ?, now())', [org, 'Lote']);
    await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) select gen_random_uuid(), ?, 'T' || n, 'F', now(), now() from generate_series(1, 300) n`, [org]);
    const projection = new MikroOrmProgrammeProjection(() => db.orm.em.fork());
    // workers with neither exams nor employment have nothing to project
    expect(await projection.refresh(org, '2026-06-15')).toEqual({ refreshed: 0 });
    await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification_left, agravamento, rules_version, created_at, updated_at)
      select gen_random_uuid(), organization_id, id, date '2026-01-01', limiar_audiogram_bytes('{}'), 'sugestivo_painpse', true, 'r', now(), now()
      from patient p, generate_series(1, 2) k where organization_id = ? and name like 'T1%'`, [org]);
    const [{ marked }] = await sql('select count(*)::int as marked from programme_dirty where organization_id = ?', [org]);
    expect(marked).toBe(111); // T1, T10–T19, T100–T199
    expect(await projection.refresh(org, '2026-06-15')).toEqual({ refreshed: 111 });
    const [year] = await sql(`select count(*)::int as n, bool_and(result = 'sugestivo' and agravamento) as all_flagged from programme_worker_year where organization_id = ? and year = 2026`, [org]);
    expect(year).toEqual({ n: 111, all_flagged: true });
    // an update that changes nothing the read model reads marks no one
    await sql(`update exam set operator_name = 'Outro' where organization_id = ?`, [org]);
    expect(await projection.refresh(org, '2026-06-15')).toEqual({ refreshed: 0 });
  });

  it('derives the exam columns as core resultOf does', async () => {
    const db = dbOf();
    const sql = (q: string, params: unknown[] = []) => db.orm.em.getConnection().execute(q, params);
    const docs = [{}, { classification_right: 'aceitavel' }, { classification_right: 'aceitavel', classification_left: 'nao_sugestivo' }, { classification_left: 'sugestivo_painpse', classification_right: 'nao_sugestivo' },
      { desencadeamento: true, agravamento: 'true' }, { desencadeamento: null, agravamento: true }, { classification_right: 'indeterminado' }];
    const org = randomUUID();
    const patient = randomUUID();
    await sql('insert into organization (id, name, created_at) values (?, ?, now())', [org, 'Colunas']);
    await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, 'C', 'M', now(), now())`, [patient, org]);
    for (const [i, doc] of docs.entries()) {
      await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, ${OUTCOME_COLUMNS}, rules_version, created_at, updated_at) values (?, ?, ?, ?, limiar_audiogram_bytes('{}'), ?, ?, ?, ?, 'r', now(), now())`,
        [randomUUID(), org, patient, `2026-01-${String(i + 1).padStart(2, '0')}`, ...outcomeValues(doc)]);
    }
    const stored = await sql('select exam_result as result, desencadeamento, agravamento from exam where patient_id = ? order by exam_date', [patient]);
    expect(stored).toEqual(docs.map((d) => resultOf(d)));
  });
});

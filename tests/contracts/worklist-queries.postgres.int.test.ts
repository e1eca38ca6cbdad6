import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MikroOrmWorklistQueries } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-worklist-queries';
import { QueryWorklist } from '../../core/src';
import { MikroOrmExamReadingRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-exam-reading-repository';
import { MikroOrmReportRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-report-repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { postgresTenantFixtures } from './postgres-fixtures';
import { worklistQueriesContract } from './worklist-queries.contract';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

const sql = (q: string, params: unknown[] = []) => db.orm.em.getConnection().execute(q, params);
const FILLED = JSON.stringify({ air: { 500: { re: 20, le: 15 }, 4000: { re: 45, le: 40 } }, bone: {} });

async function org() {
  const id = randomUUID();
  await sql('insert into organization (id, name, created_at) values (?, ?, now())', [id, 'Clínica']);
  const pro = randomUUID();
  await sql(`insert into professional (id, organization_id, name, email, notification_preferences, created_at, updated_at) values (?, ?, 'Dra. Lista', ?, '{}', now(), now())`, [pro, id, `${pro}@example.com`]);
  return { id, pro };
}

/** The group definitions are the contract (worklist-queries.contract.ts, below); this file adds what only SQL can show. */
describe('MikroOrmWorklistQueries (PostgreSQL)', () => {
  it('answers the whole worklist of 400 exams in four statements, quickly', async () => {
    const o = await org();
    // 100 workers × 4 exams (bulk insert); every 3rd latest exam shows desencadeamento, every 5th has a draft laudo.
    await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at)
      select gen_random_uuid(), ?, 'Trabalhador ' || n, 'M', now(), now() from generate_series(1, 100) n`, [o.id]);
    await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, desencadeamento, rules_version, created_at, updated_at)
      select gen_random_uuid(), ?, p.id, date '2022-01-01' + (k * 200), limiar_audiogram_bytes(?::jsonb),
        k = 3 and (row_number() over (order by p.id, k)) % 3 = 0, 'test', now(), now()
      from patient p cross join generate_series(0, 3) k where p.organization_id = ?`, [o.id, FILLED, o.id]);
    await sql(`insert into report (id, organization_id, patient_id, exam_id, doctor_name, type, status, draft_json, created_at, updated_at)
      select gen_random_uuid(), e.organization_id, e.patient_id, e.id, 'Dra.', 'simple', 'Draft', '{}', now(), now()
      from (select e.*, row_number() over (order by e.id) n from exam e where e.organization_id = ?) e where e.n % 5 = 0`, [o.id]);
    // Every statement of the adapter goes through its entity manager's connection: count them.
    const em = db.orm.em.fork();
    const connection = em.getConnection();
    const execute = vi.spyOn(connection, 'execute');
    const counted = new Proxy(em, { get: (target, key) => (key === 'getConnection' ? () => connection : Reflect.get(target, key)) });
    const started = performance.now();
    const list = await new QueryWorklist(new MikroOrmWorklistQueries(() => counted)).all({ organizationId: o.id, userId: o.pro } as never, { limit: 5 });
    const ms = performance.now() - started;
    expect(execute).toHaveBeenCalledTimes(4);
    execute.mockRestore();
    expect(ms).toBeLessThan(2000);
    const [{ reports }] = await sql('select count(*)::int as reports from report where organization_id = ?', [o.id]);
    expect(list.examsWithoutReport.total).toBe(400 - reports);
    expect(list.draftReports.total).toBe(reports);
    expect(list.examsWithoutReport.items).toHaveLength(5);
    const [{ expected }] = await sql(`select count(*)::int as expected from exam e where e.organization_id = ? and e.desencadeamento
      and not exists (select 1 from report r join exam re on re.id = r.exam_id where r.patient_id = e.patient_id and re.exam_date >= e.exam_date)`, [o.id]);
    expect(expected).toBeGreaterThan(0);
    expect(list.unaddressedChanges.total).toBe(expected);
  });
});

describe('MikroOrmWorklistQueries (PostgreSQL): the contract the in-memory twin also passes', () => {
  worklistQueriesContract(async () => {
    const em = () => db.orm.em.fork();
    return { ...(await postgresTenantFixtures(db)), reports: new MikroOrmReportRepository(em), readings: new MikroOrmExamReadingRepository(em), worklist: new MikroOrmWorklistQueries(em) };
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MikroOrmWorklistQueries } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-worklist-queries';
import { QueryWorklist } from '../../core/src';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

const sql = (q: string, params: unknown[] = []) => db.orm.em.getConnection().execute(q, params);
const FILLED = JSON.stringify({ air: { 500: { re: 20, le: 15 }, 4000: { re: 45, le: 40 } }, bone: {} });
const EMPTY = JSON.stringify({ air: { 500: { re: null, le: null } }, bone: {} });

async function org() {
  const id = randomUUID();
  await sql('insert into organization (id, name, created_at) values (?, ?, now())', [id, 'Clínica']);
  const pro = randomUUID();
  await sql(`insert into professional (id, organization_id, name, email, notification_preferences, created_at, updated_at) values (?, ?, 'Dra. Lista', ?, '{}', now(), now())`, [pro, id, `${pro}@example.com`]);
  return { id, pro };
}
async function patient(orgId: string, name: string, archived = false) {
  const id = randomUUID();
  await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at, archived_at) values (?, ?, ?, 'F', now(), now(), ?)`, [id, orgId, name, archived ? new Date() : null]);
  return id;
}
async function exam(orgId: string, patientId: string, date: string, opts: { filled?: boolean; classification?: object; ambiente?: object } = {}) {
  const id = randomUUID();
  await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification, rules_version, ambiente_json, created_at, updated_at)
    values (?, ?, ?, ?, ?::jsonb, ?::jsonb, 'test', ?, now(), now())`,
    [id, orgId, patientId, date, opts.filled === false ? EMPTY : FILLED, JSON.stringify(opts.classification ?? {}), opts.ambiente ? JSON.stringify(opts.ambiente) : null]);
  return id;
}
async function report(orgId: string, patientId: string, examId: string, status: 'Draft' | 'Finalizado') {
  const id = randomUUID();
  await sql(`insert into report (id, organization_id, patient_id, exam_id, doctor_name, type, status, draft_json, created_at, updated_at)
    values (?, ?, ?, ?, 'Dra. Lista', 'simple', ?, '{}', now(), now())`, [id, orgId, patientId, examId, status]);
  return id;
}
async function heldReading(orgId: string, examId: string, status = 'pending') {
  const id = randomUUID();
  await sql(`insert into exam_reading (id, organization_id, exam_id, file_name, status, reasons, reading, identity_check, confidence, created_at)
    values (?, ?, ?, 'outro.pdf', ?, '["identity_mismatch"]', '{}', '{}', 'high', now())`, [id, orgId, examId, status]);
  return id;
}

describe('MikroOrmWorklistQueries (PostgreSQL)', () => {
  it('lists each group as defined, leaving archived workers and other organisations out', async () => {
    const o = await org();
    const ana = await patient(o.id, 'Ana');
    const e1 = await exam(o.id, ana, '2024-01-10');
    await report(o.id, ana, e1, 'Finalizado');
    const e2 = await exam(o.id, ana, '2025-03-01', { classification: { desencadeamento: true, agravamento: false } });
    const bruno = await patient(o.id, 'Bruno');
    const e3 = await exam(o.id, bruno, '2025-02-01', { classification: { agravamento: true } });
    const draft = await report(o.id, bruno, e3, 'Draft');
    const carla = await patient(o.id, 'Carla Arquivada', true);
    const e4 = await exam(o.id, carla, '2025-01-01', { classification: { desencadeamento: true } });
    await heldReading(o.id, e4);
    const davi = await patient(o.id, 'Davi');
    const e5 = await exam(o.id, davi, '2025-04-01', { filled: false, ambiente: { analysisFailed: true, confidence: 'unknown' } });
    const e6 = await exam(o.id, davi, '2024-04-01');
    const held = await heldReading(o.id, e6);
    await heldReading(o.id, e6, 'applied');
    const eva = await patient(o.id, 'Eva');
    await exam(o.id, eva, '2024-05-01', { classification: { desencadeamento: true } });
    await exam(o.id, eva, '2025-05-01', { classification: { desencadeamento: false, agravamento: false } });
    const other = await org();
    const otherPatient = await patient(other.id, 'Outra');
    await exam(other.id, otherPatient, '2025-01-01', { classification: { desencadeamento: true } });

    const list = await new QueryWorklist(new MikroOrmWorklistQueries(() => db.orm.em.fork())).all({ organizationId: o.id, userId: o.pro } as never, { limit: 10 });
    expect(list.examsWithoutReport.total).toBe(5);
    expect(list.examsWithoutReport.items.map((i) => [i.patientName, i.examDate, i.hasThresholds])).toEqual([
      ['Eva', '2025-05-01', true], ['Davi', '2025-04-01', false], ['Ana', '2025-03-01', true], ['Eva', '2024-05-01', true], ['Davi', '2024-04-01', true],
    ]);
    expect(list.examsWithoutReport.items.some((i) => i.examId === e3 || i.examId === e1 || i.examId === e4)).toBe(false);
    expect(list.draftReports).toMatchObject({ total: 1, items: [{ reportId: draft, examId: e3, patientName: 'Bruno', type: 'simple' }] });
    expect(list.readingsToReview.total).toBe(2);
    expect(list.readingsToReview.items.map((i) => [i.kind, i.examId, i.readingId])).toEqual(expect.arrayContaining([['pending', e6, held], ['failed', e5, null]]));
    expect(list.readingsToReview.items.find((i) => i.kind === 'pending')).toMatchObject({ fileName: 'outro.pdf', reasons: ['identity_mismatch'], confidence: 'high' });
    expect(list.unaddressedChanges).toMatchObject({ total: 1, items: [{ patientId: ana, examId: e2, desencadeamento: true, agravamento: false }] });

    // A draft laudo on the latest exam addresses it.
    await report(o.id, ana, e2, 'Draft');
    const after = await new MikroOrmWorklistQueries(() => db.orm.em.fork()).page(o.id, 'unaddressedChanges', { limit: 5, offset: 0 });
    expect(after).toEqual({ total: 0, items: [] });
  });

  it('pages: the count stays whole when the slice is empty', async () => {
    const o = await org();
    const p = await patient(o.id, 'Paginada');
    for (const d of ['2025-01-01', '2025-01-02', '2025-01-03']) await exam(o.id, p, d);
    const q = new MikroOrmWorklistQueries(() => db.orm.em.fork());
    expect((await q.page(o.id, 'examsWithoutReport', { limit: 2, offset: 0 })).items.map((i) => i.examDate)).toEqual(['2025-01-03', '2025-01-02']);
    expect((await q.page(o.id, 'examsWithoutReport', { limit: 2, offset: 2 })).items.map((i) => i.examDate)).toEqual(['2025-01-01']);
    expect(await q.page(o.id, 'examsWithoutReport', { limit: 2, offset: 10 })).toEqual({ total: 3, items: [] });
  });

  it('answers the whole worklist of 400 exams in four statements, quickly', async () => {
    const o = await org();
    // 100 workers × 4 exams (bulk insert); every 3rd latest exam shows desencadeamento, every 5th has a draft laudo.
    await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at)
      select gen_random_uuid(), ?, 'Trabalhador ' || n, 'M', now(), now() from generate_series(1, 100) n`, [o.id]);
    await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification, rules_version, created_at, updated_at)
      select gen_random_uuid(), ?, p.id, date '2022-01-01' + (k * 200), ?::jsonb,
        case when k = 3 and (row_number() over (order by p.id, k)) % 3 = 0 then '{"desencadeamento": true}'::jsonb else '{}'::jsonb end, 'test', now(), now()
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
    const [{ expected }] = await sql(`select count(*)::int as expected from exam e where e.organization_id = ? and e.classification->>'desencadeamento' = 'true'
      and not exists (select 1 from report r join exam re on re.id = r.exam_id where r.patient_id = e.patient_id and re.exam_date >= e.exam_date)`, [o.id]);
    expect(expected).toBeGreaterThan(0);
    expect(list.unaddressedChanges.total).toBe(expected);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyHistory, toWireAudiogram } from '../../../../../core/src';
import { driftingHistory } from '../../../../../tests/support/drifting-history';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/test-database';
import { MikroOrmExamRepository } from '../repositories/mikro-orm-patient-exam-repositories';

// Issue 22 / ADR 0025 step 2: the classification document is no longer stored; it is computed from the
// worker's history when an exam is read. Before the column is dropped, every stored document (written
// by the classifier: references, designated references, desencadeamento, agravamento, indeterminate
// comparisons, NR bounds, exams sharing a date, both sexes) must equal the one computed on read after.
const BEFORE = 'Migration20261129020000ClassificationColumns';
const ORG = randomUUID();
let db: TestDatabase;
const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => db.orm.em.getConnection().execute<T[]>(q, params);
const stored = new Map<string, { patientId: string; doc: unknown }>();

beforeAll(async () => {
  db = await createTestDatabase({ migrateTo: BEFORE });
  await sql('insert into organization (id, name, created_at) values (?, ?, now())', [ORG, 'Clínica']);
  for (let w = 0; w < 30; w++) {
    const patient = randomUUID();
    const sex = ['M', 'F', 'O'][w % 3] as 'M' | 'F' | 'O';
    await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, ?, ?, now(), now())`, [patient, ORG, `Trabalhador ${w}`, sex]);
    const exams = driftingHistory(w);
    for (const c of classifyHistory(exams, { sex })) {
      stored.set(c.exam.id, { patientId: patient, doc: JSON.parse(c.classificationJson) });
      await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification, rules_version, acoustic_rest_hours, calibration_date, reference_designation, created_at, updated_at)
        values (?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?::jsonb, ?, now())`,
      [c.exam.id, ORG, patient, c.exam.date, JSON.stringify(toWireAudiogram(c.exam.right, c.exam.left)), c.classificationJson, c.rulesVersion, c.exam.acousticRestHours, c.exam.calibrationDate,
        c.exam.referenceDesignation ? JSON.stringify(c.exam.referenceDesignation) : null, c.exam.createdAt]);
    }
  }
  // the documents as stored, read back by PostgreSQL (jsonb), before the migration drops them
  for (const r of await sql<{ id: string; classification: unknown }>('select id, classification from exam')) stored.get(r.id)!.doc = r.classification;
  // to the latest schema: the repository below is today's (ADR 0026 stores the thresholds as bytes)
  await db.orm.getMigrator().up();
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

describe('Migration20261129030000ClassificationOnRead', () => {
  it('drops the stored document; every exam read computes the document that was stored', async () => {
    const columns = await sql<{ n: number }>(`select count(*)::int as n from information_schema.columns where table_name = 'exam' and column_name = 'classification'`);
    expect(columns[0].n).toBe(0);
    const repository = new MikroOrmExamRepository(() => db.orm.em.fork());
    const patients = [...new Set([...stored.values()].map((s) => s.patientId))];
    let compared = 0;
    for (const patientId of patients) {
      for (const exam of await repository.listForPatient(ORG, patientId)) {
        expect(exam.classification, exam.id).toEqual(stored.get(exam.id)!.doc);
        compared++;
      }
    }
    expect(compared).toBe(stored.size);
    // every exam by id (which classifies only that exam, walking the history up to it), and the pages of the list, compute the same
    for (const [id, { doc }] of stored) expect((await repository.findById(ORG, id))?.exam.classification, id).toEqual(doc);
    for (let offset = 0; offset < stored.size; offset += 25) {
      const page = await repository.list({ organizationId: ORG, limit: 25, offset });
      for (const v of page.items) expect(v.exam.classification, v.exam.id).toEqual(stored.get(v.exam.id)!.doc);
    }
    // the history covered what the document can say
    const docs = [...stored.values()].map((s) => s.doc as Record<string, unknown>);
    expect(docs.some((d) => d.desencadeamento === true)).toBe(true);
    expect(docs.some((d) => d.agravamento === true)).toBe(true);
    expect(docs.some((d) => d.exam_role === 'referencia' && d.reference_designation_reason)).toBe(true);
    expect(docs.some((d) => Array.isArray(d.alerts) && d.alerts.length > 1)).toBe(true);
    expect(docs.some((d) => d.exam_role === 'sem_limiares')).toBe(true);
  });
});

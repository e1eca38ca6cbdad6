import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyHistory } from '../../../../../core/src';
import { driftingHistory } from '../../../../../tests/support/drifting-history';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/test-database';
import { CLASSIFICATION_COLUMNS, classificationRow } from '../../classification-row';

// Issue 22 / ADR 0025: the migration converts every stored classification document into the typed
// columns in SQL. Over histories the classifier wrote (references, desencadeamento, agravamento,
// indeterminate comparisons, NR bounds, exams sharing a date), the converted columns must be exactly
// what core's `classificationColumns` reads from the same documents.
const BEFORE = 'Migration20261128000200EsocialEventIds';
const ORG = randomUUID();
let db: TestDatabase;
const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => db.orm.em.getConnection().execute<T[]>(q, params);
const docs = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  db = await createTestDatabase({ migrateTo: BEFORE });
  await sql('insert into organization (id, name, created_at) values (?, ?, now())', [ORG, 'Clínica']);
  for (let w = 0; w < 40; w++) {
    const patient = randomUUID();
    await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, ?, ?, now(), now())`, [patient, ORG, `Trabalhador ${w}`, w % 2 ? 'M' : 'F']);
    const exams = driftingHistory(w);
    for (const c of classifyHistory(exams, { sex: w % 2 ? 'M' : 'F' })) {
      docs.set(c.exam.id, JSON.parse(c.classificationJson));
      await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification, rules_version, created_at, updated_at)
        values (?, ?, ?, ?, '{"air":{},"bone":{}}'::jsonb, ?::jsonb, ?, ?, now())`, [c.exam.id, ORG, patient, c.exam.date, c.classificationJson, c.rulesVersion, c.exam.createdAt]);
    }
  }
  await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification, rules_version, created_at, updated_at)
    select ?, ?, id, '2020-01-01', '{"air":{},"bone":{}}'::jsonb, '{}'::jsonb, 'x', now(), now() from patient limit 1`, [randomUUID(), ORG]);
  await db.orm.getMigrator().up({ to: 'Migration20261129020000ClassificationColumns' });
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

describe('Migration20261129020000ClassificationColumns', () => {
  it("converts every stored document into exactly the columns core reads from it (and '{}' into empty ones)", async () => {
    const rows = await sql<Record<string, unknown>>(`select id, ${CLASSIFICATION_COLUMNS.map((c) => (c === 'reference_date' ? `${c}::text` : c)).join(', ')}, exam_result from exam`);
    expect(rows.length).toBe(docs.size + 1);
    let alerted = 0;
    for (const r of rows) {
      const doc = docs.get(r.id as string) ?? {};
      const { id: _id, exam_result: _r, ...columns } = r;
      expect(columns, String(r.id)).toEqual(classificationRow(doc));
      if ((r.classification_bits as number) & 1023) alerted++;
    }
    expect(alerted).toBeGreaterThan(10);
    const kinds = await sql<{ d: number; a: number; shared: number; bounds: number }>(`select count(*) filter (where desencadeamento)::int as d, count(*) filter (where agravamento)::int as a,
      count(*) filter (where classification_bits & ${1 << 18} <> 0)::int as shared, count(*) filter (where classification_bits & ${15 << 12} <> 0)::int as bounds from exam`);
    expect(Object.values(kinds[0]).every((n) => n > 0), JSON.stringify(kinds[0])).toBe(true);
  });

  it('keeps the worker outcome the dashboards read (exam_result from the two classes)', async () => {
    const r = await sql<{ n: number }>(`select count(*)::int as n from exam where exam_result is distinct from case
      when classification->>'classification_right' = 'sugestivo_painpse' or classification->>'classification_left' = 'sugestivo_painpse' then 'sugestivo'
      when classification->>'classification_right' = 'nao_sugestivo' or classification->>'classification_left' = 'nao_sugestivo' then 'nao_sugestivo'
      when classification->>'classification_right' = 'aceitavel' or classification->>'classification_left' = 'aceitavel' then 'dentro_limites' end`);
    expect(r[0].n).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIR_FREQUENCIES, classifyHistory, noResponse, type Threshold } from '../../../../../core/src';
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

function history(worker: number) {
  const dates = Array.from({ length: 7 }, (_, k) => `${2010 + (k === 4 ? 3 : k)}-0${1 + (worker % 9)}-15`); // exams 3 and 4 share a date
  const ear = (k: number, side: number) => {
    const air: Record<number, Threshold> = {};
    AIR_FREQUENCIES.forEach((hz, i) => {
      const base = ((worker * 5 + i * 3 + side) % 6) * 5 - 10;
      const shift = hz >= 3000 && hz <= 6000 ? k * ((worker + side + i) % 4) * 5 : 0;
      if ((worker + k + i) % 13 === 0) return;
      air[hz] = (worker * 3 + k * i) % 17 === 0 ? noResponse(Math.min(120, base + shift + 70)) : Math.min(120, base + shift);
    });
    return { air };
  };
  return dates.map((date, k) => ({ id: randomUUID(), date, right: ear(k, 0), left: ear(k, 1), acousticRestHours: 14, calibrationDate: null, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, k)), referenceDesignation: null }));
}

beforeAll(async () => {
  db = await createTestDatabase({ migrateTo: BEFORE });
  await sql('insert into organization (id, name, created_at) values (?, ?, now())', [ORG, 'Clínica']);
  for (let w = 0; w < 40; w++) {
    const patient = randomUUID();
    await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, ?, ?, now(), now())`, [patient, ORG, `Trabalhador ${w}`, w % 2 ? 'M' : 'F']);
    const exams = history(w);
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

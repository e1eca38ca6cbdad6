import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIR_FREQUENCIES, BONE_FREQUENCIES, fromWireAudiogram, noResponse, toWireAudiogram, type EarAudiogram, type Threshold } from '../../../../../core/src';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/test-database';
import { MikroOrmExamRepository } from '../repositories/mikro-orm-patient-exam-repositories';
import { PgExamImportSink } from '../../bulk/pg-exam-import-sink';
import { decodeStoredAudiogram, encodeStoredAudiogram } from '../../stored-audiogram';

// Issue 22 / ADR 0026: the exam row keeps its thresholds as bytes and its natural key as 16 bytes.
// Rows are written as the previous version wrote them (the jsonb wire shape, 64-hex keys), migrated
// in SQL, and read back: every exam must give back exactly what the wire shape gave back.
const BEFORE = 'Migration20261129030000ClassificationOnRead';
const ORG = randomUUID();
const PATIENT = randomUUID();
let db: TestDatabase;
const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => db.orm.em.getConnection().execute<T[]>(q, params);

const grid = fc.integer({ min: -2, max: 24 }).map((n) => n * 5);
const tenths = fc.integer({ min: -100, max: 1500 }).map((n) => n / 10);
const threshold = (v: fc.Arbitrary<number>): fc.Arbitrary<Threshold | undefined> => fc.oneof(
  { weight: 5, arbitrary: v }, { weight: 1, arbitrary: v.map((x) => noResponse(x)) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constant(undefined) });
const map = (hzs: readonly number[], v: fc.Arbitrary<number>) => fc.tuple(...hzs.map(() => threshold(v)))
  .map((ts) => Object.fromEntries(hzs.flatMap((hz, i) => (ts[i] === undefined ? [] : [[hz, ts[i]]]))) as Record<number, Threshold>);
const ear = (v: fc.Arbitrary<number>): fc.Arbitrary<EarAudiogram> => fc.record({ air: map(AIR_FREQUENCIES, v), bone: fc.option(map(BONE_FREQUENCIES, v), { nil: undefined }) })
  .map(({ air, bone }) => (bone ? { air, bone } : { air }));
/** 300 exams: on the grid (most), with off-grid values (some), every shape of bone. */
const exams = fc.sample(fc.oneof({ weight: 4, arbitrary: fc.tuple(ear(grid), ear(grid)) }, { weight: 1, arbitrary: fc.tuple(ear(tenths), ear(tenths)) }), { numRuns: 300, seed: 2230 })
  .map(([right, left], i) => ({ id: randomUUID(), right, left, key: createHash('sha256').update(`exame ${i}`).digest('hex') }));

/**
 * Wire texts as earlier versions, other writers or hand edits may have left them, beyond what
 * `toWireAudiogram` writes: a conduction absent or null, frequencies and ears left out, numbers written
 * as 5.0, no-responses with a decimal, keys in another order.
 */
const OTHER_SHAPES = [
  '{"air": {"500": {"re": 10, "le": 15}}}',
  '{"air": {"500": {"re": 10}, "4000": {"le": 45}}, "bone": null}',
  '{"bone": {"500": {"re": 5, "le": null}}, "air": {"1000": {"le": 5.0, "re": 0}}}',
  '{"air": {"8000": {"re": {"nr": 117.5}, "le": {"nr": 120}}, "250": {"re": -10, "le": 120}}, "bone": {}}',
  '{"air": {}, "bone": {"4000": {"re": null, "le": null}}}',
  '{"air": null, "bone": null}',
].map((text) => ({ id: randomUUID(), text }));

beforeAll(async () => {
  db = await createTestDatabase({ migrateTo: BEFORE });
  await sql('insert into organization (id, name, created_at) values (?, ?, now())', [ORG, 'Clínica']);
  await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, 'Ana', 'F', now(), now())`, [PATIENT, ORG]);
  for (const [i, e] of exams.entries()) {
    // every third exam typed in the app (no key); one imported before keys were digests (a plain text key)
    const key = i % 3 === 0 ? null : i === 1 ? 'chave-antiga' : e.key;
    await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, rules_version, natural_key, created_at, updated_at)
      values (?, ?, ?, date '2020-01-01' + ?::int, ?::jsonb, 'r', ?, now(), now())`, [e.id, ORG, PATIENT, i, JSON.stringify(toWireAudiogram(e.right, e.left)), key]);
  }
  for (const [i, o] of OTHER_SHAPES.entries()) {
    await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, rules_version, created_at, updated_at)
      values (?, ?, ?, date '2010-01-01' + ?::int, ?::jsonb, 'r', now(), now())`, [o.id, ORG, PATIENT, i, o.text]);
  }
  await db.orm.getMigrator().up();
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

describe('Migration20261130000000CompactExamRow', () => {
  it('reads every exam back as the wire shape gave it, stored in 16–52 bytes', async () => {
    const repository = new MikroOrmExamRepository(() => db.orm.em.fork());
    const stored = await repository.listAudiometryForPatient(ORG, PATIENT);
    expect(stored).toHaveLength(exams.length + OTHER_SHAPES.length);
    const byId = new Map(stored.map((s) => [s.id, s]));
    for (const e of exams) {
      const back = byId.get(e.id)!;
      expect({ right: back.right, left: back.left }).toEqual(fromWireAudiogram(toWireAudiogram(e.right, e.left)));
    }
    const sizes = await sql<{ b: number; n: number }>('select length(audiogram) as b, count(*)::int as n from exam group by 1 order by 1');
    expect(sizes.every((s) => [16, 26, 32, 52].includes(s.b))).toBe(true);
    // narrow with and without bone, and the wide form (values off the grid) all occur
    expect(sizes.map((s) => s.b)).toEqual(expect.arrayContaining([16, 26]));
    expect(sizes.some((s) => s.b >= 32)).toBe(true);
  });

  it('reads the other shapes of the wire text back as the former reading of the wire shape did', async () => {
    const byId = new Map((await new MikroOrmExamRepository(() => db.orm.em.fork()).listAudiometryForPatient(ORG, PATIENT)).map((s) => [s.id, s]));
    for (const o of OTHER_SHAPES) {
      const back = byId.get(o.id)!;
      expect({ right: back.right, left: back.left }, o.text).toEqual(fromWireAudiogram(JSON.parse(o.text)));
    }
  });

  it('converts in SQL exactly as the adapter encodes, and back to the wire shape', async () => {
    const rows = await sql<{ id: string; audiogram: Buffer; wire: unknown }>('select id, audiogram, limiar_audiogram_jsonb(audiogram) as wire from exam where id <> all(?::uuid[])', [`{${OTHER_SHAPES.map((o) => o.id).join(',')}}`]);
    const byId = new Map<string, (typeof exams)[number]>(exams.map((e) => [e.id, e]));
    for (const r of rows) {
      const e = byId.get(r.id)!;
      expect(r.audiogram.toString('hex')).toBe(encodeStoredAudiogram(e.right, e.left).toString('hex'));
      expect(fromWireAudiogram(r.wire as never)).toEqual(decodeStoredAudiogram(r.audiogram));
    }
  });

  it('keeps the natural keys as the first 16 bytes of their digest: a re-import still finds them', async () => {
    const keys = await sql<{ id: string; k: string | null }>(`select id, encode(natural_key, 'hex') as k from exam`);
    const byId = new Map(keys.map((r) => [r.id, r.k]));
    expect(byId.get(exams[0].id)).toBeNull();
    expect(byId.get(exams[1].id)).toBe(createHash('sha256').update('chave-antiga').digest('hex').slice(0, 32));
    expect(byId.get(exams[2].id)).toBe(exams[2].key.slice(0, 32));
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const sink = new PgExamImportSink(pool, ORG);
    try {
      const asked = [2, 4, 5].map((i) => ({ patientId: PATIENT, naturalKey: exams[i].key.slice(0, 32) }));
      expect(await sink.batch((b) => b.existingNaturalKeys([...asked, { patientId: PATIENT, naturalKey: exams[3].key.slice(0, 32) }]))).toEqual(new Set(asked.map((a) => a.naturalKey)));
    } finally {
      sink.release();
      await pool.end();
    }
  });

  it('finds air thresholds in SQL (the worklist), and replaced three indexes with one', async () => {
    const noAir = [...OTHER_SHAPES.filter((o) => !Object.values(JSON.parse(o.text).air ?? {}).some((p) => Object.values(p as object).some((t) => t !== null))).map((o) => o.id), ...exams.filter((e) => !Object.values(e.right.air).some((t) => t !== null) && !Object.values(e.left.air).some((t) => t !== null)).map((e) => e.id)].sort();
    const found = await sql<{ id: string }>('select id from exam where not limiar_audiogram_has_air(audiogram) order by id');
    expect(found.map((r) => r.id)).toEqual(noAir);
    const indexes = (await sql<{ i: string }>(`select indexrelid::regclass::text as i from pg_index where indrelid = 'exam'::regclass order by 1`)).map((r) => r.i);
    expect(indexes).toEqual(expect.arrayContaining(['exam_patient_date_natural_key', 'exam_pkey']));
    for (const gone of ['exam_org_natural_key_unique', 'exam_patient_date_idx', 'exam_org_date_idx']) expect(indexes).not.toContain(gone);
  });

  it('refuses an audiogram it could not keep exactly', async () => {
    for (const bad of ['{"air": {"750": {"re": 10, "le": 10}}, "bone": {}}', '{"air": {"500": {"re": 12.34, "le": null}}, "bone": {}}', '{"air": {"500": {"re": "10", "le": null}}, "bone": {}}',
      '{"air": [10, 15]}', '[]']) {
      await expect(sql('select limiar_audiogram_bytes(?::jsonb)', [bad])).rejects.toThrow(/frequência|não pode ser gravado|ilegível/);
    }
  });

  it('changes nothing when one stored audiogram cannot be kept: the migration fails, the rows stay as they were', async () => {
    const other = await createTestDatabase({ migrateTo: BEFORE });
    const run = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => other.orm.em.getConnection().execute<T[]>(q, params);
    try {
      await run('insert into organization (id, name, created_at) values (?, ?, now())', [ORG, 'Clínica']);
      await run(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, 'Ana', 'F', now(), now())`, [PATIENT, ORG]);
      const good = '{"air": {"500": {"le": 15, "re": 10}}, "bone": {}}';
      for (const [i, text] of [good, '{"air": {"500": {"le": null, "re": 12.34}}, "bone": {}}'].entries()) {
        await run(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, rules_version, natural_key, created_at, updated_at)
          values (?, ?, ?, date '2020-01-01' + ?::int, ?::jsonb, 'r', ?, now(), now())`, [randomUUID(), ORG, PATIENT, i, text, String(i).repeat(64)]);
      }
      await expect(other.orm.getMigrator().up()).rejects.toThrow(/não pode ser gravado/);
      const columns = await run<{ c: string; t: string }>(`select column_name as c, data_type as t from information_schema.columns
        where table_name = 'exam' and column_name in ('audiogram', 'natural_key') order by 1`);
      expect(columns).toEqual([{ c: 'audiogram', t: 'jsonb' }, { c: 'natural_key', t: 'text' }]);
      expect((await run<{ a: string }>('select audiogram::text as a from exam order by exam_date'))[0].a).toBe(good);
      const indexes = (await run<{ i: string }>(`select indexrelid::regclass::text as i from pg_index where indrelid = 'exam'::regclass`)).map((r) => r.i);
      expect(indexes).toEqual(expect.arrayContaining(['exam_org_natural_key_unique', 'exam_patient_date_idx', 'exam_org_date_idx']));
    } finally {
      await other.drop();
    }
  });
});

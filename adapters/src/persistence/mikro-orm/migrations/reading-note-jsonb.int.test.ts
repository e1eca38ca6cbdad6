import { randomBytes, randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../../../tests/support/test-database';
import { ormConfig } from '../orm-config';
import { MikroOrmExamRepository } from '../repositories/mikro-orm-patient-exam-repositories';

// Issue 16 item 4: the migration turns the JSON text of exam.ambiente_json into jsonb in the shape
// of core's ReadingNote. Rows are written as the previous version wrote them, then migrated.
const BEFORE = 'Migration20261124170000AttemptKinds';
const ORG = randomUUID();
const PATIENT = randomUUID();
const name = `t_${randomBytes(6).toString('hex')}`;
let orm: MikroORM;

const read = {
  extractedAt: '2026-11-24T10:00:00.000Z', extractedFrom: 'audiometria.pdf', attempts: [{ reader: 'pdf-text', status: 'read' }], confidence: 'medium', source: 'pdf-text',
  pointConfidence: { right: { air: { 500: 'high', 4000: 'medium' }, bone: {} }, left: { air: { 500: 'high' }, bone: {} } },
  observations: ['4000 Hz OD ajustado para a grade de 5 dB', 'pdf-text: leitura concluída'],
};
const failed = { extractedAt: '2026-11-24T10:00:00.000Z', extractedFrom: 'foto.png', attempts: [{ reader: 'pdf-text', status: 'not_applicable', reason: 'não é PDF' }], confidence: 'unknown', analysisFailed: true, analysisError: 'A análise automática falhou. Por favor, preencha os dados manualmente', observations: ['pdf-text: não se aplica — não é PDF'] };
/** Written before readers' attempts were kept. */
const older = { extractedAt: '2026-11-22T09:00:00.000Z', extractedFrom: 'antigo.pdf', confidence: 'high', source: 'pdf-text', observations: [] };
/** An exam filled by hand with a reading of another file held for review: only attempts and the pointer were written. */
const heldOnManual = { attempts: [{ reader: 'pdf-text', status: 'read' }], reviewPending: { readingId: randomUUID(), fileName: 'outro.pdf', reasons: ['identity_mismatch'] } };

const rows: Array<[string, string | null]> = [
  ['read', JSON.stringify(read)], ['failed', JSON.stringify(failed)], ['older', JSON.stringify(older)], ['held', JSON.stringify(heldOnManual)],
  ['none', null], ['garbage', 'não é JSON'], ['array', '[1,2]'],
];
const ids = new Map(rows.map(([k]) => [k, randomUUID()]));

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: withDatabase(inject('testDatabaseUrl'), 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(q, params);

beforeAll(async () => {
  await admin(`create database ${name}`);
  orm = await MikroORM.init(ormConfig(withDatabase(inject('testDatabaseUrl'), name), { poolMax: 2 }));
  await orm.getMigrator().up({ to: BEFORE });
  await sql('insert into organization (id, name, created_at) values (?, ?, now())', [ORG, 'Clínica']);
  await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, 'Ana', 'F', now(), now())`, [PATIENT, ORG]);
  for (const [key, text] of rows) {
    await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification, rules_version, ambiente_json, created_at, updated_at)
      values (?, ?, ?, '2026-01-10', '{"air":{},"bone":{}}'::jsonb, '{}'::jsonb, 'test', ?, now(), now())`, [ids.get(key), ORG, PATIENT, text]);
  }
  expect((await sql<{ t: string }>(`select data_type as t from information_schema.columns where table_name = 'exam' and column_name = 'ambiente_json'`))[0].t).toBe('text');
  await orm.getMigrator().up({ to: 'Migration20261125010000ReadingNoteJsonb' });
}, 60_000);
afterAll(async () => {
  await orm?.close(true);
  await admin(`drop database if exists ${name} with (force)`);
});

const noteOf = async (key: string) => (await new MikroOrmExamRepository(() => orm.em.fork()).findById(ORG, ids.get(key)!))!.exam.ambienteJson;

describe('Migration20261125010000ReadingNoteJsonb', () => {
  // down first: once past the audit log's migration (which cannot be reverted) there is no way back
  it('keeps the worklist finding failed readings, and goes back to the same text on down', async () => {
    const failedIds = await sql<{ id: string }>(`select id from exam where organization_id = ? and ambiente_json->>'analysisFailed' = 'true'`, [ORG]);
    expect(failedIds.map((r) => r.id)).toEqual([ids.get('failed')]);
    await orm.getMigrator().down({ to: BEFORE });
    const back = await sql<{ id: string; ambiente_json: string | null }>('select id, ambiente_json from exam where organization_id = ?', [ORG]);
    expect(JSON.parse(back.find((r) => r.id === ids.get('read'))!.ambiente_json!)).toEqual(read);
    await orm.getMigrator().up({ to: 'Migration20261125010000ReadingNoteJsonb' });
  });
  it('parses the stored JSON text into a jsonb ReadingNote that the repository reads as an object', async () => {
    expect((await sql<{ t: string }>(`select data_type as t from information_schema.columns where table_name = 'exam' and column_name = 'ambiente_json'`))[0].t).toBe('jsonb');
    // today's repository reads today's schema (ADR 0026 stores the thresholds as bytes): migrate to the latest first
    await orm.getMigrator().up();
    expect(await noteOf('read')).toEqual(read);
    expect(await noteOf('failed')).toEqual(failed);
  });

  it('adds what the type requires to notes of older versions, and keeps nothing that was never a note', async () => {
    expect(await noteOf('older')).toEqual({ ...older, attempts: [] });
    expect(await noteOf('held')).toEqual({ ...heldOnManual, confidence: 'unknown', observations: [] });
    for (const key of ['none', 'garbage', 'array']) expect(await noteOf(key)).toBeNull();
  });

});

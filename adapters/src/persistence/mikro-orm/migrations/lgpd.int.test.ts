import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/test-database';

// Issue 20 (LGPD): exam_file_removed names the stored files of a removed exam (BEFORE DELETE on exam), and
// deleting a worker or a whole organisation still works with it.
let db: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
}, 60_000);
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

async function organisationWithAFile() {
  const org = randomUUID();
  const patient = randomUUID();
  const exam = randomUUID();
  const key = `${org}/${randomUUID()}.lmr`;
  await client.query('insert into organization (id, name, created_at) values ($1, $2, now())', [org, `Org ${org}`]);
  await client.query(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values ($1, $2, 'Trabalhador', 'M', now(), now())`, [patient, org]);
  await client.query(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, rules_version, created_at, updated_at)
    values ($1, $2, $3, '2025-01-10', '{}', 'v', now(), now())`, [exam, org, patient]);
  await client.query(`insert into exam_file (id, organization_id, exam_id, file_name, media_type, size_bytes, storage_key, sha256, created_at)
    values ($1, $2, $3, 'audiograma.pdf', 'application/pdf', 10, $4, 'abc', now())`, [randomUUID(), org, exam, key]);
  return { org, patient, exam, key };
}

describe('exam_file_removed', () => {
  it('records the stored files of a removed exam with its worker', async () => {
    const { patient, exam, key } = await organisationWithAFile();
    await client.query('delete from exam where id = $1', [exam]);
    const rows = (await client.query('select patient_id, exam_id, file_name from exam_file_removed where storage_key = $1', [key])).rows;
    expect(rows).toEqual([{ patient_id: patient, exam_id: exam, file_name: 'audiograma.pdf' }]);
  });

  it("records them when the worker is deleted (cascade), and an organisation's delete still succeeds", async () => {
    const one = await organisationWithAFile();
    await client.query('delete from patient where id = $1', [one.patient]);
    expect((await client.query('select count(*)::int as n from exam_file_removed where storage_key = $1', [one.key])).rows[0].n).toBe(1);
    const two = await organisationWithAFile();
    await client.query('delete from organization where id = $1', [two.org]);
    expect((await client.query('select count(*)::int as n from organization where id = $1', [two.org])).rows[0].n).toBe(0);
    await client.query('delete from organization where id = $1', [one.org]);
    expect((await client.query('select count(*)::int as n from exam_file_removed where organization_id = any($1::uuid[])', [[one.org, two.org]])).rows[0].n).toBe(0);
  });
});

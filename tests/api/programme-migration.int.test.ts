import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from '../../core/src';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Issue 19: "Existing companyName values become companies without CNPJ, flagged for completion", and the
// exam type of every exam recorded through the wizard's Ocupacional reasons is kept. Data is written as the
// previous version wrote it, then the programme migrations run.
const BEFORE = 'Migration20261125120000WorkerArchivedBy';
let db: TestDatabase;
const org = randomUUID();
const company = randomUUID();
const worker = randomUUID();
const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => db.orm.em.getConnection().execute<T[]>(q, params);
const exam = (reason: string | null, type: string | null, date: string) =>
  sql(`insert into exam (id, organization_id, patient_id, exam_date, consultation_type, consultation_reason, audiogram, classification, rules_version, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, '{"air":{},"bone":{}}'::jsonb, '{}'::jsonb, 'r1', now(), now())`, [randomUUID(), org, worker, date, type, reason]);

beforeAll(async () => {
  db = await createTestDatabase({ migrateTo: BEFORE });
  await sql('insert into organization (id, name, created_at) values (?, ?, now())', [org, 'Clínica Antiga']);
  await sql('insert into company (id, organization_id, name, created_at) values (?, ?, ?, now())', [company, org, 'Metalúrgica Boa Vista']);
  await sql(`insert into patient (id, organization_id, name, sex, company_id, created_at, updated_at) values (?, ?, 'Ana Lima', 'F', ?, now(), now())`, [worker, org, company]);
  await exam('Admissional', 'Ocupacional', '2020-01-10');
  await exam('Periódica', 'Ocupacional', '2021-01-10');
  await exam('Mudança de função', 'Ocupacional', '2022-01-10');
  await exam('Retorno ao trabalho', 'Ocupacional', '2023-01-10');
  await exam('Demissional', 'Ocupacional', '2024-01-10');
  await exam(null, 'Eletiva', '2024-06-10');
  await exam('Periódico', null, '2025-01-10');
  await db.orm.getMigrator().up();
}, 120_000);
afterAll(async () => db?.drop());

describe('programme migration', () => {
  it('keeps the company typed before, without CNPJ (flagged for completion), linked to its worker', async () => {
    expect(await sql('select id, name, cnpj, trade_name from company')).toEqual([{ id: company, name: 'Metalúrgica Boa Vista', cnpj: null, trade_name: null }]);
    expect(await sql('select company_id from patient')).toEqual([{ company_id: company }]);
  });

  it('backfills the exam type from the wizard’s occupational reason, and leaves the others não informado', async () => {
    const rows = await sql<{ exam_date: string; exam_type: string | null }>('select exam_date::text, exam_type from exam order by exam_date');
    expect(rows.map((r) => r.exam_type)).toEqual(['admissional', 'periodico', 'mudanca_riscos', 'retorno_trabalho', 'demissional', null, null]);
  });

  it('lets a filial share the razão social with its own CNPJ, refuses a second CNPJ twice and a second name-only company', async () => {
    const add = (name: string, cnpj: string | null) => sql('insert into company (id, organization_id, name, cnpj, created_at) values (?, ?, ?, ?, now())', [randomUUID(), org, name, cnpj]);
    const matriz = cnpjWithCheckDigits('112223330001');
    await add('Metalúrgica Boa Vista', matriz);
    await add('METALURGICA BOA VISTA', cnpjWithCheckDigits('112223330002'));
    await expect(add('Outra', matriz)).rejects.toThrow(/company_org_cnpj_unique/);
    await expect(add('metalúrgica boa vista', null)).rejects.toThrow(/company_org_name_unique/);
    await expect(add('Mal formado', '1122233300018')).rejects.toThrow(/check/);
  });
});

import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/test-database';
import { ormConfig } from '../orm-config';
import { nextDigitPrefix } from '../../cpf-prefix';
import { MikroOrmPatientRepository } from './mikro-orm-patient-exam-repositories';
import { sql } from './sql-rows';

/**
 * Issue 22: the worker search by the start of a CPF on a server whose default collation is not C (a managed
 * PostgreSQL in pt-BR or en_US). `cpf like '123%'` can use a btree only under C: there it read every worker of the
 * organisation. The search now gives the prefix as a range on the (organisation, CPF) index, which any collation
 * orders the same way for digits. Checked with the statistics of the one connection the repository uses.
 */
const ORG = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
let db: TestDatabase;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase({ icuLocale: 'pt-BR' });
  orm = await MikroORM.init(ormConfig(db.url, { poolMax: 1 }));
  const run = sql(orm.em.fork());
  expect((await run<{ collation: string }>("select datlocprovider::text || ':' || datlocale as collation from pg_database where datname = current_database()"))[0].collation).toBe('i:pt-BR');
  await run("insert into organization (id, name, created_at) values (?, 'Clínica', now()), (?, 'Outra', now())", [ORG, OTHER]);
  // 6 000 workers in each organisation, CPFs spread over the 11 digits; one archived
  await run(`insert into patient (id, organization_id, name, sex, cpf, created_at, updated_at)
    select gen_random_uuid(), o, 'Trabalhador ' || g, 'M', lpad(((g::bigint * 16769023) % 100000000000)::text, 11, '0'), now(), now()
    from generate_series(1, 6000) g, (values (?::uuid), (?::uuid)) as orgs(o)`, [ORG, OTHER]);
  await run("update patient set archived_at = now() where organization_id = ? and cpf = lpad(((17::bigint * 16769023) % 100000000000)::text, 11, '0')", [ORG]);
  await run('analyze patient');
}, 120_000);
afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

const scans = async () => {
  const run = sql(orm.em.fork());
  await run('select pg_stat_force_next_flush()');
  await run('select 1'); // the flush happens when that statement's transaction ends
  const [t] = await run<{ seq: string; idx: string }>("select seq_scan as seq, idx_scan as idx from pg_stat_user_tables where relname = 'patient'");
  return { seq: Number(t.seq), idx: Number(t.idx) };
};

describe('worker search by the start of a CPF under a pt-BR collation', () => {
  it('answers exactly the workers whose CPF starts with the digits, and reads the index, not the table', async () => {
    const repo = new MikroOrmPatientRepository(() => orm.em.fork());
    const before = await scans();
    const expected = async (prefix: string) => (await sql(orm.em.fork())<{ cpf: string }>(
      "select cpf from patient where organization_id = ? and archived_at is null and cpf like ? order by cpf", [ORG, `${prefix}%`])).map((r) => r.cpf);
    const archived = String((17 * 16769023) % 100000000000).padStart(11, '0');
    // prefixes of 3 to 9 digits, one ending in 9 (its range carries over), and the archived worker's
    const prefixes = ['285', '0167', '550', '9999', '7043399', archived.slice(0, 4), archived.slice(0, 9)];
    const found: Record<string, string[]> = {};
    for (const prefix of prefixes) {
      const page = await repo.list({ organizationId: ORG, q: prefix, limit: 500, offset: 0 });
      found[prefix] = page.items.map((p) => p.cpf!).sort();
      expect(page.total, prefix).toBe(found[prefix].length);
    }
    const after = await scans();
    for (const prefix of prefixes) expect(found[prefix], prefix).toEqual(await expected(prefix));
    expect(Object.values(found).flat().length).toBeGreaterThanOrEqual(10);
    // the archived worker is not listed; the other organisation's are not either
    expect(found[archived.slice(0, 4)]).not.toContain(archived);
    expect(after.seq - before.seq, 'sequential scans of patient').toBe(0);
    expect(after.idx - before.idx).toBeGreaterThanOrEqual(prefixes.length);
  });

  it('the range above a prefix: the next digit string, carrying over nines', () => {
    expect(['123', '12349', '0', '109', '19', '999'].map(nextDigitPrefix)).toEqual(['124', '1235', '1', '11', '2', null]);
  });
});

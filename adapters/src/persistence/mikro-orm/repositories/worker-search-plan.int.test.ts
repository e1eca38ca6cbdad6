import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/test-database';
import { ormConfig } from '../orm-config';
import { MikroOrmPatientRepository } from './mikro-orm-patient-exam-repositories';
import { sql } from './sql-rows';

// The worker search is a named prepared statement (ADR 0027). After five calls PostgreSQL may run it with a
// generic plan, where `like limiar_search_text($2)` is not folded into a constant: the function ran again for
// every row the trigram index's bitmap rechecked (a broad name: ~5 700 of 100 000 workers, 8.7 → 14.9 ms).
const ORG = randomUUID();
let db: TestDatabase;
let orm: MikroORM; // one connection: the statement prepared on it is the one inspected below
beforeAll(async () => {
  db = await createTestDatabase();
  orm = await MikroORM.init(ormConfig(db.url, { poolMax: 1 }));
  const run = sql(orm.em.fork());
  await run('insert into organization (id, name, created_at) values (?, ?, now())', [ORG, 'Clínica']);
  const names = ['José da Silva', 'Maria Silvã Souza', 'Ana Lima', 'João Silveira', 'Pedro Santos'];
  for (let i = 0; i < 200; i++) {
    await run('insert into patient (id, organization_id, name, age, sex, created_at, updated_at) values (?, ?, ?, 30, ?, now(), now())', [randomUUID(), ORG, `${names[i % names.length]} ${i}`, 'M']);
  }
});
afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

describe('worker search as a prepared statement', () => {
  it('normalises the typed name once per call, not once per row, in the plan PostgreSQL keeps for it', async () => {
    const workers = new MikroOrmPatientRepository(() => orm.em.fork());
    for (let i = 0; i < 7; i++) {
      const page = await workers.list({ organizationId: ORG, q: 'SILVA', limit: 50, offset: 0 });
      expect(page.total).toBe(80); // 'da Silva' and 'Silvã' (accents ignored), not 'Silveira'
    }
    const [statement] = await sql(orm.em.fork())<{ statement: string }>(`select statement from pg_prepared_statements where statement like '%name_search like%'`);
    expect(statement, 'the search was prepared on this connection').toBeDefined();
    const plan = (await sql(orm.em.fork())<{ 'QUERY PLAN': string }>(`explain (generic_plan) ${statement.statement}`)).map((r) => r['QUERY PLAN']).join('\n');
    const conditions = plan.split('\n').filter((l) => /Cond:|Filter:/.test(l) && l.includes('name_search'));
    expect(conditions.length, plan).toBeGreaterThan(0);
    for (const line of conditions) expect(line, plan).not.toMatch(/limiar_search_text\(\$/);
  });
});

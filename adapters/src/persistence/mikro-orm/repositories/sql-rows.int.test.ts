import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/support/test-database';
import { ormConfig } from '../orm-config';
import { prepared, sql } from './sql-rows';

let db: TestDatabase;
let orm: MikroORM; // one connection: every call below reuses the statement prepared on it
beforeAll(async () => {
  db = await createTestDatabase();
  orm = await MikroORM.init(ormConfig(db.url, { poolMax: 1 }));
  await sql(orm.em.fork())("create table prepared_probe (id int primary key, label text, at timestamptz); insert into prepared_probe values (1, 'um', '2026-11-28T12:00:00Z'), (2, $$it's a ? \\ %$$, null)");
});
afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

describe('prepared (issue 22: the hot reads as named prepared statements)', () => {
  it('answers what sql answers, with the values bound, never written into the text', async () => {
    const text = 'select * from prepared_probe where id = ? or label = ? or at = ? order by id';
    const values = [1, "it's a ? \\ %", new Date('2026-11-28T12:00:00Z')];
    const expected = await sql(orm.em.fork())(text, values);
    expect(expected.map((r) => r.id)).toEqual([1, 2]);
    for (let i = 0; i < 7; i++) expect(await prepared(orm.em.fork())(text, values)).toEqual(expected); // past the plan cache's five custom plans
    await orm.em.fork().transactional(async (em) => expect(await prepared(em)(text, values)).toEqual(expected));
  });

  it("runs inside the unit of work's transaction: it sees the transaction's own writes, and nothing once rolled back", async () => {
    const read = (em: Parameters<typeof prepared>[0]) => prepared(em)('select label from prepared_probe where id = ?', [3]);
    await expect(orm.em.fork().transactional(async (em) => {
      await sql(em)("insert into prepared_probe (id, label) values (3, 'na transação')");
      expect(await read(em)).toEqual([{ label: 'na transação' }]);
      throw new Error('desfaz');
    })).rejects.toThrow('desfaz');
    expect(await read(orm.em.fork())).toEqual([]);
  });

  it('prepares the statement again when a migration changed the columns a `*` reads while the process ran', async () => {
    const text = 'select * from prepared_probe where id = ?';
    const read = () => prepared(orm.em.fork())(text, [1]);
    const before = await sql(orm.em.fork())(text, [1]);
    for (let i = 0; i < 7; i++) expect(await read()).toEqual(before);
    await sql(orm.em.fork())("alter table prepared_probe add column note text default 'nova'");
    const after = await sql(orm.em.fork())(text, [1]);
    expect(after).toEqual([{ ...before[0], note: 'nova' }]);
    expect(await read()).toEqual(after);
    expect(await read()).toEqual(after);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { decodeStoredAudiogram } from '../../adapters/src/persistence/stored-audiogram';
import { registerAccount, type Account } from './accounts';
import { runLimiar } from './cli';
import { startTestServer, type TestServer } from './test-server';

/**
 * The bed of a `limiar import <format>` test: a server with its database, one account, a pool to read
 * back what was stored, and a temporary folder for the input files (their error files are written
 * beside them). Registers its own beforeAll/afterAll; read `account`, `pool` and `dir` inside tests.
 */
export function importTestBed(fixtures: string) {
  const folder = path.resolve(import.meta.dirname, '../fixtures', fixtures);
  let t: TestServer;
  const bed = {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), `limiar-${fixtures}-`)),
    account: undefined as unknown as Account,
    pool: undefined as unknown as pg.Pool,
    cli: (args: string[]) => runLimiar(t.database.url, args),
    /** The path of a fixture as shipped. */
    fixture: (name: string) => path.join(folder, name),
    /** A copy of a fixture in the temporary folder (the error file is written beside it). */
    copy: (name: string) => {
      const file = path.join(bed.dir, name);
      fs.copyFileSync(path.join(folder, name), file);
      return file;
    },
    examCount: async () => Number((await bed.pool.query('select count(*) as n from exam')).rows[0].n),
    /** Every stored exam of a worker (by name), oldest first, with its thresholds as the app reads them. */
    examsOf: async (name: string) => {
      const rows = (await bed.pool.query<{ cpf: string | null; birth: string | null; sex: string; date: string; audiogram: Buffer }>(
        `select p.cpf, p.birth_date::text as birth, p.sex, e.exam_date::text as date, e.audiogram
           from exam e join patient p on p.id = e.patient_id where p.name = $1 order by e.exam_date`, [name])).rows;
      return rows.map((r) => ({ cpf: r.cpf?.trim() ?? null, birth: r.birth, sex: r.sex.trim(), date: r.date, ...decodeStoredAudiogram(r.audiogram) }));
    },
  };
  beforeAll(async () => {
    t = await startTestServer();
    bed.account = await registerAccount(t);
    bed.pool = new pg.Pool({ connectionString: t.database.url, max: 2 });
  }, 60_000);
  afterAll(async () => {
    await bed.pool?.end();
    await t?.close();
    fs.rmSync(bed.dir, { recursive: true, force: true });
  });
  return bed;
}

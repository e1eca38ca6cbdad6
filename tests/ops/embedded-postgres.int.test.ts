import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive, waitForExit } from '../../adapters/src/persistence/embedded-postgres/processes';
import { findFreePort } from '../../adapters/src/persistence/embedded-postgres/ports';
import { spawnServer } from '../support/child-server';

/**
 * The embedded database's lifecycle, through the real `limiar serve` process:
 * kill -9 leaves an orphaned postgres that the next start recovers with the data kept;
 * SIGINT (Ctrl-C) stops postgres cleanly; a second process attaches instead of starting another.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-ops-'));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const owner = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-owner.json'), 'utf8')) as { ownerPid: number; postgresPid: number; port: number };
const dbUrl = (port: number) => `postgresql://limiar:${encodeURIComponent(fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim())}@127.0.0.1:${port}/limiar`;

async function sql(port: number, text: string) {
  const client = new pg.Client({ connectionString: dbUrl(port) });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL lifecycle (real processes)', () => {
  it('recovers from kill -9 with committed data kept, then stops cleanly on SIGINT', async () => {
    const env = async () => ({ LIMIAR_DATA_DIR: dataDir, PORT: String(await findFreePort()), LIMIAR_PG_PORT: String(await findFreePort()) });
    const first = await spawnServer(await env());
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    const before = owner();
    await sql(before.port, "create table ops_probe (v text); insert into ops_probe values ('antes do kill -9')");

    first.process.kill('SIGKILL');
    await first.exited;
    expect(isProcessAlive(before.postgresPid)).toBe(true); // orphaned, as after a real crash

    const second = await spawnServer(await env());
    expect(second.output()).toContain('PostgreSQL órfão detectado');
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    expect(isProcessAlive(before.postgresPid)).toBe(false);
    const after = owner();
    expect(await sql(after.port, 'select v from ops_probe')).toEqual([{ v: 'antes do kill -9' }]);

    // a second process on the same data directory attaches to the running server
    const third = await spawnServer(await env());
    expect(third.output()).toContain('já em execução');
    expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
    third.process.kill('SIGINT');
    expect(await third.exited).toBe(0);
    expect(isProcessAlive(after.postgresPid)).toBe(true); // not its server to stop

    second.process.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(await waitForExit(after.postgresPid, 10_000)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'pg-owner.json'))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'pg.log'), 'utf8')).toMatch(/database system is shut down/);
  }, 120_000);
});

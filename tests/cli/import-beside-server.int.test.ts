import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../adapters/src/persistence/embedded-postgres/ports';
import { spawnServer } from '../support/child-server';

/**
 * `limiar import`/`export` beside a running `npm start` on the embedded database: the CLI attaches
 * to the running server (same postgres pid, no second server on the data directory) and leaves it up.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-beside-'));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const owner = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-owner.json'), 'utf8')) as { ownerPid: number; postgresPid: number; port: number };

/**
 * One request on its own new socket (`agent: false`), never a pooled one: the synchronous CLI runs
 * below block this event loop for seconds, long enough for a pooled socket to go stale (issue 15).
 */
function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; json(): unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: () => JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('the CLI beside a running server (embedded PostgreSQL)', () => {
  it('imports and exports through the running server and leaves it running', async () => {
    const server = await spawnServer({ LIMIAR_DATA_DIR: dataDir, PORT: String(await findFreePort()), LIMIAR_PG_PORT: String(await findFreePort()), DATABASE_URL: '' });
    try {
      const reg = await request(`${server.url}/api/auth/register`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Fono', email: 'fono@beside.com', password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '1', crmState: 'SP' }),
      });
      const { token } = reg.json() as { token: string };
      const before = owner();
      const env = { ...process.env, LIMIAR_DATA_DIR: dataDir, DATABASE_URL: '', LIMIAR_LOG_LEVEL: 'silent' };
      const sample = path.join(root, 'tests/fixtures/csv/exames-exemplo.csv');
      const copy = path.join(dataDir, 'exemplo.csv');
      fs.copyFileSync(sample, copy);
      const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), 'import', 'exams', copy, '--user', 'fono@beside.com', '--json'], { cwd: root, encoding: 'utf8', env });
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout.trim())).toMatchObject({ read: 3, imported: 3, patientsCreated: 2 });
      expect(r.stderr).not.toContain('iniciado');
      expect(owner()).toEqual(before);
      const list = await request(`${server.url}/api/exams`, { headers: { authorization: `Bearer ${token}` } });
      expect(list.headers['x-total-count']).toBe('3');
      const ex = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), 'export', 'patients', '--user', 'fono@beside.com'], { cwd: root, encoding: 'utf8', env });
      expect(ex.status, ex.stderr).toBe(0);
      expect(ex.stdout).toContain('José da Silva;52998224725;10/05/1980');
      expect((await request(`${server.url}/api/health`)).status).toBe(200);
      expect(owner()).toEqual(before);
    } finally {
      server.process.kill('SIGINT');
      await server.exited;
    }
  }, 120_000);
});

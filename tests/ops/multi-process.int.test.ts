import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { MIGRATION_NAMES } from '../../adapters/src/persistence/mikro-orm/migrations/names';
import { ATTEMPT_LIMITS, PASSWORD_RESET_MAX_PER_EMAIL } from '../../core/src';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { FakeOllama } from '../support/fake-ollama';
import { withDatabase } from '../support/test-database';
import type { TestServer } from '../support/test-server';

/**
 * Issue 22, item 2 (ADR 0023): the API as several processes on one PostgreSQL. Two `limiar serve` processes
 * and one `limiar worker`, real child processes started together on one empty database (so the migrations
 * also race, under their advisory lock) with one data directory (so the generated secrets race too); then
 * `limiar serve --workers 2` on one port.
 */

const png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let databaseUrl: string;
let databaseName: string;
const dataDirs: string[] = [];
const children: ChildServer[] = [];
let ollama: FakeOllama;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: withDatabase(inject('testDatabaseUrl'), 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The environment every process of one deployment shares: database, data directory (files and generated secrets). */
function deployment(extra: Record<string, string> = {}): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-multi-process-'));
  dataDirs.push(dataDir);
  return {
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    LIMIAR_DATA_DIR: dataDir,
    OLLAMA_HOST: ollama.host,
    OLLAMA_TIMEOUT_MS: '5000',
    // readings are left to the `limiar worker` process: an API process never reads
    LIMIAR_IN_PROCESS_WORKER: '0',
    LIMIAR_PROGRAMME_REFRESH_SECONDS: '0',
    ...extra,
  };
}

interface ChildServer {
  process: ChildProcess;
  /** The URL it printed (empty for `limiar worker`). */
  url: string;
  output(): string;
  exited: Promise<number | NodeJS.Signals | null>;
}

const root = path.resolve(import.meta.dirname, '..', '..');

/** `limiar <args>` as its own OS process, resolved once its output matches `ready` (the URL line of `serve`). */
async function spawn(env: Record<string, string>, args: string[], ready = /Limiar pronto em (http:\/\/\S+)/, timeoutMs = 90_000): Promise<ChildServer> {
  const child = spawnProcess(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), ...args], {
    cwd: root,
    env: { ...process.env, LIMIAR_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const started: ChildServer = { process: child, url: '', output: () => out, exited };
  children.push(started);
  started.url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`limiar ${args.join(' ')} não ficou pronto em ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d;
      const m = out.match(ready);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] ?? '');
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`limiar ${args.join(' ')} saiu (${code}) antes de ficar pronto:\n${out}`));
    });
  });
  return started;
}

async function stop(child: ChildServer): Promise<number | NodeJS.Signals | null> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGTERM');
  return child.exited;
}

/** `request` relative to one process, in the shape the account helpers take. */
const at = (child: ChildServer) => ({ request: (p: string, init?: RequestInit) => fetch(`${child.url}${p}`, init) }) as TestServer;

/** Polls `probe` until it returns a value (not undefined), failing after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`esperando ${what}: tempo esgotado (${timeoutMs} ms)`);
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** One request on a new connection (cluster workers take connections in turn): status and `X-Limiar-Instance`. */
function healthOnNewConnection(url: string): Promise<{ status: number; instance: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/health`, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, instance: res.headers['x-limiar-instance'] as string | undefined }));
    });
    req.on('error', reject);
  });
}

beforeAll(async () => {
  ollama = await new FakeOllama().start();
  databaseName = `t_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${databaseName}`);
  databaseUrl = withDatabase(inject('testDatabaseUrl'), databaseName);
});

afterAll(async () => {
  await Promise.all(children.map(stop));
  await ollama?.stop();
  if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`);
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('two API processes and one worker on one database', () => {
  let a: ChildServer;
  let b: ChildServer;
  let worker: ChildServer;

  beforeAll(async () => {
    const env = deployment();
    // started together on an empty database and an empty data directory
    [a, b, worker] = await Promise.all([
      spawn(env, ['serve']),
      spawn(env, ['serve']),
      spawn(env, ['worker'], /Worker do Limiar em execução/),
    ]);
    expect(a.url).not.toBe(b.url);
  }, 120_000);

  it('the migrations ran once: every process came up on the same schema, no migration applied twice', async () => {
    const logged = [a, b, worker].map((c) => (c.output().match(/"msg":"migrações aplicadas"/g) ?? []).length);
    // one process applied them (the others found nothing pending behind the advisory lock); `limiar worker` logs none
    expect(logged.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(1);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; n: string }>('select name, count(*) as n from mikro_orm_migrations group by name having count(*) > 1');
      expect(rows).toEqual([]);
      const applied = await client.query<{ name: string }>('select name from mikro_orm_migrations');
      expect(applied.rows.map((r) => r.name).sort()).toEqual([...MIGRATION_NAMES].sort());
    } finally {
      await client.end();
    }
  });

  it('a login on A is valid on B; a logout on A is seen by B', async () => {
    const account = await registerAccount(at(a));
    const login = await at(a).request('/api/auth/login', json({ email: account.email, password: account.password }));
    expect(login.status).toBe(200);
    const { token } = await login.json();
    const meOnB = await at(b).request('/api/auth/me', bearer(token));
    expect(meOnB.status, await meOnB.clone().text()).toBe(200);
    expect((await meOnB.json()).email).toBe(account.email);
    expect((await at(a).request('/api/auth/logout', bearer(token, 'POST'))).status).toBe(204);
    expect((await at(b).request('/api/auth/me', bearer(token))).status).toBe(401);
    // the other session of the account (registration's) is untouched
    expect((await at(b).request('/api/auth/me', bearer(account.token))).status).toBe(200);
  });

  it('failed logins split between A and B hit the limit exactly at the configured number', async () => {
    const account = await registerAccount(at(b));
    const limit = ATTEMPT_LIMITS.login.perPair;
    for (let i = 0; i < limit; i++) {
      const res = await at(i % 2 ? b : a).request('/api/auth/login', json({ email: account.email, password: 'senha-errada' }));
      expect(res.status, `tentativa ${i + 1} em ${i % 2 ? 'B' : 'A'}`).toBe(401);
    }
    // the next one is refused on either process — even with the right password
    for (const child of [a, b]) {
      const res = await at(child).request('/api/auth/login', json({ email: account.email, password: account.password }));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a burst of concurrent failed logins on A and B lets exactly the configured number through to the password check', async () => {
    const account = await registerAccount(at(a));
    const limit = ATTEMPT_LIMITS.login.perPair;
    const statuses = await Promise.all(Array.from({ length: 4 * limit }, (_, i) =>
      at(i % 2 ? b : a).request('/api/auth/login', json({ email: account.email, password: `senha-errada-${i}` })).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * limit);
  });

  it('a burst of password-reset requests on A and B gets exactly the allowed number of links', async () => {
    const account = await registerAccount(at(b));
    const statuses = await Promise.all(Array.from({ length: 4 * PASSWORD_RESET_MAX_PER_EMAIL }, (_, i) =>
      at(i % 2 ? b : a).request('/api/auth/forgot-password', json({ email: account.email })).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(PASSWORD_RESET_MAX_PER_EMAIL);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * PASSWORD_RESET_MAX_PER_EMAIL);
  });

  it('an upload on A is read by the worker process and the reading is visible on B', async () => {
    const who = await registerAccount(at(a));
    const patient = await (await at(a).request('/api/patients', json({ name: 'Rui Multiprocesso', age: 50, sex: 'M' }, who.token))).json();
    const created = await at(a).request('/api/exams', json({ patientId: patient.id, date: '2025-02-01' }, who.token));
    expect(created.status, await created.clone().text()).toBe(201);
    const exam = await created.json();
    const chatsBefore = ollama.requests.filter((r) => r.path === '/api/chat').length;
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png1x1)]), 'grafico.png');
    form.set('examId', exam.id);
    form.set('uploadedBy', who.user.id);
    const res = await at(a).request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ analysisPending: true });
    const held = await until('a leitura do worker, vista por B', async () => {
      const items = (await (await at(b).request(`/api/exams/${exam.id}/readings`, bearer(who.token))).json()).items as { id: string; status: string; reasons: string[] }[];
      return items.length ? items : undefined;
    });
    expect(held).toMatchObject([{ status: 'pending', reasons: ['confidence'] }]);
    expect(ollama.requests.filter((r) => r.path === '/api/chat').length).toBeGreaterThan(chatsBefore);
    // the worker process did the reading (the API processes run no reader: LIMIAR_IN_PROCESS_WORKER=0)
    expect(worker.output()).toContain(`"examId":"${exam.id}"`);
    expect(worker.output()).toContain('leitura de audiograma concluída');
    for (const api of [a, b]) expect(api.output()).not.toContain('leitura de audiograma concluída');
    // B applies what the worker read; A sees the filled exam
    expect((await at(b).request(`/api/exams/${exam.id}/readings/${held[0].id}/apply`, bearer(who.token, 'POST'))).status).toBe(200);
    const read = await (await at(a).request(`/api/exams/${exam.id}`, bearer(who.token))).json();
    expect(read.audiogram.air['4000'].re).toBe(50);
  }, 60_000); // the worker's reading is awaited up to 45 s (a loaded machine); ~1 s alone
});

describe('limiar serve --workers 2', () => {
  it('two workers answer on one port; a killed worker is restarted; SIGTERM stops them all', async () => {
    const primary = await spawn(deployment(), ['serve', '--workers', '2']);
    const seen = new Set<string>();
    for (let i = 0; i < 20 && seen.size < 2; i++) {
      const res = await healthOnNewConnection(primary.url);
      expect(res.status).toBe(200);
      seen.add(res.instance!);
    }
    expect([...seen].sort()).toEqual(['1', '2']);

    const pidOf = (worker: string) => Number(primary.output().match(new RegExp(`"worker":${worker},"pid":(\\d+),"msg":"processo da API pronto"`))?.[1]);
    const [pid1, pid2] = [pidOf('1'), pidOf('2')];
    expect(pid1).toBeGreaterThan(0);
    expect(pid2).toBeGreaterThan(0);
    process.kill(pid1, 'SIGKILL');
    await until('o aviso de reinício', async () => (/"signal":"SIGKILL".*"msg":"processo da API encerrou; reiniciando"/.test(primary.output()) ? true : undefined));
    const pid3 = await until('o worker 3 pronto', async () => pidOf('3') || undefined, 60_000);
    expect(pid3).not.toBe(pid1);
    // the new worker takes its share of the connections
    const after = new Set<string>();
    for (let i = 0; i < 20 && after.size < 2; i++) after.add((await healthOnNewConnection(primary.url)).instance!);
    expect([...after].sort()).toEqual(['2', '3']);

    expect(await stop(primary)).toBe(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect([pid2, pid3].filter(alive)).toEqual([]);
  }, 150_000); // a deadline for a loaded machine (the whole suite in parallel); ~15 s alone

  it('a worker that cannot start (port in use) fails the whole start with the pt-BR reason, exit 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      // the rejection carries the process's whole output
      const failure = await spawn(deployment({ PORT: String(port) }), ['serve', '--workers', '2']).then(() => new Error('iniciou'), (e: Error) => e);
      expect(failure.message).toMatch(/saiu \(1\) antes de ficar pronto/);
      expect(failure.message).toContain(`A porta ${port} já está em uso`);
      expect(failure.message).toContain('um processo da API não iniciou; encerrando');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);
});

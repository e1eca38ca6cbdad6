import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/src/composition/config';
import { startServer, type RunningServer } from '../../adapters/src/composition/server';
import { EncryptedFileStorage } from '../../adapters/src/files/encrypted-file-storage';
import { bearer, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { startS3Server, type TestS3Server } from '../contracts/file-storage.s3-server';

// Issue 22 item 3: `limiar migrate-files --to s3|disk` moves every stored file between the data directory and
// an S3-compatible bucket (s3rver here), resumable, and the app then reads its files from where they went.
const root = path.resolve(import.meta.dirname, '..', '..');
const fileKey = randomBytes(32).toString('base64');
const jwtSecret = randomBytes(32).toString('hex'); // the second server accepts the first one's sessions
const BULK = 300;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** The PNG's signature and header chunk: in no object of the bucket (they hold ciphertext). */
const plainPng = png.subarray(0, 24);

let s3: TestS3Server;
let t: TestServer;
let a: Account;
let examFile: { storageUrl: string };
/** The exam file's storage key, read from the database's row. */
let examFileKey: () => string;
let allKeys: string[];
const bulkBodies = new Map<string, Buffer>();

interface Run { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/**
 * `limiar <args>` in a child process, awaited without blocking this process's event loop (s3rver answers
 * from here); `onStderrLine` may kill it.
 */
function limiar(args: string[], env: Record<string, string>, onStderrLine?: (line: string, kill: () => void) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), ...args], {
      cwd: root, env: { ...process.env, LIMIAR_LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.on('data', (d) => void (stdout += d));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) onStderrLine?.(line, () => child.kill('SIGKILL'));
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
const lastJson = (r: Run) => JSON.parse(r.stdout.trim().split('\n').pop()!);

const cliEnv = () => ({ DATABASE_URL: t.database.url, LIMIAR_DATA_DIR: t.dataDir, LIMIAR_FILE_KEY: fileKey, LIMIAR_S3_URL: s3.url });
const diskFile = (key: string) => path.join(t.dataDir, 'files', key);
const diskKeys = () => (fs.existsSync(path.join(t.dataDir, 'files'))
  ? fs.readdirSync(path.join(t.dataDir, 'files'), { recursive: true }).map(String).filter((f) => f.endsWith('.lmr')).sort() : []);

/** A second API server on the same database, with its own (empty) data directory. */
async function serverOn(env: Record<string, string>): Promise<RunningServer & { dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-s3-app-'));
  const server = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', DATABASE_URL: t.database.url, LIMIAR_DATA_DIR: dir, LIMIAR_LOG_LEVEL: 'silent', LIMIAR_FILE_KEY: fileKey, LIMIAR_JWT_SECRET: jwtSecret, ...env }));
  return Object.assign(server, { dir });
}
const get = (server: { url: string }, p: string) => fetch(`${server.url}${p}`, bearer(a.token));

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestServer({ LIMIAR_FILE_KEY: fileKey, LIMIAR_JWT_SECRET: jwtSecret });
  a = await registerAccount(t);
  // an uploaded exam file and the clinic's logo, through the API (disk, the default)
  const patient = await (await t.request('/api/patients', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` }, body: JSON.stringify({ name: 'Rosa Migração', age: 41, sex: 'F' }) })).json();
  const exam = await (await t.request('/api/exams', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` }, body: JSON.stringify({ patientId: patient.id, date: '2025-03-01' }) })).json();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png)]), 'foto.png');
  form.set('examId', exam.id);
  form.set('uploadedBy', a.user.id);
  const uploaded = await t.request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${a.token}` } });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  examFile = (await uploaded.json()).file;
  const logo = await t.request('/api/organization/logo', { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png', authorization: `Bearer ${a.token}` } });
  expect(logo.status, await logo.clone().text()).toBe(200);
  // and many files of removed exams (kept for the worker's LGPD export), written as the app writes them
  const disk = new EncryptedFileStorage(t.dataDir, Buffer.from(fileKey, 'base64'));
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  try {
    for (let i = 0; i < BULK; i++) {
      const body = randomBytes(8_000 + i * 37);
      const { key, sha256 } = await disk.put(a.user.organizationId, body);
      bulkBodies.set(key, body);
      await client.query(`insert into exam_file_removed (storage_key, organization_id, patient_id, exam_id, file_id, file_name, media_type, size_bytes, sha256)
        values ($1, $2, $3, $4, $5, 'antigo.pdf', 'application/pdf', $6, $7)`, [key, a.user.organizationId, randomUUID(), randomUUID(), randomUUID(), body.length, sha256]);
    }
  } finally {
    await client.end();
  }
  allKeys = diskKeys();
  expect(allKeys).toHaveLength(BULK + 2);
  const checker = new pg.Client({ connectionString: t.database.url });
  await checker.connect();
  const examKey = String((await checker.query('select storage_key from exam_file limit 1')).rows[0].storage_key);
  await checker.end();
  expect(allKeys).toContain(examKey);
  examFileKey = () => examKey;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('limiar migrate-files', () => {
  it('--to s3, killed part-way, then run again: every file once in the bucket, equal to the disk, nothing duplicated', async () => {
    const killed = await limiar(['migrate-files', '--to', 's3', '--json', '--concurrency', '1'], cliEnv(), (line, kill) => {
      if (/^\s+50\/302:/.test(line)) kill();
    });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(killed.stderr).toContain(`Copiando ${BULK + 2} arquivo(s) de disco (`);
    // the PUT in flight when the process died may still complete on the server: list once the bucket is still
    let partial = await s3.raw.keys();
    for (let previous: string[] = []; partial.length !== previous.length; ) {
      previous = partial;
      await new Promise((r) => setTimeout(r, 300));
      partial = await s3.raw.keys();
    }
    expect(partial.length).toBeGreaterThanOrEqual(50);
    expect(partial.length).toBeLessThan(allKeys.length);
    // whatever the killed run left is whole: each object is the disk's envelope, byte for byte
    for (const key of partial) expect((await s3.raw.get(key)).equals(fs.readFileSync(diskFile(key))), key).toBe(true);

    const resumed = await limiar(['migrate-files', '--to', 's3', '--json'], cliEnv());
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = lastJson(resumed);
    expect(summary).toMatchObject({ to: 's3', complete: true, total: BULK + 2, deletedFromSource: 0, missing: [], failed: [] });
    // what the killed run stored is skipped, the rest copied (± the one PUT a slow server may finish after the listing)
    expect(summary.alreadyThere).toBeGreaterThanOrEqual(partial.length);
    expect(summary.alreadyThere).toBeLessThanOrEqual(partial.length + 1);
    expect(summary.copied).toBe(BULK + 2 - summary.alreadyThere);
    const inBucket = await s3.raw.keys();
    expect(inBucket).toEqual(allKeys);
    for (const key of inBucket) {
      const object = await s3.raw.get(key);
      expect(object.equals(fs.readFileSync(diskFile(key))), key).toBe(true);
      expect(object.includes(plainPng), key).toBe(false);
    }
    expect(diskKeys()).toEqual(allKeys); // nothing deleted without --delete-source

    const again = await limiar(['migrate-files', '--to', 's3'], cliEnv());
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`copiados agora: 0 (0 MB); já presentes e iguais: ${BULK + 2}`);
    expect(again.stdout).toContain('Todos os arquivos estão no destino');
  }, 180_000);

  it('the app configured with LIMIAR_S3_URL reads the moved files from the bucket, and writes new ones there only', async () => {
    const app = await serverOn({ LIMIAR_S3_URL: s3.url });
    try {
      const download = await get(app, examFile.storageUrl);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
      const logo = await get(app, '/api/organization/logo');
      expect(logo.status).toBe(200);
      expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true);
      // a new logo goes to the bucket only (the old one is deleted there; its disk copy stays, named by nothing)
      const oldLogo = diskKeys().filter((k) => !bulkBodies.has(k) && k !== examFileKey());
      const put = await fetch(`${app.url}/api/organization/logo`, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png', authorization: `Bearer ${a.token}` } });
      expect(put.status).toBe(200);
      const inBucket = await s3.raw.keys();
      const added = inBucket.filter((k) => !allKeys.includes(k));
      expect(added).toHaveLength(1);
      expect(inBucket).not.toContain(oldLogo[0]);
      expect(fs.existsSync(path.join(app.dir, 'files'))).toBe(false);
      expect(diskKeys()).not.toContain(added[0]);
      expect(diskKeys()).toContain(oldLogo[0]);
      allKeys = inBucket;
    } finally {
      await app.close();
      fs.rmSync(app.dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('--delete-source empties the disk of what the bucket holds verified; the app still reads everything from the bucket', async () => {
    const r = await limiar(['migrate-files', '--to', 's3', '--delete-source', '--json'], cliEnv());
    expect(r.code, r.stderr).toBe(0);
    // the new logo is only in the bucket: counted as there, nothing to delete on disk
    expect(lastJson(r)).toMatchObject({ complete: true, total: BULK + 2, copied: 0, alreadyThere: BULK + 2, deletedFromSource: BULK + 1, missing: [], failed: [] });
    const left = diskKeys();
    expect(left).toHaveLength(1); // the replaced logo, which the database no longer names
    expect(allKeys).not.toContain(left[0]);
    expect(await s3.raw.keys()).toEqual(allKeys);
    const app = await serverOn({ LIMIAR_S3_URL: s3.url });
    try {
      expect(Buffer.from(await (await get(app, examFile.storageUrl)).arrayBuffer()).equals(png)).toBe(true);
    } finally {
      await app.close();
      fs.rmSync(app.dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('--to disk brings every file back; the app on the disk default reads them; a second run copies nothing', async () => {
    const r = await limiar(['migrate-files', '--to', 'disk', '--json'], cliEnv());
    expect(r.code, r.stderr).toBe(0);
    const summary = lastJson(r);
    expect(summary).toMatchObject({ to: 'disk', complete: true, total: BULK + 2, copied: BULK + 2, alreadyThere: 0, deletedFromSource: 0, missing: [], failed: [] });
    expect(summary.source).toMatch(/^S3 \(bucket limiar em http:\/\/127\.0\.0\.1:\d+\)$/);
    expect(summary.destination).toBe(`disco (${path.join(t.dataDir, 'files')})`);
    expect(diskKeys()).toEqual([...allKeys, ...diskKeys().filter((k) => !allKeys.includes(k))].sort());
    for (const [key, body] of [...bulkBodies].slice(0, 20)) {
      expect(Buffer.from(await new EncryptedFileStorage(t.dataDir, Buffer.from(fileKey, 'base64')).read(key)).equals(body)).toBe(true);
    }
    // the original server (disk) reads the exam file from its data directory again
    const download = await t.request(examFile.storageUrl, bearer(a.token));
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    expect(Buffer.from(await (await t.request('/api/organization/logo', bearer(a.token))).arrayBuffer()).equals(png)).toBe(true);

    const again = await limiar(['migrate-files', '--to', 'disk', '--json'], cliEnv());
    expect(lastJson(again)).toMatchObject({ complete: true, copied: 0, alreadyThere: summary.total });
  }, 120_000);

  it('reports a tampered source file (not copied) and a file in neither backend, and exits 1', async () => {
    const [tampered, lost] = [...bulkBodies.keys()].slice(0, 2);
    const body = fs.readFileSync(diskFile(tampered));
    body[30] ^= 1;
    fs.writeFileSync(diskFile(tampered), body);
    await s3.raw.delete(tampered);
    fs.rmSync(diskFile(lost));
    await s3.raw.delete(lost);
    const r = await limiar(['migrate-files', '--to', 's3'], cliEnv());
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain(`    - ${lost} (exame-removido)`);
    expect(r.stdout).toContain(`    - ${tampered} (exame-removido): ilegível na origem`);
    expect(r.stdout).toContain('Alguns arquivos não estão no destino');
    expect((await s3.raw.keys()).includes(tampered)).toBe(false);
  }, 120_000);

  it('stops with a pt-BR message when the bucket cannot be used (command and server start)', async () => {
    const r = await limiar(['migrate-files', '--to', 's3'], { ...cliEnv(), LIMIAR_S3_URL: s3.url.replace('/limiar?', '/nao-existe?') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Erro: O bucket "nao-existe" não existe em http://127.0.0.1:');
    const missingKey = await limiar(['migrate-files', '--to', 's3'], { ...cliEnv(), LIMIAR_FILE_KEY: '' });
    expect(missingKey.code).toBe(2);
    expect(missingKey.stderr).toContain('LIMIAR_FILE_KEY é obrigatório quando LIMIAR_S3_URL está definido');
    await expect(serverOn({ LIMIAR_S3_URL: s3.url.replace('S3RVER:S3RVER', 'OUTRA:CHAVE') })).rejects.toThrow(/^O S3 recusou as credenciais para o bucket "limiar"/);
  }, 120_000);
});

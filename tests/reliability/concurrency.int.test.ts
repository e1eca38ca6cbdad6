import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaudoDocument, ReportRenderer } from '../../core/src';
import { loadConfig } from '../../adapters/src/composition/config';
import { createContainer } from '../../adapters/src/composition/container';
import { createHttpApp } from '../../adapters/src/composition/http-app';
import { ormConfig } from '../../adapters/src/persistence/mikro-orm/orm-config';
import { PuppeteerReportRenderer } from '../../adapters/src/reports/puppeteer/puppeteer-report-renderer';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { bearer, json } from '../support/accounts';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { recordSecrets, suiteLogger } from './support/suite-log';

/**
 * Concurrency sweep (issue 15): the same action sent at once by several clients or processes must
 * leave one result, no duplicate row and no orphan file. Real PostgreSQL, real Koa app, real
 * Chromium; the renderer can be switched to fail, to check a failed render stores nothing.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const tally = { tried: 0, held: 0, failed: 0 };
/** Counts one sweep check: held when `check` passes, failed (and rethrown) when not. */
async function sweep(check: () => Promise<void>) {
  tally.tried++;
  try {
    await check();
    tally.held++;
  } catch (error) {
    tally.failed++;
    throw error;
  }
}

/** A real renderer that fails while `failing` is set (as when Chromium is absent or crashes). */
class SwitchableRenderer implements ReportRenderer {
  failing = false;
  constructor(private readonly real: PuppeteerReportRenderer) {}
  render(document: LaudoDocument) {
    return this.failing ? Promise.reject(new Error('Chromium indisponível (teste)')) : this.real.render(document);
  }
}

let database: TestDatabase;
let orm: MikroORM;
let server: Server;
let url: string;
let dataDir: string;
let pool: pg.Pool;
let token: string;
let email: string;
const real = new PuppeteerReportRenderer();
const renderer = new SwitchableRenderer(real);

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await MikroORM.init(ormConfig(database.url)); // the production pool size, not the test helper's 4
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-concurrency-'));
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATABASE_URL: database.url, LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'silent' });
  const app = createHttpApp(createContainer(config, { orm, url: database.url, close: async () => {} }, suiteLogger('concurrency'), { reportRenderer: renderer }));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pool = new pg.Pool({ connectionString: database.url, max: 4 }); // two import writers + the checks
  email = `concorrencia${Date.now()}@clinica.com.br`;
  const reg = await request('/api/auth/register', json({ name: 'Dra. Concorrência', email, password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '123456', crmState: 'SP' }));
  expect(reg.status).toBe(201);
  token = (await reg.json()).token;
  recordSecrets('concurrency', [token, 'segredo1', 'Dra. Concorrência', email]);
}, 60_000);

afterAll(async () => {
  console.log(`RELIABILITY concurrency tried=${tally.tried} held=${tally.held} failed=${tally.failed}`);
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
  await pool?.end();
  await orm?.close();
  await real.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const request = (pathname: string, init?: RequestInit) => fetch(`${url}${pathname}`, init);
const post = (pathname: string, body: unknown = {}) => request(pathname, json(body, token));
const get = (pathname: string) => request(pathname, bearer(token));
const sha256 = (bytes: ArrayBuffer | Uint8Array) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex');
/** Encrypted files in the file store (exam files and issued PDFs). */
const storedFiles = () => (fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files'), { recursive: true }).filter((f) => String(f).endsWith('.lmr')).length : 0);
/** Every stored file is referenced by a row: an exam file or an issued laudo. */
async function expectNoOrphanFile() {
  const { rows } = await pool.query<{ n: string }>(`select (select count(*) from exam_file) + (select count(*) from report where pdf_storage_key is not null) as n`);
  expect(storedFiles()).toBe(Number(rows[0].n));
}
const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));

async function draftLaudo(name: string) {
  const p = await (await post('/api/patients', { name, age: 44, sex: 'M' })).json();
  const e = await (await post('/api/exams', { patientId: p.id, date: '2025-05-05', audiogram: { air: air([10, 10, 15, 20, 35, 25, 15]) } })).json();
  const r = await post(`/api/reports/generate/${e.id}`, { audiometryType: 'simple' });
  expect(r.status, await r.clone().text()).toBe(201);
  return r.json();
}

describe('parallel finalise (defect 4)', () => {
  it('five clicks at once issue one PDF: every answer is that laudo (or 409), one stored file', async () => {
    await sweep(async () => {
      const report = await draftLaudo('Gustavo Henrique Alves');
      const before = storedFiles();
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(`/api/reports/${report.id}/finalize`)));
      const bodies = await Promise.all(answers.map((r) => r.json()));
      expect(answers.map((r) => r.status).every((s) => s === 200 || s === 409), JSON.stringify(bodies)).toBe(true);
      const issued = bodies.filter((_, i) => answers[i].status === 200);
      expect(issued.length).toBeGreaterThan(0);
      expect(new Set(issued.map((b) => b.pdfSha256)).size).toBe(1);
      expect(issued.every((b) => b.status === 'Finalizado')).toBe(true);
      expect(storedFiles() - before).toBe(1);
      const pdf = await get(`/api/reports/${report.id}/download`);
      expect(sha256(await pdf.arrayBuffer())).toBe(issued[0].pdfSha256);
      await expectNoOrphanFile();
    });
  }, 120_000);

  it('a render that fails answers 503 "Erro ao gerar PDF", stores nothing and leaves the draft; the retry issues it', async () => {
    await sweep(async () => {
      const report = await draftLaudo('Heitor Campos');
      const before = storedFiles();
      renderer.failing = true;
      let answers: Response[];
      try {
        answers = await Promise.all(Array.from({ length: 3 }, () => post(`/api/reports/${report.id}/finalize`)));
      } finally {
        renderer.failing = false;
      }
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ message: 'Erro ao gerar PDF', code: 'REPORT.RENDER_FAILED' });
      }
      expect(storedFiles()).toBe(before);
      expect(await (await get(`/api/reports/${report.id}`)).json()).toMatchObject({ status: 'Draft', pdfSha256: null });
      const retry = await post(`/api/reports/${report.id}/finalize`);
      expect(retry.status).toBe(200);
      expect(storedFiles() - before).toBe(1);
      await expectNoOrphanFile();
    });
  }, 120_000);
});

describe('parallel upload to one exam', () => {
  const notch: ThresholdSet = {
    origin: 'test:notch',
    right: { air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 30, 4000: 45 } },
    left: { air: { 250: 10, 500: 15, 1000: 15, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: 30 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 40 } },
  };

  it('four files at once: four rows, four stored files, the exam read and classified once', async () => {
    await sweep(async () => {
      const p = await (await post('/api/patients', { name: 'Igor Batista', age: 39, sex: 'M' })).json();
      const exam = await (await post('/api/exams', { patientId: p.id, date: '2025-06-06' })).json();
      const me = await (await get('/api/auth/me')).json();
      const bytes = writeTextPdf([renderLayout('A', notch, prng(5))]);
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => {
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(bytes)]), `audiograma-${i}.pdf`);
        form.set('examId', exam.id);
        form.set('uploadedBy', me.id);
        return request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      }));
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      const files = await (await get(`/api/exams/${exam.id}/files`)).json();
      expect(new Set(files.map((f: { id: string }) => f.id)).size).toBe(4);
      const stored = await (await get(`/api/exams/${exam.id}`)).json();
      expect(stored.audiogram.air['4000']).toEqual({ re: 50, le: 45 });
      expect(stored.classification).toMatchObject({ exam_date: '2025-06-06' });
      await expectNoOrphanFile();
    });
  }, 120_000);
});

describe('parallel CLI import of one file by two processes', () => {
  /** Runs `limiar import exams` as its own process (as tests/cli does), resolving with its exit and output. */
  const importProcess = (file: string) => new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), 'import', 'exams', file, '--user', email, '--json'], {
      cwd: root, env: { ...process.env, DATABASE_URL: database.url, LIMIAR_LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

  it('two writers resolving one worker without CPF at once create it once (the second waits for the first)', async () => {
    await sweep(async () => {
      const { PgExamImportSink } = await import('../../adapters/src/persistence/bulk/pg-exam-import-sink');
      const org = (await (await get('/api/auth/me')).json()).organizationId as string;
      const [first, second] = [new PgExamImportSink(pool, org), new PgExamImportSink(pool, org)];
      const worker = { key: 'k', name: 'Rosa Sem Documento', sex: 'F' as const, birthDate: '1970-07-07', age: 56, cpf: null, company: null, jobTitle: null };
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let resolvedFirst!: () => void;
      const firstResolved = new Promise<void>((r) => (resolvedFirst = r));
      try {
        const one = first.batch(async (batch) => {
          const r = await batch.resolvePatients([worker]);
          resolvedFirst();
          await held; // the first writer's transaction stays open
          return r;
        });
        await firstResolved;
        let settled = false;
        const two = second.batch((batch) => batch.resolvePatients([worker])).finally(() => (settled = true));
        // the second writer either finished (no lock: it could not see the first's row) or waits on a lock
        for (;;) {
          const waiting = await pool.query("select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()");
          if (settled || waiting.rowCount) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        release();
        const [a, b] = await Promise.all([one, two]);
        expect(b.get('k')!.id).toBe(a.get('k')!.id);
        expect((await pool.query("select count(*)::int as n from patient where name = 'Rosa Sem Documento'")).rows[0].n).toBe(1);
      } finally {
        release();
        first.release();
        second.release();
      }
    });
  }, 60_000);

  it('imports each worker and exam once, whichever process gets there first', async () => {
    await sweep(async () => {
      const file = path.join(dataDir, 'exemplo.csv');
      fs.copyFileSync(path.join(root, 'tests/fixtures/csv/exames-exemplo.csv'), file);
      const runs = await Promise.all([importProcess(file), importProcess(file)]);
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      const summaries = runs.map((r) => JSON.parse(r.stdout.trim().split('\n').pop()!));
      expect(summaries.reduce((n, s) => n + s.imported, 0), JSON.stringify(summaries)).toBe(3);
      const { rows } = await pool.query<{ patients: string; exams: string }>(
        `select count(distinct p.id) as patients, count(e.id) as exams from patient p join exam e on e.patient_id = p.id
          where p.name in ('José da Silva', 'Maria Oliveira')`);
      expect(rows[0]).toEqual({ patients: '2', exams: '3' });
    });
  }, 180_000);
});

/**
 * Issue 5 benchmark: 100 000 patients and 1 000 000 exams (thresholds from NHANES) in a real
 * PostgreSQL behind the real server. Prints p50/p95 server time (Server-Timing) and round trip of
 *   GET /api/patients?q=silva&limit=50          (target p95 < 30 ms)
 *   GET /api/patients/{id}/evolution, 40 exams  (target p95 < 20 ms)
 *   GET /api/exams/{id} of that worker, the 21st and the 40th (target p95 < 20 ms)
 *   GET /api/dashboard/summary                  (target < 50 ms)
 * against GET /api/health (one `select 1`) measured in the same run.
 * Run: npm run bench patients-exams
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { loadConfig } from '../../adapters/src/composition/config';
import { startServer } from '../../adapters/src/composition/server';
import { classifyPatientExams, type Exam } from '../../core/src';
import { CLASSIFICATION_COLUMNS, classificationRow } from '../../adapters/src/persistence/classification-row';
import { encodeStoredAudiogram } from '../../adapters/src/persistence/stored-audiogram';
import { loadNhanesParticipants } from '../fixtures/nhanes';
import { startTestPostgres } from '../support/test-postgres';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const EXAMS = Number(process.env.BENCH_EXAMS ?? 1_000_000);
const SAMPLES = 300;

const FIRST = ['José', 'Maria', 'João', 'Ana', 'Antônio', 'Francisca', 'Carlos', 'Luíza', 'Paulo', 'Márcia', 'Pedro', 'Adriana', 'Lucas', 'Juliana', 'Luiz', 'Fernanda', 'Marcos', 'Patrícia', 'Rafael', 'Aline'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Silveira', 'Araújo', 'Correia', 'Batista', 'Moura'];

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
const csv = (v: string | number | null) => (v === null ? '' : typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`);

async function copyRows(client: pg.PoolClient, sql: string, rows: () => Generator<string>) {
  const it = rows();
  const source = Readable.from((function* () {
    let batch: string[] = [];
    for (const line of it) {
      batch.push(line);
      if (batch.length === 5000) {
        yield batch.join('');
        batch = [];
      }
    }
    if (batch.length) yield batch.join('');
  })());
  await pipeline(source, client.query(copyFrom(sql)));
}

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), max: s[s.length - 1] };
}

async function measure(url: string, token: string) {
  const server: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    const t1 = performance.now();
    if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
    if (i < 20) continue; // warm-up
    roundTrip.push(t1 - t0);
    server.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]));
  }
  return { server: stats(server), roundTrip: stats(roundTrip) };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main() {
  const started = performance.now();
  const db = await startTestPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-data-'));
  const app = await startServer(loadConfig({ DATABASE_URL: db.url, PORT: '0', LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'warn', NODE_ENV: 'production', LIMIAR_PROGRAMME_REFRESH_SECONDS: '0' })); // steady state: the background refresh of the programme (ADR 0018) would recompute the 100 000 loaded workers mid-measurement
  try {
    const reg = await (await fetch(`${app.url}/api/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email: 'bench@x.com', password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '1234', crmState: 'SP' }),
    })).json();
    const token: string = reg.token;
    const org: string = reg.user.organizationId;
    const people = loadNhanesParticipants();
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const client = await pool.connect();

    const companies = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), name: `Empresa ${i + 1} Indústria Ltda` }));
    await copyRows(client, 'copy company (id, organization_id, name, created_at) from stdin (format csv)', function* () {
      for (const c of companies) yield `${c.id},${org},${csv(c.name)},2025-01-01T00:00:00Z\n`;
    });
    const patientIds: string[] = new Array(PATIENTS);
    await copyRows(client, 'copy patient (id, organization_id, name, age, sex, company_id, created_at, updated_at) from stdin (format csv)', function* () {
      for (let i = 0; i < PATIENTS; i++) {
        const id = randomUUID();
        patientIds[i] = id;
        const name = `${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`;
        const at = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
        yield `${id},${org},${csv(name)},${20 + Math.floor(rand() * 45)},${rand() < 0.6 ? 'M' : 'F'},${pick(companies).id},${at},${at}\n`;
      }
    });
    const t1 = performance.now();
    console.log(`loaded ${PATIENTS.toLocaleString('en')} patients in ${((t1 - started) / 1000).toFixed(1)} s`);

    // a real classification for every exam would take minutes; the 40-exam patient gets real ones,
    // the bulk rows carry one real classification document (same size and shape)
    const sampleExam = (date: string, p: (typeof people)[number]): Exam => ({
      id: randomUUID(), organizationId: org, patientId: patientIds[0], date, operatorName: 'Operador', operatorRegistration: '000000', operatorCrm: null,
      operatorCrmState: null, consultationType: 'Ocupacional', consultationReason: 'Periódica', ambientNoiseDb: 30, calibrationDate: '2024-01-01', transducer: 'TDH-39',
      acousticRestHours: 14, observacoes: null, right: { air: p.right }, left: { air: p.left }, speechTest: null, ambienteJson: null, classification: {}, rulesVersion: '',
      createdAt: new Date(), updatedAt: new Date(),
    });
    const fortyDates = Array.from({ length: 40 }, (_, k) => `${1990 + Math.floor(k * 0.8)}-${String((k % 12) + 1).padStart(2, '0')}-15`);
    const forty = classifyPatientExams(fortyDates.map((d) => sampleExam(d, pick(people))), { sex: 'M' });
    // the row keeps typed classification columns (ADR 0025) and the thresholds as bytes (ADR 0026)
    const columnsCsv = (doc: Record<string, unknown>) => {
      const row = classificationRow(doc) as unknown as Record<string, string | number | boolean | null>;
      return CLASSIFICATION_COLUMNS.map((c) => (row[c] === null ? '' : row[c] === true ? 't' : row[c] === false ? 'f' : csv(String(row[c])))).join(',');
    };
    const bytes = (right: Exam['right'], left: Exam['left']) => `\\x${encodeStoredAudiogram(right, left).toString('hex')}`;
    const line = (e: Exam, audiogram: string, classification: string, rulesVersion: string) =>
      `${e.id},${org},${e.patientId},${e.date},Operador,000000,Ocupacional,Periódica,30,2024-01-01,TDH-39,14,${audiogram},${classification},${rulesVersion},2025-01-01T00:00:00Z,2025-01-01T00:00:00Z\n`;
    // audiograms are encoded once per NHANES participant and reused (the load is I/O)
    const stored = people.map((p) => bytes({ air: p.right }, { air: p.left }));
    const bulkColumns = columnsCsv(forty[39].classification);
    const version = forty[39].rulesVersion;
    await copyRows(client, `copy exam (id, organization_id, patient_id, exam_date, operator_name, operator_registration, consultation_type, consultation_reason,
      ambient_noise_db, calibration_date, transducer, acoustic_rest_hours, audiogram, ${CLASSIFICATION_COLUMNS.join(', ')}, rules_version, created_at, updated_at) from stdin (format csv)`, function* () {
      for (const e of forty) yield line(e, bytes(e.right, e.left), columnsCsv(e.classification), e.rulesVersion);
      for (let i = 40; i < EXAMS; i++) {
        const date = `${2015 + Math.floor(rand() * 11)}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
        const patientId = patientIds[1 + Math.floor(rand() * (PATIENTS - 1))];
        yield `${randomUUID()},${org},${patientId},${date},Operador,000000,Ocupacional,Periódica,30,2024-01-01,TDH-39,14,${stored[Math.floor(rand() * stored.length)]},${bulkColumns},${version},2025-01-01T00:00:00Z,2025-01-01T00:00:00Z\n`;
      }
    });
    await client.query('analyze');
    client.release();
    await pool.end();
    const t2 = performance.now();
    console.log(`loaded ${EXAMS.toLocaleString('en')} exams in ${((t2 - t1) / 1000).toFixed(1)} s`);

    const summary = await (await fetch(`${app.url}/api/dashboard/summary`, { headers: { authorization: `Bearer ${token}` } })).json();
    console.log(`dashboard says: ${JSON.stringify(summary)}`);
    const health = await measure(`${app.url}/api/health`, token);
    const cases = [
      ['GET /api/patients?q=silva&limit=50', `${app.url}/api/patients?q=silva&limit=50`, 30],
      ['GET /api/patients/{id}/evolution (40 exams)', `${app.url}/api/patients/${patientIds[0]}/evolution`, 20],
      // issue 22: an exam's detail computes its classification from the worker's whole history (ADR 0025)
      ['GET /api/exams/{id} (a worker with 40 exams)', `${app.url}/api/exams/${forty[20].id}`, 20],
      // the latest exam (the one a laudo is about): its classification walks the whole history
      ['GET /api/exams/{id} (the latest of 40 exams)', `${app.url}/api/exams/${forty[39].id}`, 20],
      ['GET /api/dashboard/summary', `${app.url}/api/dashboard/summary`, 50],
      ['GET /api/patients?limit=50 (no search)', `${app.url}/api/patients?limit=50`, 30],
      ['GET /api/exams?limit=50', `${app.url}/api/exams?limit=50`, 30],
    ] as const;
    console.log(`\n${SAMPLES} requests each, after 20 warm-up; server = Server-Timing, rt = round trip on loopback`);
    console.log(`baseline GET /api/health: server p50 ${fmt(health.server.p50)} p95 ${fmt(health.server.p95)}`);
    for (const [name, url, target] of cases) {
      const m = await measure(url, token);
      const ok = m.server.p95 < target ? 'OK' : 'NOT MET';
      console.log(`${name}: server p50 ${fmt(m.server.p50)} p95 ${fmt(m.server.p95)} (max ${fmt(m.server.max)}) | rt p50 ${fmt(m.roundTrip.p50)} p95 ${fmt(m.roundTrip.p95)} | ${(m.server.p95 / health.server.p95).toFixed(1)}× health | target p95 < ${target} ms: ${ok}`);
    }
  } finally {
    await app.close();
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

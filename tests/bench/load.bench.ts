/**
 * Issue 22 load bench: a mixed workload against the API as users run it (`limiar serve`, then
 * `limiar serve --workers 2`: node's cluster), real processes on an external DATABASE_URL (the test
 * PostgreSQL), 100 000 workers / 1 000 000 exams loaded through `limiar import exams`.
 *
 * Workload (every request picks a professional's token and its ids at random; autocannon, closed loop,
 * no think time): worker search GET /api/patients?q= (names, name fragments and CPF prefixes, 20 per page
 * as the web app asks), exam detail GET /api/exams/:id, a worker's evolution GET /api/patients/:id/evolution,
 * an upload POST /api/files/upload (a 1-page PDF with a text layer: stored encrypted, read by the fast
 * reader, held for review — no Ollama, so nothing is queued for a slow reading), the PDF of a finalised
 * laudo GET /api/reports/:id/download (the stored one: decrypted, no rendering) and a small share of
 * draft laudo PDFs (rendered by Chromium on every request: BENCH_LOAD_RENDER_SHARE).
 *
 * At 20, 50 and 100 connections (BENCH_LOAD_CONNECTIONS), each level a short warm-up then
 * BENCH_LOAD_SECONDS: per endpoint and overall requests/s, p50/p95/p99, errors (non-2xx, timeouts),
 * RSS of the server processes (node and Chromium, summed over the process tree from /proc), the CPU
 * split (API, Chromium, PostgreSQL, the bench's own autocannon), the database time per request
 * (pg_stat_statements, preloaded by restarting the embedded server), the ratio 2 processes / 1 process,
 * the targets (0 errors; search p95 < 50 ms at 20 connections) and the saturation point. Then, on
 * the 1-process server, each endpoint alone at 2 connections: database ms, queries, API CPU ms and
 * PostgreSQL CPU ms per request — what a 16-core projection is made of.
 *
 * BENCH_LOAD_EXAMS scales the data (default 1 000 000; 10 exams per worker).
 * Run: npm run bench load   (or: BENCH_LOAD_EXAMS=20000 node --import tsx tests/bench/load.bench.ts)
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { EventEmitter } from 'node:events';
import pg from 'pg';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { spawnServer, type ChildServer } from '../support/child-server';
import { startTestPostgres } from '../support/test-postgres';
import { importExamsFile, workerCpf, writeExamsCsv } from './exams-csv-shared';

const EXAMS = Number(process.env.BENCH_LOAD_EXAMS ?? 1_000_000);
const LEVELS = (process.env.BENCH_LOAD_CONNECTIONS ?? '20,50,100').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 12);
const WARMUP_SECONDS = Number(process.env.BENCH_LOAD_WARMUP ?? 3);
/** Share of the requests that render a draft laudo's PDF in Chromium (the heaviest request by far). */
const RENDER_SHARE = Number(process.env.BENCH_LOAD_RENDER_SHARE ?? 0.005);
const FINALISED_LAUDOS = 24;
const DRAFT_LAUDOS = 6;
const SAMPLE = 20_000;
const root = path.resolve(import.meta.dirname, '..', '..');

// ---- autocannon (no type declarations shipped: the few parts used here) ----
interface AutocannonRequest { method?: string; path?: string; headers?: Record<string, string>; body?: Buffer | string }
interface AutocannonClient extends EventEmitter { requestIterator: { context: { kind?: Kind } } }
interface AutocannonResult { requests: { total: number }; errors: number; timeouts: number; non2xx: number; duration: number }
type AutocannonInstance = EventEmitter & PromiseLike<AutocannonResult> & { stop(): void };
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string; connections: number; duration: number; timeout?: number; amount?: number;
  requests: Array<AutocannonRequest & {
    setupRequest(req: AutocannonRequest, context: { kind?: Kind }): AutocannonRequest;
    onResponse?(status: number, body: string, context: { kind?: Kind }, headers: Record<string, string>): void;
  }>;
  setupClient?: (client: AutocannonClient) => void;
}) => AutocannonInstance;

// ---- data ----
const FIRST = ['José', 'Maria', 'João', 'Ana', 'Antônio', 'Francisca', 'Carlos', 'Luíza', 'Paulo', 'Márcia', 'Pedro', 'Adriana', 'Lucas', 'Juliana', 'Luiz', 'Fernanda', 'Marcos', 'Patrícia', 'Rafael', 'Aline'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Silveira', 'Araújo', 'Correia', 'Batista', 'Moura'];
/** 20 × 40 × 40 = 32 000 names: at 100 000 workers about three share a full name, as in a real register. */
const nameOf = (w: number) => `${FIRST[w % FIRST.length]} ${LAST[Math.floor(w / FIRST.length) % LAST.length]} ${LAST[Math.floor(w / (FIRST.length * LAST.length)) % LAST.length]}`;

let seed = 22;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const WORKERS = EXAMS / 10;

/** What a receptionist types: a full name, a first name and the start of a surname, or the start of a CPF. */
function searchQuery(): string {
  const w = Math.floor(rand() * WORKERS);
  const r = rand();
  if (r < 0.35) return nameOf(w);
  if (r < 0.6) {
    const [first, last] = nameOf(w).split(' ');
    return `${first} ${last!.slice(0, 4)}`;
  }
  return workerCpf(w).slice(0, 6 + Math.floor(rand() * 4));
}

const notch: ThresholdSet = {
  origin: 'bench:load',
  right: { air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 } },
  left: { air: { 250: 10, 500: 15, 1000: 15, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: 30 } },
};
const uploadPdf = Buffer.from(writeTextPdf([renderLayout('A', notch, prng(22))]));
const BOUNDARY = '----limiarbench7d1c';
function multipart(examId: string, userId: string): Buffer {
  const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(`${field('examId', examId)}${field('uploadedBy', userId)}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="audiograma.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    uploadPdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

// ---- the mix ----
const KINDS = ['search', 'exam', 'evolution', 'upload', 'laudo-pdf', 'laudo-render'] as const;
type Kind = (typeof KINDS)[number];
const LABEL: Record<Kind, string> = {
  search: 'GET /api/patients?q= (search)', exam: 'GET /api/exams/:id', evolution: 'GET /api/patients/:id/evolution',
  upload: 'POST /api/files/upload (PDF)', 'laudo-pdf': 'GET /api/reports/:id/download (issued)', 'laudo-render': 'GET /api/reports/:id/download (draft: Chromium)',
};
/** The mix; BENCH_LOAD_MIX (e.g. `search=50,exam=50`) replaces it, the shares normalised to 1. */
const WEIGHTS: Record<Kind, number> = process.env.BENCH_LOAD_MIX ? parseMix(process.env.BENCH_LOAD_MIX)
  : { search: 0.4, exam: 0.25, evolution: 0.2, upload: 0.05, 'laudo-pdf': 0.1 - RENDER_SHARE, 'laudo-render': RENDER_SHARE };
function parseMix(text: string): Record<Kind, number> {
  const shares = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  for (const part of text.split(',')) {
    const [kind, share] = part.split('=');
    if (!KINDS.includes(kind as Kind) || !(Number(share) >= 0)) throw new Error(`BENCH_LOAD_MIX: "${part}" (kinds: ${KINDS.join(', ')})`);
    shares[kind as Kind] = Number(share);
  }
  const sum = KINDS.reduce((s, k) => s + shares[k], 0);
  for (const k of KINDS) shares[k] /= sum;
  return shares;
}

interface Professional { token: string; userId: string; email: string }
interface Dataset {
  professionals: Professional[];
  patientIds: string[];
  examIds: string[];
  uploadExamIds: string[];
  finalisedReportIds: string[];
  draftReportIds: string[];
}

function requestOf(kind: Kind, d: Dataset): AutocannonRequest {
  const who = pick(d.professionals);
  const headers: Record<string, string> = { authorization: `Bearer ${who.token}` };
  switch (kind) {
    case 'search': return { method: 'GET', path: `/api/patients?q=${encodeURIComponent(searchQuery())}&limit=20`, headers };
    case 'exam': return { method: 'GET', path: `/api/exams/${pick(d.examIds)}`, headers };
    case 'evolution': return { method: 'GET', path: `/api/patients/${pick(d.patientIds)}/evolution`, headers };
    case 'upload': return { method: 'POST', path: '/api/files/upload', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: multipart(pick(d.uploadExamIds), who.userId) };
    case 'laudo-pdf': return { method: 'GET', path: `/api/reports/${pick(d.finalisedReportIds)}/download`, headers };
    case 'laudo-render': return { method: 'GET', path: `/api/reports/${pick(d.draftReportIds)}/download`, headers };
  }
}

function mixedKind(): Kind {
  let r = rand();
  for (const k of KINDS) {
    if (r < WEIGHTS[k]) return k;
    r -= WEIGHTS[k];
  }
  return 'search';
}

// ---- /proc ----
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
interface ProcInfo { pid: number; ppid: number; comm: string; cpuMs: number; childCpuMs: number; startTicks: number }
function procInfo(pid: number): ProcInfo | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    // fields from 3 (state): ppid is 4, utime 14, stime 15, cutime 16, cstime 17
    const tick = (i: number) => (Number(f[i - 3]) * 1000) / CLK_TCK;
    return { pid, ppid: Number(f[1]), comm, cpuMs: tick(14) + tick(15), childCpuMs: tick(16) + tick(17), startTicks: Number(f[22 - 3]) };
  } catch {
    return undefined;
  }
}
/** The process and all its descendants (a scan of /proc: cluster workers, Chromium and its helpers, PostgreSQL backends). */
function processTree(rootPid: number): ProcInfo[] {
  const all = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map((n) => procInfo(Number(n))).filter((p): p is ProcInfo => !!p);
  const byParent = new Map<number, ProcInfo[]>();
  for (const p of all) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const rootInfo = all.find((p) => p.pid === rootPid);
  if (!rootInfo) return [];
  const out: ProcInfo[] = [];
  const queue = [rootInfo];
  while (queue.length) {
    const p = queue.shift()!;
    out.push(p);
    queue.push(...(byParent.get(p.pid) ?? []));
  }
  return out;
}
/** Proportional set size: shared pages (Chromium's helpers, the cluster's code) divided among their sharers, so sums add up. */
function pssMb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
/** Busy CPU ms of the whole host since boot (/proc/stat: all but idle and iowait). */
function hostBusyMs(): number {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = f;
  return ((user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * 1000) / CLK_TCK;
}
const isNode = (p: ProcInfo) => p.comm === 'node' || p.comm.startsWith('node');
/** CPU ms of a tree: live processes plus what exited children left in their parents' cutime/cstime. */
function treeCpu(rootPid: number | undefined, filter: (p: ProcInfo) => boolean = () => true): number {
  if (!rootPid) return NaN;
  return processTree(rootPid).filter(filter).reduce((s, p) => s + p.cpuMs + p.childCpuMs, 0);
}

// ---- PostgreSQL: pg_stat_statements and the postmaster ----
async function postmasterPid(url: string): Promise<number | undefined> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const dir = (await c.query<{ data_directory: string }>('show data_directory')).rows[0]!.data_directory;
    return Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined; // not on this host (TEST_DATABASE_URL, a container): no PostgreSQL CPU figures
  } finally {
    await c.end();
  }
}

async function statementsReady(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('create extension if not exists pg_stat_statements');
    await c.query('select 1 from pg_stat_statements limit 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end();
  }
}

/**
 * pg_stat_statements needs shared_preload_libraries, read at start: set by ALTER SYSTEM, then the
 * embedded postmaster is stopped cleanly (SIGINT) and its watchdog (embedded-postgres-server.ts) starts
 * it again on the same port and data. Elsewhere (TEST_DATABASE_URL, a container) it is used if loaded.
 */
async function enableStatements(db: { url: string; kind: string }): Promise<boolean> {
  if (await statementsReady(db.url)) return true;
  if (db.kind !== 'embedded') return false;
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  await c.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await c.query('alter system set pg_stat_statements.track_planning = on');
  await c.end();
  const old = await postmasterPid(db.url);
  if (!old) return false;
  process.kill(old, 'SIGINT');
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 300));
    try {
      const now = await postmasterPid(db.url);
      if (now && now !== old) return statementsReady(db.url);
    } catch {
      // restarting
    }
  }
  throw new Error('PostgreSQL embutido não voltou em 60 s após o reinício para pg_stat_statements');
}

interface DbTotals { calls: number; ms: number }
async function dbTotals(pool: pg.Pool | undefined): Promise<DbTotals> {
  if (!pool) return { calls: NaN, ms: NaN };
  const { rows } = await pool.query<{ calls: string; ms: string }>(`select coalesce(sum(calls), 0) as calls, coalesce(sum(total_exec_time + total_plan_time), 0) as ms
    from pg_stat_statements where query not ilike '%pg_stat_statements%'`);
  return { calls: Number(rows[0]!.calls), ms: Number(rows[0]!.ms) };
}

// ---- the API ----
async function call<T = Record<string, unknown>>(url: string, method: string, route: string, body?: unknown, token?: string, expected = [200, 201]): Promise<T> {
  const res = await fetch(`${url}${route}`, {
    method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${route} → ${res.status}: ${text.slice(0, 400)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

const SECRET = `bench-load-${randomUUID()}-${randomUUID()}`;
function serverEnv(dbUrl: string, dataDir: string, port: number): Record<string, string> {
  return {
    DATABASE_URL: dbUrl, LIMIAR_DATA_DIR: dataDir, PORT: String(port), LIMIAR_LOG_LEVEL: 'warn', NODE_ENV: 'production', LIMIAR_JWT_SECRET: SECRET,
    // steady state: the programme's background refresh (ADR 0018) would recompute every loaded worker mid-measurement
    LIMIAR_PROGRAMME_REFRESH_SECONDS: '0',
    OLLAMA_HOST: '', // no slow reader: an upload never queues a vision-model reading
  };
}

async function freePort(): Promise<number> {
  const { findFreePort } = await import('../../adapters/src/persistence/embedded-postgres/ports');
  return findFreePort();
}

async function stopServer(s: ChildServer) {
  const tree = processTree(s.process.pid!);
  s.process.kill('SIGTERM');
  const code = await Promise.race([s.exited, new Promise((r) => setTimeout(() => r('timeout'), 30_000))]);
  if (code === 'timeout') s.process.kill('SIGKILL');
  // anything of ours left behind (a cluster worker, a Chromium helper) is ended by its pid — the same process (start time), not a reused pid
  for (const p of tree) {
    if (procInfo(p.pid)?.startTicks !== p.startTicks) continue;
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

// ---- measurement ----
interface Level {
  connections: number; seconds: number; total: number; rps: number;
  byKind: Record<Kind, { n: number; lat: number[]; non2xx: number; timeouts: number; statuses: Record<string, number> }>;
  all: number[]; non2xx: number; timeouts: number; connErrors: number;
  rssNode: { avg: number; max: number }; rssOther: { avg: number; max: number }; pssNode: number; pssOther: number; nodeProcesses: number;
  /** % of one core; `others`: every other process of the host (a shared machine disturbs the figures). */
  cpu: { api: number; chromium: number; postgres: number; bench: number; others: number };
  /** Responses per X-Limiar-Instance (the cluster worker that answered). */
  instances: Record<string, number>;
  firstError: Partial<Record<Kind, string>>;
  /** Client connections the server's processes held open at the end of the level (their pools; the bench's own excluded). */
  pgConnections: number;
  /** CPU of each node process of the server (the cluster's primary and its workers), % of one core. */
  perProcessCpu: Array<{ pid: number; primary: boolean; pct: number }>;
  db: { msPerRequest: number; queriesPerRequest: number };
}

function quantile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN;
}
function q3(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), p99: quantile(s, 0.99) };
}

interface Hooks {
  /** Every response's latency (autocannon's 'response' event; the client's context says which request it was). */
  onResponse?(kind: Kind, status: number, ms: number): void;
  onTimeout?(kind: Kind): void;
  /** Every response's status, body and headers (the request's onResponse, called just before the event). */
  onAnswer?(kind: Kind, status: number, body: string, headers: Record<string, string>): void;
}

async function fire(url: string, connections: number, seconds: number, next: () => Kind, d: Dataset, { onResponse, onTimeout, onAnswer }: Hooks = {}) {
  const instance = autocannon({
    url, connections, duration: seconds, timeout: 10,
    requests: [{
      setupRequest: (_req, context) => {
        const kind = next();
        context.kind = kind;
        return requestOf(kind, d);
      },
      onResponse: (status, body, context, headers) => onAnswer?.(context.kind ?? 'search', status, body, headers),
    }],
    setupClient: (client) => client.on('timeout', () => onTimeout?.(client.requestIterator.context.kind ?? 'search')),
  });
  instance.on('response', (client: AutocannonClient, status: number, _bytes: number, ms: number) => onResponse?.(client.requestIterator.context.kind ?? 'search', status, ms));
  return instance;
}

/**
 * An open loop (what a number of professionals with pauses between their clicks looks like): requests arrive at
 * `rate` per second (Poisson), each sent without waiting for the others (fetch's keep-alive pool opens connections
 * as needed), so the latency is the server's plus the queue the load really makes — not the queue of a closed loop.
 */
async function openLoop(url: string, rate: number, seconds: number, d: Dataset, { onResponse, onTimeout, onAnswer }: Hooks = {}) {
  const end = performance.now() + seconds * 1000;
  const inflight = new Set<Promise<void>>();
  let timeouts = 0;
  let errors = 0;
  for (let at = performance.now(); at < end; at += (-Math.log(1 - rand()) * 1000) / rate) {
    const wait = at - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const kind = mixedKind();
    const req = requestOf(kind, d);
    const t0 = performance.now();
    const sent: Promise<void> = fetch(`${url}${req.path}`, {
      method: req.method, headers: req.headers, body: req.body ? new Uint8Array(req.body as Buffer) : undefined, signal: AbortSignal.timeout(10_000),
    }).then(async (res) => {
      const body = await res.text();
      onAnswer?.(kind, res.status, body, Object.fromEntries(res.headers));
      onResponse?.(kind, res.status, performance.now() - t0);
    }).catch((error: Error) => {
      errors++;
      if (error.name === 'TimeoutError') {
        timeouts++;
        onTimeout?.(kind);
      }
    }).finally(() => inflight.delete(sent));
    inflight.add(sent);
  }
  await Promise.all(inflight);
  return { timeouts, errors };
}

/** One level: `connections` in a closed loop (autocannon), or with `rate` an open loop at that many requests/s. */
async function runLevel(url: string, serverPid: number, pgPid: number | undefined, stats: pg.Pool | undefined, connections: number, d: Dataset, rate?: number): Promise<Level> {
  const drive = (seconds: number, hooks: Hooks = {}) => (rate ? openLoop(url, rate, seconds, d, hooks) : fire(url, connections, seconds, mixedKind, d, hooks));
  await drive(WARMUP_SECONDS); // the same load, not measured
  const byKind = Object.fromEntries(KINDS.map((k) => [k, { n: 0, lat: [] as number[], non2xx: 0, timeouts: 0, statuses: {} as Record<string, number> }])) as Level['byKind'];
  const all: number[] = [];
  const rss = { node: [] as number[], other: [] as number[], nodePss: [] as number[], otherPss: [] as number[], nodeCount: 0 };
  const sample = () => {
    const tree = processTree(serverPid);
    const node = tree.filter(isNode);
    const other = tree.filter((p) => !isNode(p));
    rss.nodeCount = node.length;
    rss.node.push(node.reduce((s, p) => s + rssMb(p.pid), 0));
    rss.other.push(other.reduce((s, p) => s + rssMb(p.pid), 0));
    rss.nodePss.push(node.reduce((s, p) => s + pssMb(p.pid), 0));
    rss.otherPss.push(other.reduce((s, p) => s + pssMb(p.pid), 0));
  };
  const db0 = await dbTotals(stats);
  const host0 = hostBusyMs();
  const perProcess0 = new Map(processTree(serverPid).filter(isNode).map((p) => [p.pid, p.cpuMs]));
  const cpu0 = { api: treeCpu(serverPid, isNode), chromium: treeCpu(serverPid, (p) => !isNode(p)), postgres: treeCpu(pgPid), bench: process.cpuUsage() };
  const t0 = performance.now();
  const sampler = setInterval(sample, 500);
  sample();
  const instances: Record<string, number> = {};
  const firstError: Partial<Record<Kind, string>> = {};
  const result = await drive(SECONDS, {
    onResponse: (kind, status, ms) => {
      const k = byKind[kind];
      k.n++;
      k.statuses[status] = (k.statuses[status] ?? 0) + 1;
      if (status < 200 || status > 299) k.non2xx++;
      k.lat.push(ms);
      all.push(ms);
    },
    onTimeout: (kind) => byKind[kind].timeouts++,
    onAnswer: (kind, status, body, headers) => {
      const instance = headers['x-limiar-instance'] ?? headers['X-Limiar-Instance'] ?? '-';
      instances[instance] = (instances[instance] ?? 0) + 1;
      if ((status < 200 || status > 299) && !firstError[kind]) firstError[kind] = `${status} ${body.slice(0, 200)}`;
    },
  });
  clearInterval(sampler);
  const wall = (performance.now() - t0) / 1000;
  const bench = process.cpuUsage(cpu0.bench);
  const host = hostBusyMs() - host0;
  const perProcess = processTree(serverPid).filter(isNode).map((p) => ({ pid: p.pid, primary: p.pid === serverPid, ms: p.cpuMs - (perProcess0.get(p.pid) ?? 0) }));
  const cpu = {
    api: treeCpu(serverPid, isNode) - cpu0.api, chromium: treeCpu(serverPid, (p) => !isNode(p)) - cpu0.chromium,
    postgres: treeCpu(pgPid) - cpu0.postgres, bench: (bench.user + bench.system) / 1000,
  };
  const db1 = await dbTotals(stats);
  const pgConnections = stats ? Number((await stats.query<{ n: string }>(`select count(*) as n from pg_stat_activity where backend_type = 'client backend' and datname = current_database()`)).rows[0]!.n) - 1 : NaN;
  const total = all.length;
  const avgMax = (xs: number[]) => ({ avg: xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length), max: Math.max(0, ...xs) });
  const pct = (ms: number) => (100 * ms) / (wall * 1000); // % of one core
  return {
    connections, seconds: wall, total, rps: total / wall, byKind, all,
    non2xx: KINDS.reduce((s, k) => s + byKind[k].non2xx, 0), timeouts: result.timeouts, connErrors: result.errors - result.timeouts,
    rssNode: avgMax(rss.node), rssOther: avgMax(rss.other), pssNode: avgMax(rss.nodePss).avg, pssOther: avgMax(rss.otherPss).avg, nodeProcesses: rss.nodeCount,
    cpu: { api: pct(cpu.api), chromium: pct(cpu.chromium), postgres: pct(cpu.postgres), bench: pct(cpu.bench), others: Math.max(0, pct(host - cpu.api - cpu.chromium - cpu.postgres - cpu.bench)) },
    instances, firstError, pgConnections,
    perProcessCpu: perProcess.map((p) => ({ ...p, pct: pct(p.ms) })),
    db: { msPerRequest: (db1.ms - db0.ms) / total, queriesPerRequest: (db1.calls - db0.calls) / total },
  };
}

const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : 'n/a');
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

function printLevel(title: string, l: Level) {
  const o = q3(l.all);
  console.log(`\n${title}${l.connections ? `, ${l.connections} connections` : ''}, ${l.seconds.toFixed(1)} s: ${l.total.toLocaleString('en')} requests, ${f0(l.rps)} req/s, p50 ${f1(o.p50)} / p95 ${f1(o.p95)} / p99 ${f1(o.p99)} ms, `
    + `errors: ${l.non2xx} non-2xx, ${l.timeouts} timeouts, ${l.connErrors} connection errors`);
  for (const k of KINDS) {
    const x = l.byKind[k];
    if (!x.n && !x.timeouts) continue;
    const q = q3(x.lat);
    const bad = Object.entries(x.statuses).filter(([s]) => Number(s) < 200 || Number(s) > 299).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`  ${LABEL[k].padEnd(50)} ${String(x.n).padStart(6)} (${f1(x.n / l.seconds).padStart(6)} req/s)  p50 ${f1(q.p50).padStart(7)}  p95 ${f1(q.p95).padStart(7)}  p99 ${f1(q.p99).padStart(7)} ms  errors ${x.non2xx + x.timeouts}${bad ? ` (${bad})` : ''}${x.timeouts ? ` (${x.timeouts} timeouts)` : ''}`);
  }
  console.log(`  RSS (VmRSS summed over the server's process tree, sampled every 0.5 s): ${l.nodeProcesses} node processes ${f0(l.rssNode.avg)} MB avg / ${f0(l.rssNode.max)} MB max, `
    + `Chromium ${f0(l.rssOther.avg)} / ${f0(l.rssOther.max)} MB; PSS (shared pages counted once) ${f0(l.pssNode)} + ${f0(l.pssOther)} = ${f0(l.pssNode + l.pssOther)} MB`);
  console.log(`  CPU (% of one core, ${os.cpus().length * 100} % = all): API ${f0(l.cpu.api)} %, Chromium ${f0(l.cpu.chromium)} %, PostgreSQL ${f0(l.cpu.postgres)} %, autocannon (this bench) ${f0(l.cpu.bench)} %, `
    + `other processes of the host ${f0(l.cpu.others)} %${l.cpu.others > 20 ? ' — the host was not idle: figures disturbed' : ''}`);
  if (l.perProcessCpu.length > 1) console.log(`  API CPU by process: ${l.perProcessCpu.map((p) => `${p.primary ? 'primary' : `worker ${p.pid}`} ${f0(p.pct)} %`).join(', ')}`);
  // the cluster hands each new connection to a worker and keep-alive keeps it there: an uneven split lasts the whole level
  const instances = Object.entries(l.instances);
  if (instances.some(([i]) => i !== '-')) console.log(`  answered by (X-Limiar-Instance): ${instances.sort().map(([i, n]) => `${i} ${(100 * n / l.total).toFixed(0)} %`).join(', ')}`);
  for (const [k, e] of Object.entries(l.firstError)) console.log(`  first error of ${k}: ${e}`);
  console.log(`  database: ${f2(l.db.msPerRequest)} ms and ${f1(l.db.queriesPerRequest)} statements per request (pg_stat_statements: execution + planning, background jobs and audit batches included); `
    + `${f0(l.pgConnections)} connections held by the server's processes`);
}

/** The level where adding connections stops adding throughput (< 10 % more), latency climbing instead. */
function saturation(levels: Level[]): string {
  const rps = levels.map((l) => l.rps);
  const p95 = levels.map((l) => q3(l.all).p95);
  const trail = levels.map((l, i) => `${l.connections}: ${f0(rps[i]!)} req/s, p95 ${f0(p95[i]!)} ms`).join(' → ');
  for (let i = 0; i < levels.length - 1; i++) {
    if (rps[i + 1]! < rps[i]! * 1.1) {
      const at = levels[i]!.connections;
      return `${i === 0 ? `at or below ${at}` : `at ${at}`} connections (throughput ${f0(rps[i]!)} → ${f0(rps[i + 1]!)} req/s while p95 ${f0(p95[i]!)} → ${f0(p95[i + 1]!)} ms) | ${trail}`;
    }
  }
  return `not reached up to ${levels[levels.length - 1]!.connections} connections | ${trail}`;
}

async function isolated(url: string, serverPid: number, pgPid: number | undefined, stats: pg.Pool | undefined, d: Dataset) {
  console.log(`\nEach endpoint alone on the 1-process server, 2 connections (light load: the cost of one request, not the queueing):`);
  console.log(`  ${'endpoint'.padEnd(50)} ${'n'.padStart(5)}  ${'req/s'.padStart(6)}  ${'p50 ms'.padStart(7)}  ${'DB ms/req'.padStart(9)}  ${'stmts/req'.padStart(9)}  ${'API CPU ms/req'.padStart(14)}  ${'PG CPU ms/req'.padStart(13)}  ${'Chromium CPU ms/req'.padStart(19)}`);
  const rows: Array<{ kind: Kind; db: number; api: number; pg: number; chromium: number }> = [];
  for (const kind of KINDS) {
    const seconds = kind === 'laudo-render' ? 4 : 3;
    await fire(url, 2, 1, () => kind, d);
    const lat: number[] = [];
    let bad = 0;
    const db0 = await dbTotals(stats);
    const c0 = { api: treeCpu(serverPid, isNode), chromium: treeCpu(serverPid, (p) => !isNode(p)), pg: treeCpu(pgPid) };
    const t0 = performance.now();
    await fire(url, 2, seconds, () => kind, d, {
      onResponse: (_k, status, ms) => {
        lat.push(ms);
        if (status < 200 || status > 299) bad++;
      },
    });
    const wall = (performance.now() - t0) / 1000;
    const db1 = await dbTotals(stats);
    const n = lat.length;
    const r = {
      kind, db: (db1.ms - db0.ms) / n, api: (treeCpu(serverPid, isNode) - c0.api) / n, pg: (treeCpu(pgPid) - c0.pg) / n,
      chromium: (treeCpu(serverPid, (p) => !isNode(p)) - c0.chromium) / n,
    };
    rows.push(r);
    console.log(`  ${LABEL[kind].padEnd(50)} ${String(n).padStart(5)}  ${f0(n / wall).padStart(6)}  ${f1(q3(lat).p50).padStart(7)}  ${f2(r.db).padStart(9)}  ${f1((db1.calls - db0.calls) / n).padStart(9)}  ${f2(r.api).padStart(14)}  ${f2(r.pg).padStart(13)}  ${f2(r.chromium).padStart(19)}${bad ? `  (${bad} non-2xx)` : ''}`);
  }
  const w = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + WEIGHTS[r.kind] * f(r), 0);
  const api = w((r) => r.api) + w((r) => r.chromium);
  const pgCpu = w((r) => r.pg);
  console.log(`  the mix (weighted): DB ${f2(w((r) => r.db))} ms, API CPU ${f2(w((r) => r.api))} ms, PostgreSQL CPU ${f2(pgCpu)} ms, Chromium CPU ${f2(w((r) => r.chromium))} ms per request`);
  console.log(`  CPU ceilings of this mix (linear, from the CPU per request above; no queueing, no lock waits): ${f0(1000 / api)} req/s per core of API processes (node + Chromium), `
    + `${f0(1000 / pgCpu)} req/s per core of PostgreSQL — the side with the smaller figure per core runs out first as cores are added`);
}

async function main() {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const db = await startTestPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-load-'));
  let server: ChildServer | undefined;
  let stats: pg.Pool | undefined;
  try {
    const statements = await enableStatements(db);
    const pgPid = await postmasterPid(db.url);
    console.log(`PostgreSQL: ${db.kind}${pgPid ? ` (postmaster ${pgPid})` : ''}; pg_stat_statements ${statements ? 'on' : 'not available: database time not measured'}`);
    if (statements) {
      stats = new pg.Pool({ connectionString: db.url, max: 1 });
      stats.on('error', () => {}); // an idle connection ended by the server's shutdown at the end is not a failure
    }
    const help = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), 'serve', '--help'], { cwd: root, encoding: 'utf8' });
    const clusterAvailable = /--workers/.test(help.stdout);
    const port = await freePort();
    const env = serverEnv(db.url, dataDir, port);

    // accounts: one organisation, its admin (a physician) and three invited professionals
    server = await spawnServer(env);
    const adminEmail = 'admin@bench-load.com';
    const reg = await call<{ token: string; user: { id: string } }>(server.url, 'POST', '/api/auth/register', {
      name: 'Dra. Bench Carga', email: adminEmail, password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '123456', crmState: 'SP',
    });
    const professionals: Professional[] = [{ token: reg.token, userId: reg.user.id, email: adminEmail }];
    const invited = [
      ['medico', { professionalType: 'Medico', crm: '654321', crmState: 'SP' }], ['fonoaudiologo', { professionalType: 'Fonoaudiologo', crfa: '12345', crfaRegion: '2' }],
      ['fonoaudiologo', { professionalType: 'Fonoaudiologo', crfa: '54321', crfaRegion: '2' }],
    ] as const;
    for (const [i, [role, fields]] of invited.entries()) {
      const email = `prof${i}@bench-load.com`;
      const inv = await call<{ acceptPath: string }>(server.url, 'POST', '/api/team/invitations', { email, roles: [role] }, reg.token);
      const token = new URLSearchParams(inv.acceptPath.split('#')[1]).get('token');
      const acc = await call<{ token: string; user: { id: string } }>(server.url, 'POST', '/api/invitations/accept', {
        mode: 'new', token, name: `Profissional ${i}`, password: 'segredo1', confirmPassword: 'segredo1', ...fields,
      });
      professionals.push({ token: acc.token, userId: acc.user.id, email });
    }
    await stopServer(server);
    server = undefined;

    // the data, through the product
    const file = path.join(dataDir, 'exams.csv');
    writeExamsCsv(file, EXAMS, nameOf);
    const imported = importExamsFile(db.url, file, adminEmail);
    fs.rmSync(file, { force: true });
    console.log(`data: ${imported.imported.toLocaleString('en')} exams of ${imported.patientsCreated.toLocaleString('en')} workers by \`limiar import exams\` in ${imported.seconds} s (${imported.rowsPerSecond.toLocaleString('en')} rows/s) [${elapsed()}]`);
    const admin = new pg.Pool({ connectionString: db.url, max: 1 });
    admin.on('error', () => {});
    for (const table of ['exam', 'patient']) await admin.query(`vacuum analyze ${table}`); // the settled state autovacuum reaches after an import
    const sampled = await admin.query<{ id: string; patient_id: string }>('select id, patient_id from exam order by random() limit $1', [SAMPLE]);
    const size = (await admin.query<{ db: string; exam: string; patient: string }>(`select pg_database_size(current_database()) as db,
      pg_total_relation_size('exam') as exam, pg_total_relation_size('patient') as patient`)).rows[0]!;
    await admin.end();
    const mb = (bytes: string | number) => `${(Number(bytes) / 2 ** 20).toFixed(0)} MB`;
    console.log(`database after VACUUM ANALYZE: ${mb(size.db)} (exam table + indexes ${mb(size.exam)}, ${f0(Number(size.exam) / imported.imported)} bytes per exam; patient ${mb(size.patient)})`);
    const examIds = sampled.rows.map((r) => r.id);
    const patientIds = [...new Set(sampled.rows.map((r) => r.patient_id))];

    // laudos: finalised (their issued PDF is read back) and drafts (rendered on each download); a few uploads first
    server = await spawnServer(env);
    const reportExamIds = examIds.slice(0, FINALISED_LAUDOS + DRAFT_LAUDOS);
    const finalisedReportIds: string[] = [];
    const draftReportIds: string[] = [];
    for (const [i, examId] of reportExamIds.entries()) {
      const draft = await call<{ id: string }>(server.url, 'POST', `/api/reports/generate/${examId}`, { audiometryType: 'simple' }, professionals[i % professionals.length]!.token);
      if (i < FINALISED_LAUDOS) {
        await call(server.url, 'POST', `/api/reports/${draft.id}/finalize`, undefined, reg.token);
        finalisedReportIds.push(draft.id);
      } else draftReportIds.push(draft.id);
    }
    // a finalised laudo locks its exam and the worker's earlier ones (finalized-report-guard.ts): uploads go to other workers' exams
    const laudoWorkers = new Set(sampled.rows.slice(0, reportExamIds.length).map((r) => r.patient_id));
    const uploadExamIds = sampled.rows.filter((r) => !laudoWorkers.has(r.patient_id)).map((r) => r.id);
    const dataset: Dataset = { professionals, patientIds, examIds, uploadExamIds, finalisedReportIds, draftReportIds };
    for (let i = 0; i < 3; i++) {
      const who = professionals[i]!;
      const res = await fetch(`${server.url}/api/files/upload`, {
        method: 'POST', body: new Uint8Array(multipart(dataset.uploadExamIds[i]!, who.userId)), headers: { authorization: `Bearer ${who.token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      const up = await res.json() as { analysisPending?: boolean; reviewPending?: boolean; readingId?: string };
      if (res.status !== 201 || up.analysisPending) throw new Error(`upload de verificação: ${res.status} ${JSON.stringify(up)}\n${server.output().slice(-3000)}`);
      if (i === 0) console.log(`upload check: 201, read by the fast reader and ${up.reviewPending ? 'held for review (the exam already has thresholds)' : 'applied'}, analysisPending=false (no slow reading queued)`);
    }
    for (const [route, label] of [[`/api/reports/${finalisedReportIds[0]}/download`, 'issued'], [`/api/reports/${draftReportIds[0]}/download`, 'draft']] as const) {
      const res = await fetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${reg.token}` } });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error(`PDF do laudo (${label}): ${res.status}`);
    }
    console.log(`laudos: ${finalisedReportIds.length} finalised, ${draftReportIds.length} drafts; ${professionals.length} professionals (1 admin + 3 invited), tokens from register/accept reused [${elapsed()}]`);

    const mix = KINDS.map((k) => `${k} ${(WEIGHTS[k] * 100).toFixed(1)} %`).join(', ');
    console.log(`\nmix: ${mix}; closed loop (no think time), ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per level, autocannon timeout 10 s`);
    console.log(`host: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB — autocannon runs in this process on the same cores as the API and PostgreSQL (its CPU is printed per level)`);

    const results: Record<'1' | '2', Level[]> = { 1: [], 2: [] };
    const halfLoad: Partial<Record<'1' | '2', Level>> = {};
    let halfRate: number | undefined;
    for (const procs of ['1', '2'] as const) {
      if (procs === '2') {
        await stopServer(server);
        server = undefined;
        if (!clusterAvailable) {
          console.log('\n2 processes: skipped — this `limiar serve` has no --workers option yet');
          break;
        }
        server = await spawnServer(env, ['serve', '--workers', '2']);
      }
      const title = procs === '1' ? '1 process (`limiar serve`)' : '2 processes (`limiar serve --workers 2`)';
      // the server's own warm-up: JIT, pools filled, each process's Chromium launched (not measured)
      await fire(server!.url, LEVELS[0]!, Math.max(5, WARMUP_SECONDS), mixedKind, dataset);
      for (const connections of LEVELS) {
        const level = await runLevel(server!.url, server!.process.pid!, pgPid, stats, connections, dataset);
        results[procs].push(level);
        printLevel(title, level);
      }
      // an open loop at half the 1-process peak (the same rate for both servers): latency below saturation
      halfRate ??= Math.max(1, Math.round(Math.max(...results[procs].map((l) => l.rps)) / 2));
      const paced = await runLevel(server!.url, server!.process.pid!, pgPid, stats, 0, dataset, halfRate);
      halfLoad[procs] = paced;
      printLevel(`${title}, open loop at ${halfRate} req/s offered (half the 1-process peak)`, paced);
      if (procs === '1') await isolated(server!.url, server!.process.pid!, pgPid, stats, dataset);
      console.log(`[${elapsed()}]`);
    }
    if (server) {
      await stopServer(server);
      server = undefined;
    }
    const filesDir = path.join(dataDir, 'files'); // the encrypted disk store (adapters/src/files/encrypted-file-storage.ts)
    const files = fs.existsSync(filesDir) ? fs.readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];
    const fileBytes = files.reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
    console.log(`\nstored files (encrypted, in LIMIAR_DATA_DIR): ${files.length} files, ${(fileBytes / 2 ** 20).toFixed(1)} MB — uploads of a ${(uploadPdf.length / 1024).toFixed(1)} KB PDF and the issued laudos`);

    console.log('\nSummary');
    for (const procs of ['1', '2'] as const) {
      const levels = results[procs];
      if (!levels.length) continue;
      const errors = [...levels, ...(halfLoad[procs] ? [halfLoad[procs]] : [])].reduce((s, l) => s + l.non2xx + l.timeouts + l.connErrors, 0);
      const at20 = levels.find((l) => l.connections === 20);
      const searchP95 = at20 ? q3(at20.byKind.search.lat).p95 : NaN;
      console.log(`  ${procs} process${procs === '1' ? '' : 'es'}: errors ${errors} (target 0: ${errors === 0 ? 'OK' : 'NOT MET'}); search p95 at 20 connections ${f1(searchP95)} ms (target < 50 ms: ${searchP95 < 50 ? 'OK' : 'NOT MET'})`);
      console.log(`    saturation: ${saturation(levels)}`);
      const half = halfLoad[procs];
      if (half) {
        const q = q3(half.byKind.search.lat);
        console.log(`    open loop at half the 1-process peak (${f0(half.rps)} req/s answered): search p50 ${f1(q.p50)} / p95 ${f1(q.p95)} ms (< 50 ms: ${q.p95 < 50 ? 'yes' : 'no'}), `
          + `overall p95 ${f1(q3(half.all).p95)} ms, errors ${half.non2xx + half.timeouts + half.connErrors} — context for the target (which is judged at 20 closed-loop connections above)`);
      }
    }
    if (results[2].length) {
      console.log('  2 processes / 1 process (same connections):');
      for (const [i, one] of results[1].entries()) {
        const two = results[2][i];
        if (!two) continue;
        const p = (l: Level) => q3(l.all);
        const perKind = KINDS.filter((k) => one.byKind[k].n && two.byKind[k].n).map((k) => `${k} ×${f2(q3(two.byKind[k].lat).p95 / q3(one.byKind[k].lat).p95)}`).join(', ');
        console.log(`    ${one.connections} connections: req/s ×${f2(two.rps / one.rps)}, p50 ×${f2(p(two).p50 / p(one).p50)}, p95 ×${f2(p(two).p95 / p(one).p95)}, p99 ×${f2(p(two).p99 / p(one).p99)}, `
          + `API RSS ×${f2(two.rssNode.avg / one.rssNode.avg)} (${f0(one.rssNode.avg)} → ${f0(two.rssNode.avg)} MB); p95 per endpoint: ${perKind}`);
      }
      const [one, two] = [halfLoad[1], halfLoad[2]];
      if (one && two) console.log(`    open loop at ${halfRate} req/s: p50 ×${f2(q3(two.all).p50 / q3(one.all).p50)}, p95 ×${f2(q3(two.all).p95 / q3(one.all).p95)}, search p95 ×${f2(q3(two.byKind.search.lat).p95 / q3(one.byKind.search.lat).p95)}`);
    }
    console.log(`total ${elapsed()}`);
  } finally {
    if (server) await stopServer(server);
    await stats?.end();
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

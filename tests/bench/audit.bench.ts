/**
 * Issue 20 benchmark: the cost of the audit trail on `GET /api/patients` (target: p95 at most 10 % above
 * the same server without the trail). One PostgreSQL database with 5 000 workers (BENCH_AUDIT_WORKERS),
 * three servers on it that differ only by LIMIAR_AUDIT:
 *   off      — no trail (the baseline; LIMIAR_AUDIT=off exists for this benchmark only)
 *   buffered — the default: the entry is queued, written after the response in batches (ADR 0020)
 *   direct   — one INSERT per request, awaited before the response
 * Rounds are interleaved (off, buffered, direct in a rotating order) so drift and noise hit all three; each
 * round sends 200 sequential requests and then 200 more from 8 concurrent clients (~2 s, so the buffered
 * server writes its batches during the block), then waits 1.1 s (the block's last batch is written then, not
 * during the next mode's block). Prints p50/p95 of the
 * server time (Server-Timing, which includes the audit middleware) and of the round trip, and the ratios.
 * Run: npm run bench audit   (or: node --import tsx tests/bench/audit.bench.ts)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../adapters/src/composition/config';
import { startServer, type RunningServer } from '../../adapters/src/composition/server';
import { startTestPostgres } from '../support/test-postgres';

const WORKERS = Number(process.env.BENCH_AUDIT_WORKERS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 12);
const SEQUENTIAL = 200;
const CONCURRENT_CLIENTS = 8;
const CONCURRENT_EACH = 25;
/**
 * Between blocks: the buffered server's last batch (written 1 s after its first entry) lands in this pause, not in
 * the next block of another mode; a block lasts ~2 s, so the batches written during it are measured.
 */
const SETTLE_MS = 1_100;
const MODES = ['off', 'buffered', 'direct'] as const;
type Mode = (typeof MODES)[number];

const FIRST = ['José', 'Maria', 'João', 'Ana', 'Antônio', 'Francisca', 'Carlos', 'Luíza', 'Paulo', 'Márcia', 'Pedro', 'Adriana'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro'];
let seed = 20;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

function quantiles(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { n: s.length, p50: q(0.5), p95: q(0.95), max: s[s.length - 1]! };
}
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function one(url: string, token: string, server: number[], roundTrip: number[]) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  const t1 = performance.now();
  if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
  roundTrip.push(t1 - t0);
  server.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]));
}

async function main() {
  const db = await startTestPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-audit-'));
  const servers = new Map<Mode, RunningServer>();
  try {
    for (const mode of MODES) {
      // one data dir: the same session secret, so one token works on the three servers
      servers.set(mode, await startServer(loadConfig({
        DATABASE_URL: db.url, PORT: '0', LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'warn', NODE_ENV: 'production', LIMIAR_PROGRAMME_REFRESH_SECONDS: '0', LIMIAR_AUDIT: mode,
      })));
    }
    const first = servers.get('off')!;
    const reg = await (await fetch(`${first.url}/api/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Auditoria', email: 'audit-bench@x.com', password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '1234', crmState: 'SP' }),
    })).json() as { token: string; user: { organizationId: string } };
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const company = randomUUID();
    await pool.query('insert into company (id, organization_id, name, created_at) values ($1, $2, $3, now())', [company, reg.user.organizationId, 'Metalúrgica Bench Ltda']);
    await pool.query(`insert into patient (id, organization_id, name, age, sex, company_id, created_at, updated_at)
      select gen_random_uuid(), $1, n.name, 20 + (g % 45), case when g % 3 = 0 then 'F' else 'M' end, $2, now() - g * interval '1 minute', now()
      from generate_series(1, $3::int) g, lateral (select $4::text[] as names) a, lateral (select a.names[1 + (g % array_length(a.names, 1))] as name) n`,
    [reg.user.organizationId, company, WORKERS, Array.from({ length: 500 }, () => `${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`)]);
    await pool.query('analyze');
    await pool.end();
    console.log(`${WORKERS.toLocaleString('en')} workers; GET /api/patients (first page, 100 rows) on three servers over one database`);

    type Samples = { server: number[]; roundTrip: number[] };
    const empty = (): Samples => ({ server: [], roundTrip: [] });
    const results = new Map<Mode, { sequential: Samples; concurrent: Samples; rounds: Array<{ sequential: number; concurrent: number }> }>(
      MODES.map((m) => [m, { sequential: empty(), concurrent: empty(), rounds: [] }]));
    for (const mode of MODES) { // warm-up
      const url = `${servers.get(mode)!.url}/api/patients`;
      for (let i = 0; i < 30; i++) await one(url, reg.token, [], []);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = MODES.map((_, i) => MODES[(i + round) % MODES.length]!);
      for (const mode of order) {
        const url = `${servers.get(mode)!.url}/api/patients`;
        const r = results.get(mode)!;
        const sequential = empty();
        const concurrent = empty();
        for (let i = 0; i < SEQUENTIAL; i++) await one(url, reg.token, sequential.server, sequential.roundTrip);
        await Promise.all(Array.from({ length: CONCURRENT_CLIENTS }, async () => {
          for (let i = 0; i < CONCURRENT_EACH; i++) await one(url, reg.token, concurrent.server, concurrent.roundTrip);
        }));
        r.sequential.server.push(...sequential.server);
        r.sequential.roundTrip.push(...sequential.roundTrip);
        r.concurrent.server.push(...concurrent.server);
        r.concurrent.roundTrip.push(...concurrent.roundTrip);
        r.rounds.push({ sequential: quantiles(sequential.server).p95, concurrent: quantiles(concurrent.server).p95 });
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      }
    }
    const check = new pg.Pool({ connectionString: db.url, max: 1 });
    for (const s of servers.values()) await s.close(); // the buffered server writes its last entries here
    servers.clear();
    const { rows } = await check.query<{ route: string; n: string }>('select route, count(*) as n from audit_log group by route');
    await check.end();
    const expectedRows = ROUNDS * (SEQUENTIAL + CONCURRENT_CLIENTS * CONCURRENT_EACH) * 2 + 30 * 2;
    const written = rows.reduce((sum, r) => sum + Number(r.n), 0);
    console.log(`audit rows written: ${written} (expected ${expectedRows}: buffered + direct, warm-up included)${written === expectedRows ? '' : ' — MISMATCH'}`);

    const median = (xs: number[]) => quantiles(xs).p50;
    console.log(`\n${ROUNDS} interleaved rounds per mode, each ${SEQUENTIAL} sequential requests then ${CONCURRENT_CLIENTS} clients × ${CONCURRENT_EACH}; server = Server-Timing (audit middleware included), rt = round trip on loopback`);
    for (const load of ['sequential', 'concurrent'] as const) {
      const off = results.get('off')!;
      const offServer = quantiles(off[load].server);
      const offRt = quantiles(off[load].roundTrip);
      console.log(`\n${load}:`);
      for (const mode of MODES) {
        const r = results.get(mode)!;
        const server = quantiles(r[load].server);
        const rt = quantiles(r[load].roundTrip);
        // the same round's p95 against the baseline's, then the median over rounds: drift and bursts of noise cancel out
        const perRound = median(r.rounds.map((x, i) => x[load] / off.rounds[i]![load]));
        const ratio = server.p95 / offServer.p95;
        const verdict = mode === 'off' ? 'baseline' : `p95 ×${ratio.toFixed(3)} of off (median per-round ×${perRound.toFixed(3)}), rt p95 ×${(rt.p95 / offRt.p95).toFixed(3)} — target ≤ ×1.10: ${Math.min(ratio, perRound) <= 1.1 ? 'OK' : 'NOT MET'}`;
        console.log(`  audit ${mode.padEnd(8)} n=${server.n}: server p50 ${fmt(server.p50)} p95 ${fmt(server.p95)} (max ${fmt(server.max)}) | rt p50 ${fmt(rt.p50)} p95 ${fmt(rt.p95)} | ${verdict}`);
      }
    }
  } finally {
    for (const s of servers.values()) await s.close();
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

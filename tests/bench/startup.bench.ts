/**
 * Time from `npm start` (dependencies installed, web app built) to the first healthy answer of
 * `GET /api/health` — target < 10 s. Measured for a fresh data directory (includes initdb) and for
 * an existing one, against a baseline measured in the same run: a bare `node --import tsx` start.
 *
 * Then the server alone (issue 16 item 7): `limiar serve` against a PostgreSQL already running, from
 * the process start to the first healthy answer, and the server's own "pronto em … ms" (startServer:
 * modules, ORM, migrations check, container, listen). pdfjs, Puppeteer and the Ollama client load on
 * first use, so neither figure includes them. `BENCH_STARTUP_SERVER_ONLY=1` runs this part only (it
 * never builds the web app).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../adapters/src/persistence/embedded-postgres/ports';
import { startTestPostgres } from '../support/test-postgres';

const root = path.resolve(import.meta.dirname, '..', '..');
const runs = 3;

async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await findFreePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LIMIAR_DATA_DIR: dataDir, LIMIAR_PG_PORT: String(await findFreePort()), LIMIAR_LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 60_000) throw new Error('sem resposta saudável em 60 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    process.kill(-child.pid!, 'SIGINT');
    await new Promise((r) => child.once('exit', r));
  }
}

const baseline = () => {
  const t = performance.now();
  spawnSync(process.execPath, ['--import', 'tsx', '-e', '0'], { cwd: root });
  return performance.now() - t;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** `limiar serve` on a running database: ms to the first healthy answer, and the server's own figure. */
async function serverStart(databaseUrl: string, dataDir: string): Promise<{ healthy: number; ready: number }> {
  const port = await findFreePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'serve'], {
    cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) {
          const healthy = performance.now() - started;
          // the ready line is written just before listening returns; give it the time to arrive
          while (!/pronto em .*\((\d+) ms\)/.test(stdout) && performance.now() - started < 60_000) await new Promise((r) => setTimeout(r, 10));
          return { healthy, ready: Number(/\((\d+) ms\)/.exec(stdout)![1]) };
        }
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 60_000) throw new Error('sem resposta saudável em 60 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
  }
}

const base = median(Array.from({ length: runs }, baseline));
console.log(`baseline (node --import tsx, nothing loaded): ${fmt(base)}`);

if (!process.env.BENCH_STARTUP_SERVER_ONLY) {
  const fresh: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-start-'));
    fs.chmodSync(dir, 0o755);
    fresh.push(await timeToHealthy(dir));
    warm.push(await timeToHealthy(dir));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`npm start → healthy, new data dir (initdb):  median ${fmt(median(fresh))}  [${fresh.map(fmt).join(', ')}]  ratio ${(median(fresh) / base).toFixed(1)}×`);
  console.log(`npm start → healthy, existing data dir:      median ${fmt(median(warm))}  [${warm.map(fmt).join(', ')}]  ratio ${(median(warm) / base).toFixed(1)}×`);
  console.log(`target < 10 s: ${median(warm) < 10_000 && median(fresh) < 10_000 ? 'OK' : 'NOT MET'}`);
}

{
  const db = await startTestPostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-serve-'));
  try {
    await serverStart(db.url, dir); // the first run applies the migrations to the new database
    const serve = [];
    for (let i = 0; i < runs + 2; i++) serve.push(await serverStart(db.url, dir));
    const healthy = serve.map((s) => s.healthy);
    const ready = serve.map((s) => s.ready);
    console.log(`limiar serve → healthy, database running:    median ${fmt(median(healthy))}  [${healthy.map(fmt).join(', ')}]  ratio ${(median(healthy) / base).toFixed(1)}×`);
    console.log(`  of which startServer ("pronto em"):         median ${fmt(median(ready))}  [${ready.map(fmt).join(', ')}]`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await db.stop();
  }
}

/**
 * Time from `npm start` (dependencies installed, web app built) to the first healthy answer of
 * `GET /api/health` — target < 10 s. Measured for a fresh data directory (includes initdb) and for
 * an existing one, against a baseline measured in the same run: a bare `node --import tsx` start.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../adapters/src/persistence/embedded-postgres/ports';

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

const base = median(Array.from({ length: runs }, baseline));
const fresh: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-start-'));
  fs.chmodSync(dir, 0o755);
  fresh.push(await timeToHealthy(dir));
  warm.push(await timeToHealthy(dir));
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`baseline (node --import tsx, nothing loaded): ${fmt(base)}`);
console.log(`npm start → healthy, new data dir (initdb):  median ${fmt(median(fresh))}  [${fresh.map(fmt).join(', ')}]  ratio ${(median(fresh) / base).toFixed(1)}×`);
console.log(`npm start → healthy, existing data dir:      median ${fmt(median(warm))}  [${warm.map(fmt).join(', ')}]  ratio ${(median(warm) / base).toFixed(1)}×`);
console.log(`target < 10 s: ${median(warm) < 10_000 && median(fresh) < 10_000 ? 'OK' : 'NOT MET'}`);

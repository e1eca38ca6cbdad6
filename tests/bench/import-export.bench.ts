/**
 * Issue 8 benchmark: `limiar import exams` on N exams of N/10 workers (thresholds from NHANES,
 * file grouped by worker as exports of other systems are), against a raw COPY of the same rows
 * (patients + exams, with their classification documents) into the same server in the same run;
 * peak RSS of the import at N/10 and N (must stay flat); export rows/s.
 * BENCH_IMPORT_EXAMS scales it down for a quick run (default 1 000 000).
 * Run: npm run bench import-export
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../../adapters/src/composition/config';
import { startServer } from '../../adapters/src/composition/server';
import { startTestPostgres } from '../support/test-postgres';
import { importExamsFile as importFile, writeExamsCsv as writeCsv } from './exams-csv-shared';

const EXAMS = Number(process.env.BENCH_IMPORT_EXAMS ?? 1_000_000);
const root = path.resolve(import.meta.dirname, '..', '..');
async function register(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '1234', crmState: 'SP' }),
  });
  if (res.status !== 201) throw new Error(`register ${res.status}`);
  return (await res.json()).user.organizationId as string;
}

async function main() {
  const db = await startTestPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-io-'));
  // the server only registers the two professionals, then stops: nothing else runs during the measurements
  let app: Awaited<ReturnType<typeof startServer>> | undefined = await startServer(loadConfig({ DATABASE_URL: db.url, PORT: '0', LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'warn', NODE_ENV: 'test' }));
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    const small = Math.max(1000, Math.round(EXAMS / 10));
    const smallFile = path.join(dataDir, 'small.csv');
    const bigFile = path.join(dataDir, 'big.csv');
    writeCsv(smallFile, small);
    writeCsv(bigFile, EXAMS);
    console.log(`files: ${small.toLocaleString('en')} rows (${(fs.statSync(smallFile).size / 1e6).toFixed(0)} MB), ${EXAMS.toLocaleString('en')} rows (${(fs.statSync(bigFile).size / 1e6).toFixed(0)} MB)`);
    await register(app.url, 'small@bench.com');
    const orgBig = await register(app.url, 'big@bench.com');
    await app.close();
    app = undefined;
    const s = importFile(db.url, smallFile, 'small@bench.com');
    console.log(`import ${small.toLocaleString('en')}: ${s.rowsPerSecond.toLocaleString('en')} rows/s, peak RSS ${s.peakRssMb} MB`);
    const b = importFile(db.url, bigFile, 'big@bench.com');
    console.log(`import ${EXAMS.toLocaleString('en')}: ${b.rowsPerSecond.toLocaleString('en')} rows/s (${b.seconds} s, ${b.imported} imported, ${b.patientsCreated} workers), peak RSS ${b.peakRssMb} MB`);

    // the limit: the same rows (as the import stored them) by raw COPY into copies of the tables
    const client = await pool.connect();
    const dump = path.join(dataDir, 'rows');
    // stored columns only (generated ones are recomputed by the server, as in the real table)
    const columns: Record<string, string> = {};
    for (const t of ['patient', 'exam']) {
      const cols = await client.query<{ c: string }>(`select column_name as c from information_schema.columns where table_name = $1 and is_generated = 'NEVER' order by ordinal_position`, [t]);
      columns[t] = cols.rows.map((r) => r.c).join(', ');
      await pipeline(client.query(copyTo(`copy (select ${columns[t]} from ${t} where organization_id = '${orgBig}') to stdout`)), fs.createWriteStream(`${dump}.${t}`));
      await client.query(`create table bench_${t} (like ${t} including all)`);
    }
    const t0 = performance.now();
    try {
      await client.query('begin');
      for (const t of ['patient', 'exam']) await pipeline(fs.createReadStream(`${dump}.${t}`), client.query(copyFrom(`copy bench_${t} (${columns[t]}) from stdin`)));
      await client.query('commit');
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    const copySeconds = (performance.now() - t0) / 1000;
    const copyRate = Math.round(EXAMS / copySeconds);
    await client.query('drop table bench_exam; drop table bench_patient');
    client.release();
    console.log(`raw COPY of the same rows (patients + exams): ${copyRate.toLocaleString('en')} exams/s (${copySeconds.toFixed(1)} s)`);
    const pct = (100 * b.rowsPerSecond) / copyRate;
    console.log(`import / raw COPY: ${pct.toFixed(0)} % (target ≥ 50 %: ${pct >= 50 ? 'OK' : 'NOT MET'}); peak RSS ${s.peakRssMb} MB at ${small.toLocaleString('en')} vs ${b.peakRssMb} MB at ${EXAMS.toLocaleString('en')} (target < 300 MB and flat: ${b.peakRssMb < 300 && b.peakRssMb < s.peakRssMb * 1.5 ? 'OK' : 'NOT MET'})`);

    // Export twice: right after the bulk load (the first read of a million new rows also sets their hint
    // bits, while autovacuum works through them) and on the settled table (after VACUUM ANALYZE, the
    // state autovacuum reaches a few minutes after an import). The target is judged on the settled one.
    const out = path.join(dataDir, 'export.csv');
    const exportOnce = (label: string) => {
      const e0 = performance.now();
      const ex = spawnSync('npm', ['run', '--silent', 'limiar', '--', 'export', 'exams', '--user', 'big@bench.com', '--out', out], {
        cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: db.url, LIMIAR_LOG_LEVEL: 'silent' },
      });
      if (ex.status !== 0) throw new Error(ex.stderr);
      const rate = Math.round(EXAMS / ((performance.now() - e0) / 1000));
      console.log(`export ${EXAMS.toLocaleString('en')} exams ${label} (whole command): ${rate.toLocaleString('en')} rows/s, ${(fs.statSync(out).size / 1e6).toFixed(0)} MB; ${ex.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn')).join(' ')}`);
      return rate;
    };
    exportOnce('right after the bulk load');
    for (const table of ['exam', 'patient']) await pool.query(`vacuum analyze ${table}`);
    const exportRate = exportOnce('settled');
    console.log(`export target ≥ 100 000 rows/s (settled): ${exportRate >= 100_000 ? 'OK' : 'NOT MET'}`);
  } finally {
    await pool.end();
    await app?.close();
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

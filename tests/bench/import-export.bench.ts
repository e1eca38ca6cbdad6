/**
 * Issues 8 and 22 benchmark: `limiar import exams` on N exams of N/10 workers (thresholds from NHANES,
 * file grouped by worker as exports of other systems are), against a raw COPY of the same rows
 * (patients + exams, with their classification documents) into the same server in the same run;
 * peak RSS of the import at N/10 and N (must stay flat); export rows/s.
 * Issue 22: also the import against a raw COPY of thresholds-and-keys rows, and bytes of table + index per exam.
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
  pool.on('error', () => {}); // an idle connection ended by the server's stop at the very end is not a failure of the bench
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
    console.log(`raw COPY of the same rows as stored (patients + exams, every column): ${copyRate.toLocaleString('en')} exams/s (${copySeconds.toFixed(1)} s)`);

    // Issue 22's yardstick: a raw COPY of the same exams with only their thresholds and keys (id, organisation,
    // worker, date, natural key, audiogram — in their stored form, ADR 0026; primary key and the natural-key
    // unique index), what an exam row would cost if it carried no derived data. The import is judged against it.
    const thinColumns = 'id, organization_id, patient_id, exam_date, natural_key, audiogram';
    const thinDump = `${dump}.thin`;
    const thin = await pool.connect();
    let thinRate = 0;
    try {
      await pipeline(thin.query(copyTo(`copy (select ${thinColumns} from exam where organization_id = '${orgBig}') to stdout`)), fs.createWriteStream(thinDump));
      await thin.query(`create table bench_thin (id uuid primary key, organization_id uuid not null, patient_id uuid not null, exam_date date not null, natural_key bytea, audiogram bytea not null,
        unique (patient_id, exam_date, natural_key))`);
      const t1 = performance.now();
      await thin.query('begin');
      await pipeline(fs.createReadStream(thinDump), thin.query(copyFrom(`copy bench_thin (${thinColumns}) from stdin`)));
      await thin.query('commit');
      thinRate = Math.round(EXAMS / ((performance.now() - t1) / 1000));
      await thin.query('drop table bench_thin');
    } finally {
      thin.release();
    }
    console.log(`raw COPY of the thresholds-and-keys rows (exams only): ${thinRate.toLocaleString('en')} exams/s`);
    const pct = (100 * b.rowsPerSecond) / thinRate;
    console.log(`import / raw COPY of thresholds-and-keys rows: ${pct.toFixed(1)} % (target ≥ 50 %: ${pct >= 50 ? 'OK' : 'NOT MET'}); import / raw COPY as stored: ${((100 * b.rowsPerSecond) / copyRate).toFixed(0)} %`);

    // Bytes per exam: the exam table with its TOAST and every index, on the settled table, and where they go.
    await pool.query('vacuum analyze exam');
    const size = (await pool.query<{ heap: string; total: string; n: string }>(`select pg_table_size('exam') as heap, pg_total_relation_size('exam') as total, (select count(*) from exam) as n`)).rows[0];
    const perExam = Number(size.total) / Number(size.n);
    const indexes = (await pool.query<{ i: string; s: string }>(`select indexrelid::regclass::text as i, pg_relation_size(indexrelid) as s from pg_index where indrelid = 'exam'::regclass order by 2 desc`)).rows;
    console.log(`exam table + indexes: ${perExam.toFixed(0)} bytes per exam (target ≤ 500: ${perExam <= 500 ? 'OK' : 'NOT MET'}); table with TOAST ${(Number(size.heap) / Number(size.n)).toFixed(0)} B, `
      + indexes.map((x) => `${x.i} ${(Number(x.s) / Number(size.n)).toFixed(0)} B`).join(', '));
    const present = (await pool.query<{ c: string }>(`select column_name as c from information_schema.columns where table_name = 'exam'
      and column_name in ('classification', 'audiogram', 'natural_key', 'classification_right', 'classification_bits')`)).rows.map((r) => r.c);
    const widest = (await pool.query(`select ${present.map((c) => `avg(pg_column_size(${c}))::int as ${c}`).join(', ')}, avg(pg_column_size(e.*))::int as row from exam e`)).rows[0];
    console.log(`average stored bytes per exam row: ${JSON.stringify(widest)}`);
    console.log(`peak RSS ${s.peakRssMb} MB at ${small.toLocaleString('en')} vs ${b.peakRssMb} MB at ${EXAMS.toLocaleString('en')} (target < 300 MB and flat: ${b.peakRssMb < 300 && b.peakRssMb < s.peakRssMb * 1.5 ? 'OK' : 'NOT MET'})`);

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

/**
 * Issue 19 benchmark: the programme dashboard for an organisation of 50 companies (250 sectors,
 * 250 GHEs), 100 000 workers with employment periods and 1 000 000 exams with classifications, in a
 * real PostgreSQL behind the real server. Prints p50/p95 server time (Server-Timing) of
 *   GET /api/programme/overview                     (unfiltered, and ?companyId=)
 *   GET /api/programme/prevalence                   (unfiltered, and ?companyId=; last 12 months, and a past year)
 *   GET /api/programme/workers?state=vencido        (first page of 50)
 *   GET /api/programme/workers.csv?companyId=       (one company, every exposed worker)
 * (target p95 < 300 ms each), against GET /api/health measured in the same run; the time of the full
 * projection refresh (every worker computed by core `computeSchedule`), of a refresh after one new
 * exam, and the import cost of the read model's generated columns, index and triggers: a COPY of
 * 100 000 exams into a database without the migration ProgrammeProjection and one with it.
 * BENCH_PROGRAMME_WORKERS / BENCH_PROGRAMME_EXAMS scale it down for a quick run.
 * Run: npm run bench programme
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { loadConfig } from '../../adapters/src/composition/config';
import { startServer } from '../../adapters/src/composition/server';
import { ormConfig } from '../../adapters/src/persistence/mikro-orm/orm-config';
import { encodeStoredAudiogram } from '../../adapters/src/persistence/stored-audiogram';
import { cnpjWithCheckDigits, programmeToday } from '../../core/src';
import { startTestPostgres } from '../support/test-postgres';

const WORKERS = Number(process.env.BENCH_PROGRAMME_WORKERS ?? 100_000);
const EXAMS = Number(process.env.BENCH_PROGRAMME_EXAMS ?? 1_000_000);
const COMPANIES = 50;
const RUNS = 40;
const WARM_UP = 5;
const TARGET_MS = 300;
const IMPORT_ROWS = 100_000;

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), max: s[s.length - 1] };
}

async function timed(url: string, token: string): Promise<{ server: number; roundTrip: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  const t1 = performance.now();
  if (res.status !== 200) throw new Error(`${url} → ${res.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
  return { server: Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]), roundTrip: t1 - t0, bytes: body.byteLength };
}

async function measure(url: string, token: string, runs = RUNS) {
  const server: number[] = [];
  const roundTrip: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs + WARM_UP; i++) {
    const m = await timed(url, token);
    if (i < WARM_UP) continue;
    server.push(m.server);
    roundTrip.push(m.roundTrip);
    bytes = m.bytes;
  }
  return { server: stats(server), roundTrip: stats(roundTrip), bytes };
}

/** The organisation's programme, generated in SQL (generate_series; the triggers see it as bulk statements). */
async function load(client: pg.PoolClient, org: string, today: string) {
  const companies = Array.from({ length: COMPANIES }, (_, i) => ({
    id: randomUUID(), name: `Empresa ${String(i + 1).padStart(2, '0')} Indústria Ltda`, cnpj: i % 10 === 9 ? null : cnpjWithCheckDigits(`${String(10_000_000 + i * 7919).slice(0, 8)}0001`),
  }));
  await client.query(`insert into company (id, organization_id, name, cnpj, created_at, updated_at)
    select id, $1, name, cnpj, now(), now() from unnest($2::uuid[], $3::text[], $4::text[]) as t(id, name, cnpj)`,
  [org, companies.map((c) => c.id), companies.map((c) => c.name), companies.map((c) => c.cnpj)]);
  await client.query(`insert into sector (id, organization_id, company_id, name)
    select gen_random_uuid(), $1, c.id, 'Setor ' || k from company c cross join generate_series(1, 5) k where c.organization_id = $1`, [org]);
  // 5 GHEs per company, one per sector: 92, 86, 81 dB(A) (exposed), 75 dB(A) (below the action level), 88 dB(A) every 6 months
  await client.query(`insert into ghe (id, organization_id, company_id, sector_id, name, exposure_metric, exposure_level_dba, exposure_assessed_at, exposure_source, periodicity_months)
    select gen_random_uuid(), $1, s.company_id, s.id, 'GHE 0' || k, 'LAVG', (array[92, 86, 81, 75, 88])[k], date '2025-03-01', 'PGR 2025', case when k = 5 then 6 else 12 end
    from sector s cross join lateral (select substring(s.name from 7)::int as k) x where s.organization_id = $1`, [org]);
  await client.query(`insert into patient (id, organization_id, name, sex, cpf, created_at, updated_at)
    select gen_random_uuid(), $1,
      (array['José','Maria','João','Ana','Antônio','Francisca','Carlos','Luíza','Paulo','Márcia','Pedro','Adriana','Lucas','Juliana','Luiz','Fernanda','Marcos','Patrícia','Rafael','Aline'])[1 + n % 20]
      || ' ' || (array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa'])[1 + (n / 20) % 20]
      || ' ' || n, case when n % 2 = 0 then 'M' else 'F' end, lpad(n::text, 11, '0'), now(), now()
    from generate_series(1, $2::int) n`, [org, WORKERS]);
  await client.query(`create temp table bw as select id, row_number() over (order by id) as n from patient where organization_id = $1::uuid`, [org]);
  await client.query(`create temp table bc as select id, row_number() over (order by name) - 1 as i from company where organization_id = $1::uuid`, [org]);
  await client.query(`create temp table bg as select g.id, g.company_id, g.sector_id, substring(g.name from 6)::int as k from ghe g where g.organization_id = $1::uuid`, [org]);
  // one contract per worker: admitted between 2008 and mid-2024; 10 % moved to another GHE of the company
  // (two periods), 4 % dismissed already, 1 % dismissed ahead
  await client.query(`create temp table bj as
    select w.id as patient_id, c.id as company_id, (1 + w.n % 5)::int as k, (1 + (w.n / 7) % 5)::int as k2,
      date '2008-01-01' + ((w.n * 7919) % 6000)::int as admission,
      case when w.n % 100 < 4 then $1::date - (1 + w.n % 300)::int when w.n % 100 = 4 then $1::date + (1 + w.n % 90)::int end as dismissal,
      w.n % 10 = 0 as moved
    from bw w join bc c on c.i = w.n % ${COMPANIES}`, [today]);
  await client.query(`insert into employment (id, organization_id, patient_id, company_id, registration, sector_id, ghe_id, admission_date, dismissal_date, start_date, end_date)
    select gen_random_uuid(), $1, j.patient_id, j.company_id, 'M' || (row_number() over ()), g.sector_id, g.id, j.admission, j.dismissal, j.admission,
      case when j.moved then least(j.admission + 400 + (hashtext(j.patient_id::text) & 1023), coalesce(j.dismissal, 'infinity'::date) - 1) end
    from bj j join bg g on g.company_id = j.company_id and g.k = j.k`, [org]);
  await client.query(`insert into employment (id, organization_id, patient_id, company_id, registration, sector_id, ghe_id, admission_date, dismissal_date, start_date, end_date)
    select gen_random_uuid(), $1, e.patient_id, e.company_id, e.registration, g.sector_id, g.id, e.admission_date, e.dismissal_date, e.end_date, null
    from employment e join bj j on j.patient_id = e.patient_id join bg g on g.company_id = e.company_id and g.k = j.k2
    where e.organization_id = $1 and e.end_date is not null and e.end_date > e.start_date`, [org]);
  // the exams: EXAMS / WORKERS per worker (none for 1 in 37, twice as many for another 1 in 37), from 2015 to today; results 70 % within limits,
  // 15 % sugestivo, 10 % não sugestivo, 5 % without classification; 3 % desencadeamento, 2 % agravamento
  const perWorker = Math.max(1, Math.round(EXAMS / WORKERS));
  const span = Math.round((Date.parse(today) - Date.parse('2015-01-01')) / 86_400_000);
  const chunk = Math.max(1, Math.ceil(WORKERS / 10));
  for (let from = 1; from <= WORKERS; from += chunk) {
    await client.query(`insert into exam (id, organization_id, patient_id, exam_date, exam_type, audiogram, classification_right, classification_left, desencadeamento, agravamento,
        rules_version, created_at, updated_at)
      select gen_random_uuid(), $1, w.id, date '2015-01-01' + (random() * $2::int)::int, 'periodico', limiar_audiogram_bytes('{}'),
        (case when r < 0.70 then 'aceitavel' when r < 0.85 then 'sugestivo_painpse' when r < 0.95 then 'nao_sugestivo' end)::nr7_classification,
        (case when r < 0.95 then 'aceitavel' end)::nr7_classification, random() < 0.03, random() < 0.02,
        'bench', now(), now()
      from bw w cross join lateral generate_series(1, case w.n % 37 when 0 then 0 when 1 then 2 * $3::int else $3::int end) k
        cross join lateral (select random() + 0 * k as r) x
      where w.n between $4 and $5`, [org, span, perWorker, from, Math.min(WORKERS, from + chunk - 1)]);
  }
  await client.query('vacuum analyze');
}

/** COPY of `IMPORT_ROWS` exams into a database without the read model and one with it, alternating, median of 5, in ms. */
async function importCost(serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', () => {});
  await admin.connect();
  const rowsOf = (org: string, patients: string[]) => function* () {
    const classification = 'aceitavel,sugestivo_painpse,f,t';
    // the stored bytes (ADR 0026) of air 500 Hz 10/15 and 4000 Hz 45/40 dB, as CSV COPY reads a bytea
    const audiogram = `\\x${encodeStoredAudiogram({ air: { 500: 10, 4000: 45 } }, { air: { 500: 15, 4000: 40 } }).toString('hex')}`;
    let batch = '';
    for (let i = 0; i < IMPORT_ROWS; i++) {
      const d = new Date(Date.UTC(2015, 0, 1) + (i % 4000) * 86_400_000).toISOString().slice(0, 10);
      batch += `${randomUUID()},${org},${patients[i % patients.length]},${d},periodico,${audiogram},${classification},bench,2025-01-01T00:00:00Z,2025-01-01T00:00:00Z\n`;
      if (batch.length > 1 << 20) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
  };
  const results: Record<string, number[]> = { before: [], after: [] };
  const dbs: Record<string, { url: string; orm: MikroORM; org: string; patients: string[] }> = {};
  try {
    for (const [label, to] of [['before', 'Migration20261126000000Programme'], ['after', undefined]] as const) {
      const name = `bench_import_${label}`;
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      const orm = await MikroORM.init(ormConfig(u.toString(), { poolMax: 2 }));
      await orm.getMigrator().up(to ? { to } : undefined);
      const org = randomUUID();
      const patients = Array.from({ length: IMPORT_ROWS / 10 }, () => randomUUID());
      const c = new pg.Client({ connectionString: u.toString() });
      c.on('error', () => {});
      await c.connect();
      await c.query(`insert into organization (id, name, created_at) values ($1, 'Import', now())`, [org]);
      await c.query(`insert into patient (id, organization_id, name, sex, created_at, updated_at) select id, $1, 'P', 'M', now(), now() from unnest($2::uuid[]) id`, [org, patients]);
      await c.end();
      dbs[label] = { url: u.toString(), orm, org, patients };
    }
    for (let round = 0; round < 5; round++) {
      for (const label of ['before', 'after']) {
        const { url, org, patients } = dbs[label];
        const c = new pg.Client({ connectionString: url });
        c.on('error', () => {});
        await c.connect();
        await c.query(`truncate exam cascade`);
        if (label === 'after') await c.query('truncate programme_dirty');
        await c.query('checkpoint');
        const t0 = performance.now();
        await pipeline(Readable.from(rowsOf(org, patients)()), c.query(copyFrom(`copy exam (id, organization_id, patient_id, exam_date, exam_type, audiogram, classification_right, classification_left,
          desencadeamento, agravamento, rules_version, created_at, updated_at) from stdin (format csv)`)));
        results[label].push(performance.now() - t0);
        await c.end();
      }
    }
  } finally {
    for (const [label, d] of Object.entries(dbs)) {
      await d.orm.close(true);
      await admin.query(`drop database if exists bench_import_${label}`);
    }
    await admin.end();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2];
  return { before: median(results.before), after: median(results.after) };
}

async function main() {
  const started = performance.now();
  const db = await startTestPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-data-'));
  const app = await startServer(loadConfig({ DATABASE_URL: db.url, PORT: '0', LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'warn', NODE_ENV: 'production', LIMIAR_PROGRAMME_REFRESH_SECONDS: '0' }));
  try {
    const imported = await importCost(db.url);
    console.log(`import cost: COPY of ${IMPORT_ROWS.toLocaleString('en')} exams, median of 5 — without the read model ${fmt(imported.before)}, with it ${fmt(imported.after)} `
      + `(${((imported.after / imported.before - 1) * 100).toFixed(0)} % more: generated columns, covering index, statement trigger marking the workers)`);

    const reg = await (await fetch(`${app.url}/api/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email: 'bench@x.com', password: 'segredo1', confirmPassword: 'segredo1', professionalType: 'Medico', crm: '1234', crmState: 'SP' }),
    })).json();
    const token: string = reg.token;
    const org: string = reg.user.organizationId;
    const today = programmeToday(new Date());
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => {});
    const client = await pool.connect();
    client.on('error', () => {});
    await load(client, org, today);
    const { rows: [sizes] } = await client.query(`select (select count(*) from company where organization_id = $1)::int as companies, (select count(*) from ghe where organization_id = $1)::int as ghes,
      (select count(*) from patient where organization_id = $1)::int as workers, (select count(*) from employment where organization_id = $1)::int as periods,
      (select count(*) from exam where organization_id = $1)::int as exams, (select count(*) from programme_dirty where organization_id = $1)::int as marked`, [org]);
    console.log(`loaded ${JSON.stringify(sizes)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const base = `${app.url}/api/programme`;
    // the full projection: every marked worker computed by core computeSchedule (the first request after the load pays it)
    const first = await timed(`${base}/overview`, token);
    console.log(`full projection refresh (first GET /overview, ${sizes.marked.toLocaleString('en')} workers): server ${fmt(first.server)}`);
    await client.query(`insert into programme_dirty (organization_id, patient_id) select organization_id, id from patient where organization_id = $1 on conflict do nothing`, [org]);
    const again = await timed(`${base}/overview`, token);
    console.log(`full projection rebuild (every worker marked again, warm cache): server ${fmt(again.server)}`);
    await client.query('vacuum analyze programme_worker, programme_worker_year');

    const overview = await (await fetch(`${base}/overview`, { headers: { authorization: `Bearer ${token}` } })).json();
    console.log(`dashboard says: ${JSON.stringify(overview.totals)}; ${overview.companies.length} companies, ${overview.ghes.length} GHEs`);
    const company = overview.companies[0].companyId as string;
    const lastYear = Number(today.slice(0, 4)) - 1;

    const health = await measure(`${app.url}/api/health`, token);
    console.log(`\n${RUNS} requests each after ${WARM_UP} warm-up; server = Server-Timing, rt = round trip on loopback`);
    console.log(`baseline GET /api/health: server p50 ${fmt(health.server.p50)} p95 ${fmt(health.server.p95)}`);
    const cases = [
      ['GET /api/programme/overview', `${base}/overview`],
      ['GET /api/programme/overview?companyId=', `${base}/overview?companyId=${company}`],
      ['GET /api/programme/prevalence', `${base}/prevalence`],
      ['GET /api/programme/prevalence?companyId=', `${base}/prevalence?companyId=${company}`],
      // a window that does not end today is read from the exams' covering index (the user's chosen period)
      [`GET /api/programme/prevalence?from=${lastYear}-01-01&to=${lastYear}-12-31`, `${base}/prevalence?from=${lastYear}-01-01&to=${lastYear}-12-31`],
      [`GET /api/programme/prevalence?companyId=&from=${lastYear}-01-01&to=${lastYear}-12-31`, `${base}/prevalence?companyId=${company}&from=${lastYear}-01-01&to=${lastYear}-12-31`],
      ['GET /api/programme/workers?state=vencido&limit=50', `${base}/workers?state=vencido&limit=50`],
      ['GET /api/programme/workers.csv?companyId=', `${base}/workers.csv?companyId=${company}`],
    ] as const;
    let failed = 0;
    for (const [name, url] of cases) {
      const m = await measure(url, token);
      const ok = m.server.p95 < TARGET_MS;
      if (!ok) failed++;
      console.log(`${name}: server p50 ${fmt(m.server.p50)} p95 ${fmt(m.server.p95)} (max ${fmt(m.server.max)}) | rt p50 ${fmt(m.roundTrip.p50)} p95 ${fmt(m.roundTrip.p95)} | `
        + `${(m.bytes / 1024).toFixed(0)} kB | ${(m.server.p95 / health.server.p95).toFixed(1)}× health | target p95 < ${TARGET_MS} ms: ${ok ? 'OK' : 'NOT MET'}`);
    }

    // a write between two reads: one new exam marks its worker; the next overview refreshes that one row
    const { rows: some } = await client.query(`select patient_id from programme_worker where organization_id = $1 and exposed order by patient_id limit ${RUNS}`, [org]);
    const afterWrite: number[] = [];
    for (const { patient_id } of some) {
      await client.query(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification_right, rules_version, created_at, updated_at)
        values (gen_random_uuid(), $1, $2, $3, limiar_audiogram_bytes('{}'), 'aceitavel', 'bench', now(), now())`, [org, patient_id, today]);
      afterWrite.push((await timed(`${base}/overview`, token)).server);
    }
    const w = stats(afterWrite);
    console.log(`GET /api/programme/overview right after one new exam (refresh of 1 worker + query): server p50 ${fmt(w.p50)} p95 ${fmt(w.p95)} | target p95 < ${TARGET_MS} ms: ${w.p95 < TARGET_MS ? 'OK' : 'NOT MET'}`);
    if (w.p95 >= TARGET_MS) failed++;
    client.release();
    await pool.end();
    if (failed) process.exitCode = 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await app.close();
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

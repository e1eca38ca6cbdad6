import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIR_FREQUENCIES, BONE_FREQUENCIES, classifyHistory, noResponse, type Threshold } from '../../core/src';
import { CLASSIFICATION_COLUMNS, classificationRow } from '../../adapters/src/persistence/classification-row';
import { exportCsv, type ExportFilters } from '../../adapters/src/persistence/bulk/csv-export';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The exams export is formatted in Node from raw COPY text (ADR 0009). Its reference is what it
 * replaced: PostgreSQL formatting every cell in SQL and writing COPY CSV. Same rows, same filters,
 * same bytes — including the odd values the web app never writes.
 */
function referenceQuery(org: string, f: ExportFilters): string {
  const lit = (v: string) => pg.Client.prototype.escapeLiteral(v);
  const text = (x: string) => `case when left(${x}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${x} else ${x} end`;
  const dec = (x: string) => `replace((${x})::text, '.', ',')`;
  const br = (x: string) => `to_char(${x}, 'DD/MM/YYYY')`;
  const yesNo = (x: string) => `case (${x})::text when 'true' then 'sim' when 'false' then 'não' else null end`;
  const threshold = (kind: string, hz: number, side: string) => {
    const p = `limiar_audiogram_jsonb(e.audiogram)->'${kind}'->'${hz}'->'${side}'`;
    return `case jsonb_typeof(${p}) when 'number' then ${dec(p)} when 'object' then 'NR' || replace(${p}->>'nr', '.', ',') else null end`;
  };
  const cols = [text('p.name'), 'trim(p.cpf)', br('p.birth_date'), 'p.age::text', 'trim(p.sex)', text('c.name'), text('p.job_title'), br('e.exam_date'),
    text('e.consultation_reason'), 'e.exam_type', text('e.operator_name'), text('e.operator_registration'), dec('e.ambient_noise_db'), br('e.calibration_date'), dec('e.acoustic_rest_hours')];
  for (const side of ['re', 'le']) for (const hz of AIR_FREQUENCIES) cols.push(threshold('air', hz, side));
  for (const side of ['re', 'le']) for (const hz of BONE_FREQUENCIES) cols.push(threshold('bone', hz, side));
  const k = (key: string) => `d.classification->>'${key}'`;
  cols.push(k('classification_right'), k('classification_left'), br(`(${k('reference_date')})::date`), k('rule_set'), yesNo(k('desencadeamento')), yesNo(k('agravamento')),
    ...['pta3_right', 'pta3_left', 'mean_346_right', 'mean_346_left'].map((m) => `case when ${k(`${m}_bound`)} = 'min' and ${k(m)} is not null then '≥ ' || ${dec(k(m))} else ${dec(k(m))} end`),
    k('who2021_grade'), yesNo(k('exam_complete')),
    text(`(select string_agg(a, ' | ') from jsonb_array_elements_text(d.classification->'alerts') a)`), 'e.rules_version');
  const names = ['nome', 'cpf', 'data_nascimento', 'idade', 'sexo', 'empresa', 'cargo', 'data_exame', 'motivo', 'tipo_exame', 'operador', 'registro_operador', 'ruido_db', 'calibracao', 'repouso_horas',
    ...['od', 'oe'].flatMap((ear) => AIR_FREQUENCIES.map((hz) => `${ear}_${hz}`)), ...['od', 'oe'].flatMap((ear) => BONE_FREQUENCIES.map((hz) => `${ear}_vo_${hz}`)),
    'classificacao_od', 'classificacao_oe', 'exame_referencia', 'regra', 'desencadeamento', 'agravamento', 'pta3_od', 'pta3_oe', 'media_346_od', 'media_346_oe',
    'grau_oms_2021', 'exame_completo', 'alertas', 'versao_regras'];
  const like = (q: string) => lit(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const where = [`e.organization_id = ${lit(org)}`];
  if (f.patientId) where.push(`e.patient_id = ${lit(f.patientId)}`);
  if (f.company) where.push(`limiar_search_text(coalesce(c.name, '')) like limiar_search_text(${like(f.company)})`);
  if (f.q) where.push(`(limiar_search_text(p.name) like limiar_search_text(${like(f.q)}) or limiar_search_text(coalesce(e.operator_name, '')) like limiar_search_text(${like(f.q)}) or limiar_search_text(coalesce(c.name, '')) like limiar_search_text(${like(f.q)}))`);
  if (f.from) where.push(`e.exam_date >= ${lit(f.from)}`);
  if (f.to) where.push(`e.exam_date <= ${lit(f.to)}`);
  return `select ${cols.map((x, i) => `${x} as "${names[i]}"`).join(', ')}
    from exam e join patient p on p.id = e.patient_id left join company c on c.id = p.company_id join oracle_document d on d.id = e.id
    where ${where.join(' and ')} order by e.patient_id, e.exam_date, e.created_at`;
}

let db: TestDatabase;
let pool: pg.Pool;
const org = randomUUID();
const collect = () => {
  const chunks: Buffer[] = [];
  const out = new Writable({ write(c: Buffer | string, _e, cb) { chunks.push(Buffer.from(c)); cb(); } });
  return { out, bytes: () => Buffer.concat(chunks) };
};
async function reference(f: ExportFilters): Promise<Buffer> {
  const client = await pool.connect();
  try {
    const { out, bytes } = collect();
    out.write('\uFEFF');
    await pipeline(client.query(copyTo(`copy (${referenceQuery(org, f)}) to stdout with (format csv, delimiter ';', header true, encoding 'UTF8')`)), out);
    return bytes();
  } finally {
    client.release();
  }
}
async function exported(f: ExportFilters): Promise<Buffer> {
  const { out, bytes } = collect();
  await exportCsv(pool, 'exams', org, f, out);
  return bytes();
}

const grid = (t: (hz: number, side: 'le' | 're') => string) =>
  `{${AIR_FREQUENCIES.map((hz) => `"${hz}": {"le": ${t(hz, 'le')}, "re": ${t(hz, 're')}}`).join(', ')}}`;
const AUDIOGRAMS = [
  `{"air": ${grid((hz, s) => (hz === 250 ? 'null' : String((hz / 100) % 7 * 5 - (s === 'le' ? 10 : 0))))}, "bone": {}}`,
  `{"air": ${grid((hz, s) => (hz >= 6000 ? `{"nr": ${s === 'le' ? 120 : 92.5}}` : hz === 500 ? '12.5' : '1.50'))}, "bone": {"500": {"le": 10, "re": {"nr": 70}}, "4000": {"re": 40}}}`,
  `{"air": {}, "bone": {}}`,
  `{"air": {"8000": {"le": -10, "re": null}}, "bone": {"1000": {"le": null, "re": null}}}`,
];
/**
 * The classification of each worker's six exams, by the classifier over thresholds that drift from a
 * baseline (so references, desencadeamento, agravamento, indeterminate comparisons, NR bounds and two
 * exams on one date all occur). The row keeps the document and its typed columns (ADR 0025); the
 * reference formats the document, the export the columns — the bytes must be the same.
 */
function historyDocs(worker: number, dates: string[]): Array<Record<string, unknown>> {
  const ear = (k: number, side: number) => {
    const air: Record<number, Threshold> = {};
    AIR_FREQUENCIES.forEach((hz, i) => {
      const base = ((worker * 7 + i * 3 + side) % 5) * 5 - 5;
      const shift = hz >= 3000 && hz <= 6000 ? k * ((worker + side) % 3) * 5 : 0;
      if ((worker + k + i) % 11 === 0) return; // not measured
      air[hz] = (worker + k * i) % 13 === 0 ? noResponse(Math.min(120, base + shift + 60)) : Math.min(120, base + shift);
    });
    return { air };
  };
  const exams = dates.map((date, k) => ({ id: `x${k}`, date, right: ear(k, 0), left: ear(k, 1), acousticRestHours: 14, calibrationDate: null, createdAt: new Date(k * 1000), referenceDesignation: null }));
  const byId = new Map(classifyHistory(exams, { sex: worker % 2 ? 'M' : 'F' }).map((c) => [c.exam.id, JSON.parse(c.classificationJson) as Record<string, unknown>]));
  return exams.map((e) => byId.get(e.id)!);
}

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 3 });
  await pool.query(`insert into organization (id, name, created_at) values ($1, 'Clínica', now())`, [org]);
  // the reference formats each exam's classification document as the classifier wrote it: kept beside the rows, as the exam no longer stores it (ADR 0025)
  await pool.query('create table oracle_document (id uuid primary key, classification jsonb not null)');
  const companies = ['Metalúrgica Boa Vista', '=HYPERLINK("x")', 'Ótica; São João', '', '-menos'];
  const companyIds = [];
  for (const name of companies) {
    const id = randomUUID();
    companyIds.push(id);
    await pool.query(`insert into company (id, organization_id, name, created_at) values ($1, $2, $3, now())`, [id, org, name]);
  }
  const people: Array<[string, string | null, string | null, number | null, string, string | null]> = [
    ['Ana Souza', '52998224725', '1980-02-01', null, 'F', 'Soldador'],
    ['José\tda\nSilva \\ "Zé"', null, '0044-03-15 BC', 40, 'M', ''],
    ['+Carla @ Ção 🎧', '1234567890 ', null, 150, 'O', '@cargo'],
    ['\rBruno', null, '12345-06-07', 0, 'M', '-x;y'],
    ['Dalva', '11111111111', '1999-12-31', 25, 'F', null],
  ];
  let n = 0;
  for (const [i, [name, cpf, birth, age, sex, job]] of people.entries()) {
    const patient = randomUUID();
    await pool.query(`insert into patient (id, organization_id, name, age, sex, birth_date, cpf, company_id, job_title, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now())`,
      [patient, org, name, age, sex, birth, cpf, i === 4 ? null : companyIds[i], job]);
    const dates = Array.from({ length: 6 }, (_, k) => `20${10 + Math.min(k, k === 3 ? 2 : k)}-0${1 + ((n + Math.min(k, k === 3 ? 2 : k)) % 9)}-1${(n + Math.min(k, k === 3 ? 2 : k)) % 10}`);
    const docs = historyDocs(i, dates);
    for (let k = 0; k < 6; k++, n++) {
      const c = classificationRow(docs[k]);
      const id = randomUUID();
      await pool.query('insert into oracle_document (id, classification) values ($1, $2::jsonb)', [id, JSON.stringify(docs[k])]);
      await pool.query(`insert into exam (id, organization_id, patient_id, exam_date, operator_name, operator_registration, consultation_reason, ambient_noise_db, calibration_date,
          acoustic_rest_hours, audiogram, rules_version, created_at, updated_at, ${CLASSIFICATION_COLUMNS.join(', ')})
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, limiar_audiogram_bytes($11::jsonb), $12, now() + make_interval(secs => $13), now(), ${CLASSIFICATION_COLUMNS.map((_, j) => `$${14 + j}`).join(', ')})`, [
        id, org, patient, dates[k], [null, 'Ana', '=op', 'Operador; "B"', '', '@x'][n % 6], [null, 'CRFa 1', '+55', ''][n % 4],
        [null, 'Periódico', '-Demissional', '\tx'][n % 4], [null, 32.5, 0, -0.5, 1e-5, 1e20][n % 6], [null, '2020-01-01', 'infinity'][n % 3], [null, 14, 0.25][n % 3],
        AUDIOGRAMS[n % AUDIOGRAMS.length], ['2026.11-1', 'v;2'][n % 2], k, ...CLASSIFICATION_COLUMNS.map((col) => c[col]),
      ]);
    }
  }
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('exams export, formatted in Node', () => {
  it.each<[string, ExportFilters]>([
    ['everything', {}],
    ['q', { q: 'ana' }],
    ['company', { company: 'sao joao' }],
    ['date range', { from: '2012-01-01', to: '2014-12-31' }],
    ['q matching an operator', { q: 'operador; "b' }],
  ])('writes the same bytes PostgreSQL wrote before (%s)', async (_name, filters) => {
    const expected = await reference(filters);
    expect(expected.length).toBeGreaterThan(1000);
    expect((await exported(filters)).toString('utf8')).toBe(expected.toString('utf8'));
  });

  it('the same bytes for one worker', async () => {
    const patientId = (await pool.query(`select id from patient where name like 'José%'`)).rows[0].id;
    expect((await exported({ patientId })).toString('utf8')).toBe((await reference({ patientId })).toString('utf8'));
  });

  it('the fixture exercises what the columns carry: ear alerts, the item 6 notice, mean bounds, an indeterminate comparison, a shared date', async () => {
    const r = (await pool.query(`select count(*) filter (where classification_bits & 1023 <> 0) as alerted, count(*) filter (where desencadeamento or agravamento) as triggered,
      count(*) filter (where classification_bits & (15 << 12) <> 0) as bounded, count(*) filter (where classification_bits & (3 << 10) <> 0) as indeterminate,
      (select count(*) from (select 1 from exam group by patient_id, exam_date having count(*) > 1) d) as shared from exam`)).rows[0];
    expect(Object.values(r).map(Number).every((v) => v > 0)).toBe(true);
  });
});

import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../core/src';
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
    const p = `e.audiogram->'${kind}'->'${hz}'->'${side}'`;
    return `case jsonb_typeof(${p}) when 'number' then ${dec(p)} when 'object' then 'NR' || replace(${p}->>'nr', '.', ',') else null end`;
  };
  const cols = [text('p.name'), 'trim(p.cpf)', br('p.birth_date'), 'p.age::text', 'trim(p.sex)', text('c.name'), text('p.job_title'), br('e.exam_date'),
    text('e.consultation_reason'), 'e.exam_type', text('e.operator_name'), text('e.operator_registration'), dec('e.ambient_noise_db'), br('e.calibration_date'), dec('e.acoustic_rest_hours')];
  for (const side of ['re', 'le']) for (const hz of AIR_FREQUENCIES) cols.push(threshold('air', hz, side));
  for (const side of ['re', 'le']) for (const hz of BONE_FREQUENCIES) cols.push(threshold('bone', hz, side));
  const k = (key: string) => `e.classification->>'${key}'`;
  cols.push(k('classification_right'), k('classification_left'), br(`(${k('reference_date')})::date`), k('rule_set'), yesNo(k('desencadeamento')), yesNo(k('agravamento')),
    ...['pta3_right', 'pta3_left', 'mean_346_right', 'mean_346_left'].map((m) => `case when ${k(`${m}_bound`)} = 'min' and ${k(m)} is not null then '≥ ' || ${dec(k(m))} else ${dec(k(m))} end`),
    k('who2021_grade'), yesNo(k('exam_complete')),
    text(`(select string_agg(a, ' | ') from jsonb_array_elements_text(e.classification->'alerts') a)`), 'e.rules_version');
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
    from exam e join patient p on p.id = e.patient_id left join company c on c.id = p.company_id
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
  `{"air": {"500": {"le": "15", "re": {}}, "1000": {"le": {"nr": "a;b"}, "re": {"nr": null}}, "2000": [1], "9000": {"le": 5}}, "bone": "x"}`,
  `{"air": [1, 2]}`,
  `[]`,
];
const DOCS = [
  { classification_right: 'nao_sugestivo', classification_left: 'aceitavel', pta3_right: 0, pta3_left: 3.33, mean_346_right: 6.67, mean_346_left: 8.33, who2021_grade: 'normal', exam_complete: true, alerts: [], exam_findings: [{ code: 'X', message: 'y' }], rules_version: '2026.11-1' },
  { classification_right: 'sugestivo_painpse', classification_left: 'a"b;c', reference_date: '2015-06-15', rule_set: 'portaria19', desencadeamento: true, agravamento: false, pta3_right: -1.67, pta3_left: 65, mean_346_right: 70, mean_346_right_bound: 'min', mean_346_left: null, mean_346_left_bound: 'min', who2021_grade: 'severe', exam_complete: false, alerts: ['-Exame de 15/06/2017, orelha direita: sugestivo', 'O diagnóstico; "conclusivo"'] },
  { classification_right: 'linha\nnova\\', desencadeamento: 'true', agravamento: 'x', exam_complete: null, alerts: [null, '', 7, { x: [1, 'y'] }, true] },
  { alerts: [null] },
  { alerts: [''] },
  {},
];

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 3 });
  await pool.query(`insert into organization (id, name, created_at) values ($1, 'Clínica', now())`, [org]);
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
    for (let k = 0; k < 6; k++, n++) {
      await pool.query(`insert into exam (id, organization_id, patient_id, exam_date, operator_name, operator_registration, consultation_reason, ambient_noise_db, calibration_date,
          acoustic_rest_hours, audiogram, classification, rules_version, created_at, updated_at)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13, now(), now())`, [
        randomUUID(), org, patient, `20${10 + k}-0${1 + (n % 9)}-1${n % 10}`, [null, 'Ana', '=op', 'Operador; "B"', '', '@x'][n % 6], [null, 'CRFa 1', '+55', ''][n % 4],
        [null, 'Periódico', '-Demissional', '\tx'][n % 4], [null, 32.5, 0, -0.5, 1e-5, 1e20][n % 6], [null, '2020-01-01', 'infinity'][n % 3], [null, 14, 0.25][n % 3],
        AUDIOGRAMS[n % AUDIOGRAMS.length], JSON.stringify(DOCS[n % DOCS.length]), ['2026.11-1', 'v;2'][n % 2],
      ]);
    }
  }
  // classifications the web app never writes: numbers as PostgreSQL keeps them, and documents that are not objects
  await pool.query(`update exam set classification = '{"pta3_right": 1.50, "mean_346_left": 1e21, "pta3_left": 0.0000001, "alerts": [2.50]}' where id = (select id from exam order by exam_date limit 1)`);
  for (const doc of ['"x"', 'null', '[1, 2]']) {
    await pool.query(`update exam set classification = $1::jsonb where id = (select id from exam where classification ? 'alerts' and rules_version = '2026.11-1' order by exam_date desc limit 1)`, [doc]);
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

  it('stops on a reference date that is not a date, as the cast in SQL did', async () => {
    await pool.query(`update exam set classification = '{"reference_date": "2015-02-30"}' where id = (select id from exam order by exam_date desc limit 1)`);
    try {
      await expect(reference({})).rejects.toThrow('out of range');
      await expect(exported({})).rejects.toThrow('Data de referência inválida');
    } finally {
      await pool.query(`update exam set classification = '{}' where classification->>'reference_date' = '2015-02-30'`);
    }
  });
});

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationColumns, classifyPatientExams, noResponse } from '../../core/src';
import { decodeStoredAudiogram } from '../../adapters/src/persistence/stored-audiogram';
import { CLASSIFICATION_COLUMNS, classificationRow } from '../../adapters/src/persistence/classification-row';

const COLUMNS = CLASSIFICATION_COLUMNS.map((c) => (c === 'reference_date' ? 'reference_date::text' : c)).join(', ');
import { inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { jsonSummaryOf, runLimiar, writeIn } from '../support/cli';
import { cpfFrom as cpf } from '../support/cpf';

const root = path.resolve(import.meta.dirname, '..', '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-import-'));
let t: TestServer;
let account: Account;
let pool: pg.Pool;

const cli = (args: string[], input?: string) => runLimiar(t.database.url, args, input);
const summaryOf = jsonSummaryOf;
const write = (name: string, text: string) => writeIn(dir, name, text);
const HEADER = 'nome;cpf;data_nascimento;sexo;empresa;data_exame;od_500;od_1000;od_2000;od_3000;od_4000;od_6000;od_8000;oe_500;oe_1000;oe_2000;oe_3000;oe_4000;oe_6000;oe_8000';
const row = (name: string, cpf: string, birth: string, sex: string, date: string, t0 = 10) =>
  `${name};${cpf};${birth};${sex};Metalúrgica Boa Vista;${date};${t0};${t0};15;20;25;20;15;${t0};10;15;20;25;20;15`;
/** Pids whose command line mentions `text` (Linux /proc). */
const processesWith = (text: string) => fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
  } catch {
    return false;
  }
});
const examCount = async () => Number((await pool.query('select count(*) as n from exam')).rows[0].n);

/** Every stored classification (its typed columns, ADR 0025) equals what the web app computes over the worker's whole history. */
async function expectWebAppClassification() {
  const patients = await pool.query<{ id: string; sex: string }>('select id, sex from patient');
  for (const p of patients.rows) {
    const rows = (await pool.query(`select id, exam_date::text as date, audiogram, acoustic_rest_hours, calibration_date::text as cal, created_at, ${COLUMNS} from exam where patient_id = $1 order by exam_date, created_at`, [p.id])).rows;
    const exams = rows.map((r) => ({ id: r.id, date: r.date, ...decodeStoredAudiogram(r.audiogram as Buffer), acousticRestHours: r.acoustic_rest_hours, calibrationDate: r.cal, createdAt: r.created_at }));
    const expected = classifyPatientExams(exams, { sex: p.sex.trim() as 'M' });
    for (const e of expected) {
      const { id: _i, date: _d, audiogram: _a, acoustic_rest_hours: _r, cal: _c, created_at: _t, ...stored } = rows.find((r) => r.id === e.id)!;
      expect(stored).toEqual(classificationRow(e.classification));
    }
  }
}

beforeAll(async () => {
  t = await startTestServer();
  account = await registerAccount(t);
  pool = new pg.Pool({ connectionString: t.database.url, max: 2 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('limiar import exams', () => {
  it('rejects every bad-row kind with its line and a pt-BR reason, imports the good rows, exit 1; --dry-run writes nothing', async () => {
    const file = write('ruins.csv', [
      HEADER,
      row('Ana Lima', cpf(100000001), '01/02/1980', 'F', '10/03/2020'),
      row('Bruno Dias', '111.111.111-11', '01/02/1980', 'M', '10/03/2020'),
      row('Carla Reis', cpf(100000003), '01/02/1980', 'X', '10/03/2020'),
      row('Davi Melo', cpf(100000004), '01/02/1980', 'M', '10/03/2020', 12),
      row('Eva Cruz', cpf(100000005), '01/02/1980', 'F', '10/03/2020', 130),
      row('Fábio Luz', cpf(100000006), '01/02/1980', 'M', '31/02/2020'),
      row('', cpf(100000007), '01/02/1980', 'M', '10/03/2020'),
      'Gil Rocha;123;só três colunas',
      row('Hugo Paz', cpf(100000009), '01/02/1980', 'M', '10/03/2020').replace(';25;', ';abc;'),
    ].join('\n'));
    const dry = cli(['import', 'exams', file, '--user', account.email, '--dry-run', '--json']);
    expect(dry.status, dry.stderr).toBe(1);
    expect(summaryOf(dry)).toMatchObject({ read: 9, rejected: 8, imported: 0, dryRun: true });
    expect(await examCount()).toBe(0);
    expect(Number((await pool.query('select count(*) as n from patient')).rows[0].n)).toBe(0);

    const r = cli(['import', 'exams', file, '--user', account.email, '--json']);
    expect(r.status, r.stderr).toBe(1);
    expect(summaryOf(r)).toMatchObject({ read: 9, imported: 1, rejected: 8 });
    const report = fs.readFileSync(`${file}.erros.csv`, 'utf8');
    const lines = report.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toMatch(/^linha;motivo;nome;cpf/);
    const reason = (line: number) => lines.find((l) => l.startsWith(`${line};`)) ?? '';
    expect(reason(3)).toContain('CPF inválido: confira os dígitos verificadores');
    expect(reason(4)).toContain('Sexo inválido: use Masculino, Feminino ou Outro (M, F, O)');
    expect(reason(5)).toContain('Limiar inválido em od_500: 12 dB não está na grade de 5 em 5 dB.');
    expect(reason(6)).toContain('Limiar inválido em od_500: 130 dB está fora da faixa de -10 a 120 dB NA.');
    expect(reason(7)).toContain('Data do exame inválida ou no futuro: 31/02/2020');
    expect(reason(8)).toContain('Nome é obrigatório');
    expect(reason(9)).toContain('Número de colunas (3) diferente do cabeçalho (20)');
    expect(reason(10)).toContain('Limiar inválido em od_4000: ""abc"" não é um número');
    expect(await examCount()).toBe(1);
  });

  it('a badly quoted row is rejected alone and the rows after it are imported; lines are the file\'s, blank lines and quoted line breaks counted', async () => {
    const before = await examCount();
    const file = write('aspas.csv', [
      HEADER,
      '',
      row('Ana Quintas', cpf(100000101), '01/02/1980', 'F', '10/03/2020').replace('Metalúrgica Boa Vista', '"Metalúrgica ""Boa""\nVista"'),
      row('Bia Reis', cpf(100000102), '01/02/1980', 'F', '10/03/2020').replace('Metalúrgica Boa Vista', '"Metalúrgica" Boa Vista'),
      ';;;',
      row('Caio Luz', cpf(100000103), '01/02/1980', 'M', '10/03/2020').replace('10/03/2020', '31/02/2020'),
      row('Davi Quintas', cpf(100000104), '01/02/1980', 'M', '10/03/2020'),
    ].join('\r\n'));
    const r = cli(['import', 'exams', file, '--user', account.email, '--json']);
    expect(r.status, r.stderr).toBe(1);
    expect(summaryOf(r)).toMatchObject({ read: 4, imported: 2, rejected: 2 });
    const lines = fs.readFileSync(`${file}.erros.csv`, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    // line 3 holds Ana's row (two lines: 3 and 4), Bia is on line 5, the blank record on 6, Caio on 7
    expect(lines[1]).toMatch(/^5;"CSV mal formado: texto depois das aspas que fecham a coluna 5 /);
    expect(lines[2]).toMatch(/^7;Data do exame inválida ou no futuro: 31\/02\/2020;Caio Luz/);
    const companies = (await pool.query<{ name: string }>(`select c.name from patient p join company c on c.id = p.company_id where p.name = 'Ana Quintas'`)).rows;
    expect(companies.map((c) => c.name)).toEqual(['Metalúrgica "Boa"\nVista']);
    expect(await examCount()).toBe(before + 2);
    // the tests below count every exam of the organisation
    await pool.query(`delete from exam where patient_id in (select id from patient where name in ('Ana Quintas', 'Davi Quintas'))`);
  });

  it('re-running the same file duplicates nothing; a worker is matched by CPF, else name + birth date', async () => {
    const file = write('hist.csv', [
      HEADER,
      row('Ivo Neves', cpf(200000001), '05/06/1970', 'M', '01/02/2015'),
      row('Ivo Neves', cpf(200000001), '05/06/1970', 'M', '01/02/2019', 20),
      row('JOANA SÁ', '', '07/08/1985', 'F', '2016-04-01'),
      row('Joana Sa', '', '1985-08-07', 'F', '2021-04-01', 25),
    ].join('\r\n'));
    const first = cli(['import', 'exams', file, '--user', account.email, '--json']);
    expect(first.status, first.stderr).toBe(0);
    expect(summaryOf(first)).toMatchObject({ imported: 4, duplicates: 0, patientsCreated: 2 });
    expect(fs.existsSync(`${file}.erros.csv`)).toBe(false);
    const again = cli(['import', 'exams', file, '--user', account.email, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(summaryOf(again)).toMatchObject({ imported: 0, duplicates: 4, patientsCreated: 0 });
    expect(await examCount()).toBe(5);
    await expectWebAppClassification();
  });

  it('an unsorted file in small batches (workers spread over batches, in-file duplicates, a stored worker) classifies like the web app', async () => {
    const stored = cli(['import', 'exams', write('antes.csv', [HEADER, row('Lia Prado', cpf(210000001), '02/02/1980', 'F', '10/10/2018', 5)].join('\n')), '--user', account.email, '--json']);
    expect(stored.status, stored.stderr).toBe(0);
    const before = await examCount();
    const rows = [
      row('Lia Prado', cpf(210000001), '02/02/1980', 'F', '10/10/2022', 25),
      row('Rui Mota', cpf(210000002), '03/03/1977', 'M', '01/01/2023', 30),
      row('Lia Prado', cpf(210000001), '02/02/1980', 'F', '10/10/2016', 0),
      row('Rui Mota', cpf(210000002), '03/03/1977', 'M', '01/01/2017', 0),
      row('Rui Mota', cpf(210000002), '03/03/1977', 'M', '01/01/2017', 0), // duplicate in the same batch
      row('Eva Luz', '', '04/04/1990', 'F', '05/05/2020', 10),
      row('Rui Mota', cpf(210000002), '03/03/1977', 'M', '01/01/2020', 15),
      row('EVA LUZ', '', '1990-04-04', 'F', '05/05/2019', 5),
      row('Lia Prado', cpf(210000001), '02/02/1980', 'F', '10/10/2018', 5), // already stored
      row('Rui Mota', cpf(210000002), '03/03/1977', 'M', '01/01/2017', 0), // duplicate in a later batch
    ];
    const r = cli(['import', 'exams', write('desordenado.csv', [HEADER, ...rows].join('\n')), '--user', account.email, '--json', '--batch-size', '3']);
    expect(r.status, r.stderr).toBe(0);
    expect(summaryOf(r)).toMatchObject({ read: 10, imported: 7, duplicates: 3, patientsCreated: 2 });
    expect((await examCount()) - before).toBe(7);
    await expectWebAppClassification();
  });

  it('reads Windows-1252 (Excel pt-BR) with a comma separator and decimal comma in quotes', async () => {
    const text = ['nome,cpf,data_nascimento,sexo,empresa,data_exame,ruido_db,Repouso 14h,OD_1000,OE_1000,OD_4000,OE_4000,coluna_estranha',
      `Conceição Araújo,${cpf(300000001)},03/03/1990,Feminino,Ótica São João,12/12/2022,"31,5",sim,10,15,NR,AUS90,x`].join('\r\n');
    const file = path.join(dir, 'excel.csv');
    fs.writeFileSync(file, iconv.encode(text, 'windows-1252'));
    const r = cli(['import', 'exams', file, '--user', account.email, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('colunas desconhecidas ignoradas: coluna_estranha');
    const p = (await pool.query(`select p.name, c.name as company, e.ambient_noise_db, e.acoustic_rest_hours, e.audiogram from patient p join company c on c.id = p.company_id join exam e on e.patient_id = p.id where p.cpf = $1`, [cpf(300000001)])).rows[0];
    expect(p).toMatchObject({ name: 'Conceição Araújo', company: 'Ótica São João', ambient_noise_db: 31.5, acoustic_rest_hours: 14 });
    const { right, left } = decodeStoredAudiogram(p.audiogram as Buffer);
    expect([right.air[4000], left.air[4000]]).toEqual([noResponse(120), noResponse(90)]);
  });

  it('finishes the job after a kill -9 in the middle: nothing lost, nothing doubled, classifications consistent', async () => {
    const lines = [HEADER];
    for (let w = 0; w < 400; w++) for (let k = 0; k < 10; k++) lines.push(row(`Trabalhador ${w}`, cpf(400000000 + w), '01/01/1975', w % 2 ? 'M' : 'F', `15/0${1 + (k % 9)}/${2000 + k}`, 5 * ((w + k) % 5)));
    const file = write('grande.csv', lines.join('\n'));
    const before = await examCount();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), 'import', 'exams', file, '--user', account.email, '--json', '--batch-size', '200'], {
      cwd: root, env: { ...process.env, DATABASE_URL: t.database.url, LIMIAR_LOG_LEVEL: 'silent' }, stdio: 'ignore',
    });
    const exited = new Promise((r) => child.once('exit', r));
    let mid = 0;
    for (let i = 0; i < 600 && mid === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const n = (await examCount()) - before;
      if (n >= 600) mid = n;
    }
    child.kill('SIGKILL');
    await exited;
    // the command re-ran itself with --single-threaded-gc (cli/src/single-threaded-gc.ts): that child dies too
    for (let i = 0; i < 40 && processesWith(file).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(processesWith(file), 'no import process left running').toEqual([]);
    const afterKill = (await examCount()) - before;
    expect(afterKill).toBeGreaterThan(0);
    expect(afterKill).toBeLessThan(4000);
    const rerun = cli(['import', 'exams', file, '--user', account.email, '--json', '--batch-size', '200']);
    expect(rerun.status, rerun.stderr).toBe(0);
    expect(summaryOf(rerun)).toMatchObject({ read: 4000, rejected: 0 });
    expect(summaryOf(rerun).imported + summaryOf(rerun).duplicates).toBe(4000);
    expect((await examCount()) - before).toBe(4000);
    const doubled = await pool.query('select patient_id, exam_date, count(*) from exam group by 1, 2, audiogram::text having count(*) > 1');
    expect(doubled.rows).toEqual([]);
    await expectWebAppClassification();
  }, 120_000);

  it('an exam stored by another writer between the key check and the COPY is skipped, not doubled (savepoint path); the earphone is the exam\'s', async () => {
    const { PgExamImportSink } = await import('../../adapters/src/persistence/bulk/pg-exam-import-sink');
    const sink = new PgExamImportSink(pool, account.user.organizationId);
    const patientId = (await pool.query<{ id: string }>('select id from patient where organization_id = $1 limit 1', [account.user.organizationId])).rows[0].id;
    const exam = (key: string, date: string, transducer?: string) => ({
      id: randomUUID(), patientId, date, naturalKey: key, transducer, classificationJson: '{"alerts":[]}', classificationColumns: classificationColumns({ alerts: [] }), rulesVersion: 'teste', createdAt: new Date(),
      consultationReason: null, operatorName: 'Operador\tcom\\barra', operatorRegistration: null, ambientNoiseDb: 30.5, calibrationDate: null, acousticRestHours: 14,
      right: { air: { 1000: 10 } }, left: { air: { 1000: 15 } },
    });
    const before = await examCount();
    const [k1, k2] = [sink.digest(`${patientId}|corrida-1`), sink.digest(`${patientId}|corrida-2`)];
    try {
      // first writer
      expect(await sink.batch((b) => b.insertExams([exam(k1, '2001-01-01')]))).toBe(1);
      // second writer: did not see the first key when it checked; its COPY hits the unique key and falls back
      expect(await sink.batch((b) => b.insertExams([exam(k1, '2001-01-01'), exam(k2, '2001-02-01', 'HDA-300')]))).toBe(1);
    } finally {
      sink.release();
    }
    expect((await examCount()) - before).toBe(2);
    const stored = await pool.query("select encode(natural_key, 'hex') as natural_key, operator_name, ambient_noise_db, transducer from exam where encode(natural_key, 'hex') = any($1) order by exam_date", [[k1, k2]]);
    // no earphone given (the import file has no column for it): the default one, as the web app records
    expect(stored.rows).toEqual([
      { natural_key: k1, operator_name: 'Operador\tcom\\barra', ambient_noise_db: 30.5, transducer: 'TDH-39' },
      { natural_key: k2, operator_name: 'Operador\tcom\\barra', ambient_noise_db: 30.5, transducer: 'HDA-300' },
    ]);
    await pool.query("delete from exam where encode(natural_key, 'hex') = any($1)", [[k1, k2]]);
  });

  it('export → import into another organisation gives back the same exams', async () => {
    const out = path.join(dir, 'export.csv');
    const r = cli(['export', 'exams', '--user', account.email, '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    const bytes = fs.readFileSync(out);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = bytes.toString('utf8');
    expect(text.split('\n')[0]).toContain('nome;cpf;data_nascimento;idade;sexo;empresa');
    expect(text).toContain('31,5');
    expect(text).toMatch(/;15\/03\/20\d\d;/);
    const other = await registerAccount(t);
    const back = cli(['import', 'exams', out, '--user', other.email, '--json']);
    expect(back.status, back.stderr).toBe(0);
    expect(back.stderr).not.toContain('colunas desconhecidas');
    const snapshot = async (email: string) => (await pool.query(`select p.name, trim(p.cpf) as cpf, p.birth_date::text, p.sex, c.name as company, e.exam_date::text, e.audiogram, e.ambient_noise_db,
        e.acoustic_rest_hours, e.calibration_date::text, e.operator_name, ${COLUMNS} from exam e join patient p on p.id = e.patient_id left join company c on c.id = p.company_id
        join professional pr on pr.organization_id = e.organization_id where pr.email = $1 order by p.cpf, p.name, e.exam_date, e.audiogram::text`, [email])).rows;
    const a = await snapshot(account.email);
    expect(a.length).toBe(await examCount() - (await snapshot(other.email)).length);
    expect(await snapshot(other.email)).toEqual(a);
  }, 60_000);

  it('guards text cells against formula injection and refuses reports without a report table (exit 2)', async () => {
    const file = write('formula.csv', [HEADER, row('=HYPERLINK("x")', cpf(500000001), '01/01/1990', 'M', '01/01/2020')].join('\n'));
    expect(cli(['import', 'exams', file, '--user', account.email, '--json']).status).toBe(0);
    const r = cli(['export', 'patients', '--user', account.email, '--q', 'hyperlink']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`"'=HYPERLINK(""x"")"`);
    // the report table arrives with the laudo feature: before it, exit 2 and a pt-BR message
    const hasReports = !!(await pool.query(`select to_regclass('report')::text as t`)).rows[0].t;
    const reports = cli(['export', 'reports', '--user', account.email]);
    if (hasReports) {
      expect(reports.status, reports.stderr).toBe(0);
      expect(reports.stdout.startsWith('\uFEFF')).toBe(true);
    } else {
      expect(reports.status).toBe(2);
      expect(reports.stderr).toContain('Ainda não há laudos neste banco');
    }
    if (hasReports) {
      // a database without the laudo feature's table (this file's private database, renamed for the check)
      await pool.query('alter table report rename to report_hidden');
      try {
        const none = cli(['export', 'reports', '--user', account.email]);
        expect(none.status).toBe(2);
        expect(none.stderr).toContain('Ainda não há laudos neste banco');
      } finally {
        await pool.query('alter table report_hidden rename to report');
      }
    }
  });

  it('exit 2 for a missing file, an unknown user, or a header without the required columns', () => {
    expect(cli(['import', 'exams', path.join(dir, 'nao-existe.csv'), '--user', account.email]).status).toBe(2);
    const file = write('ok.csv', [HEADER, row('Ana', cpf(600000001), '01/01/1990', 'F', '01/01/2020')].join('\n'));
    const unknown = cli(['import', 'exams', file, '--user', 'ninguem@x.com']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Usuário não encontrado');
    const bad = cli(['import', 'exams', write('cab.csv', 'a;b\n1;2\n'), '--user', account.email]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Cabeçalho sem a(s) coluna(s) obrigatória(s): nome, sexo, data_exame');
  });
});

describe('the organisation and the role of --user (issue 18)', () => {
  it('checks the member may import or export; a login in several organisations names one with --organization', async () => {
    const file = write('org.csv', [HEADER, row('Joana Prado', cpf(700000001), '01/01/1985', 'F', '01/06/2021')].join('\n'));
    const safety = await inviteMember(t, account, ['seguranca']);
    const refused = cli(['import', 'exams', file, '--user', safety.email, '--json']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Seu papel nesta organização não permite registrar exames, enviar audiogramas e revisar leituras.');
    const tech = await inviteMember(t, account, ['tecnico']);
    const noExport = cli(['export', 'exams', '--user', tech.email]);
    expect(noExport.status).toBe(2);
    expect(noExport.stderr).toContain('não permite ver os painéis da empresa e exportar dados');

    // the technician also joins a second clinic: the commands ask which organisation
    const other = await registerAccount(t);
    const invited = await (await t.request('/api/team/invitations', json({ email: tech.email, roles: ['tecnico'] }, other.token))).json();
    const token = new URLSearchParams(invited.acceptPath.split('#')[1]).get('token');
    expect((await t.request('/api/invitations/accept', json({ mode: 'existing', token, password: tech.password }))).status).toBe(200);
    const ambiguous = cli(['import', 'exams', file, '--user', tech.email, '--json']);
    expect(ambiguous.status).toBe(2);
    expect(ambiguous.stderr).toMatch(/pertence a 2 organizações: .*Informe qual com --organization/);
    const stranger = cli(['import', 'exams', file, '--user', tech.email, '--organization', 'Clínica Inexistente', '--json']);
    expect(stranger.status).toBe(2);
    expect(stranger.stderr).toContain('não é membro ativo da organização "Clínica Inexistente"');
    const before = await examCount();
    const chosen = cli(['import', 'exams', file, '--user', tech.email, '--organization', other.user.organizationId, '--json']);
    expect(chosen.status, chosen.stderr).toBe(0);
    expect(summaryOf(chosen)).toMatchObject({ imported: 1 });
    expect(await examCount()).toBe(before + 1);
    const inOther = await pool.query('select count(*)::int as n from exam where organization_id = $1', [other.user.organizationId]);
    expect(inOther.rows[0].n).toBe(1);
  });
});

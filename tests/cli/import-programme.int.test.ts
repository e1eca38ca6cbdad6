import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from '../../core/src';
import { registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { jsonSummaryOf, runLimiar, writeIn } from '../support/cli';
import { cpfFrom as cpf } from '../support/cpf';

// The programme's optional import columns (issue 19): cnpj, matricula, setor, ghe, admissao, tipo_exame.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-import-programme-'));
let t: TestServer;
let account: Account;
let pool: pg.Pool;

const cli = (args: string[]) => runLimiar(t.database.url, args);
const summaryOf = jsonSummaryOf;
const write = (name: string, text: string) => writeIn(dir, name, text);
const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await pool.query<T>(sql, params)).rows;

const ACME = cnpjWithCheckDigits('112223330001');
const ACME_FILIAL = cnpjWithCheckDigits('112223330002');
const HEADER = 'Nome;CPF;Data Nascimento;Sexo;Empresa;CNPJ;Matrícula;Setor;GHE;Admissão;Tipo Exame;Cargo;Data Exame;od_500;od_1000;od_2000;od_3000;od_4000;od_6000;od_8000;oe_500;oe_1000;oe_2000;oe_3000;oe_4000;oe_6000;oe_8000';
const line = (o: { name: string; cpf: string; company?: string; cnpj?: string; reg?: string; sector?: string; ghe?: string; admission?: string; type?: string; job?: string; date: string; t4k?: number }) =>
  [o.name, o.cpf, '01/02/1980', 'M', o.company ?? '', o.cnpj ?? '', o.reg ?? '', o.sector ?? '', o.ghe ?? '', o.admission ?? '', o.type ?? '', o.job ?? '', o.date,
    10, 10, 15, 20, o.t4k ?? 25, 20, 15, 10, 10, 15, 20, o.t4k ?? 25, 20, 15].join(';');

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

describe('limiar import exams — programme columns', () => {
  it('creates companies, sectors, GHEs and employment periods (with a transfer) once, sets the exam type, and a re-run changes nothing', async () => {
    // a company typed in the worker form earlier (no CNPJ): the import completes it with the CNPJ of the same name
    await pool.query("insert into company (id, organization_id, name, created_at) values (gen_random_uuid(), $1, 'ACME Metais Ltda', now())", [account.user.organizationId]);
    const file = write('programa.csv', [
      HEADER,
      line({ name: 'Ana Lima', cpf: cpf(200000001), company: 'ACME METAIS LTDA', cnpj: ACME, reg: '0042', sector: 'Estamparia', ghe: 'GHE 01 Prensas', admission: '06/01/2020', type: 'Admissional', job: 'Prensista', date: '03/01/2020' }),
      line({ name: 'Ana Lima', cpf: cpf(200000001), company: 'ACME Metais Ltda', cnpj: ACME, reg: '0042', sector: 'Estamparia', ghe: 'ghe 01 prensas', admission: '2020-01-06', type: 'periodico', job: 'Prensista', date: '05/01/2021' }),
      // moved to another GHE: a transfer on the exam date
      line({ name: 'Ana Lima', cpf: cpf(200000001), company: 'ACME Metais Ltda', cnpj: ACME, reg: '0042', sector: 'Ferramentaria', ghe: 'GHE 02 Retífica', admission: '06/01/2020', type: 'Mudança de função', job: 'Retificadora', date: '10/02/2022', t4k: 35 }),
      // the same razão social, another establishment (filial)
      line({ name: 'Bruno Dias', cpf: cpf(200000002), company: 'ACME Metais Ltda', cnpj: ACME_FILIAL, reg: '7', ghe: 'GHE 01 Prensas', admission: '01/03/2019', type: '1', date: '02/03/2023' }),
      // a company only by name, and the type read from `tipo_exame` absent: no type
      line({ name: 'Carla Reis', cpf: cpf(200000003), company: 'Têxtil Nova', reg: 'A-1', admission: '15/05/2018', date: '20/05/2023' }),
    ].join('\n'));
    const first = cli(['import', 'exams', file, '--user', account.email, '--json']);
    expect(first.status, first.stderr + first.stdout).toBe(0);
    expect(summaryOf(first)).toMatchObject({ imported: 5, rejected: 0, companiesCreated: 2, ghesCreated: 3, employmentPeriodsCreated: 4 });

    const companies = await q<{ name: string; cnpj: string | null }>('select name, cnpj from company where organization_id = $1 order by name, cnpj', [account.user.organizationId]);
    expect(companies).toEqual([{ name: 'ACME Metais Ltda', cnpj: ACME }, { name: 'ACME Metais Ltda', cnpj: ACME_FILIAL }, { name: 'Têxtil Nova', cnpj: null }]);
    const ghes = await q<{ company: string; name: string; sector: string | null }>(`select c.cnpj as company, g.name, s.name as sector from ghe g join company c on c.id = g.company_id
      left join sector s on s.id = g.sector_id order by c.cnpj, g.name`);
    expect(ghes).toEqual([
      { company: ACME, name: 'GHE 01 Prensas', sector: 'Estamparia' }, { company: ACME, name: 'GHE 02 Retífica', sector: 'Ferramentaria' },
      { company: ACME_FILIAL, name: 'GHE 01 Prensas', sector: null },
    ]);
    const periods = await q<{ name: string; reg: string; job: string | null; ghe: string | null; admission: string; start: string; end: string | null }>(`
      select p.name, e.registration as reg, e.job_title as job, g.name as ghe, e.admission_date::text as admission, e.start_date::text as start, e.end_date::text as end
      from employment e join patient p on p.id = e.patient_id left join ghe g on g.id = e.ghe_id order by p.name, e.start_date`);
    expect(periods).toEqual([
      { name: 'Ana Lima', reg: '0042', job: 'Prensista', ghe: 'GHE 01 Prensas', admission: '2020-01-06', start: '2020-01-06', end: '2022-02-10' },
      { name: 'Ana Lima', reg: '0042', job: 'Retificadora', ghe: 'GHE 02 Retífica', admission: '2020-01-06', start: '2022-02-10', end: null },
      { name: 'Bruno Dias', reg: '7', job: null, ghe: 'GHE 01 Prensas', admission: '2019-03-01', start: '2019-03-01', end: null },
      { name: 'Carla Reis', reg: 'A-1', job: null, ghe: null, admission: '2018-05-15', start: '2018-05-15', end: null },
    ]);
    const types = await q<{ date: string; exam_type: string | null }>('select exam_date::text as date, exam_type from exam order by exam_date');
    expect(types.map((r) => r.exam_type)).toEqual(['admissional', 'periodico', 'mudanca_riscos', 'periodico', null]);
    // the worker's company follows the current period (the filial for Bruno)
    const bruno = await q<{ cnpj: string }>("select c.cnpj from patient p join company c on c.id = p.company_id where p.name = 'Bruno Dias'");
    expect(bruno).toEqual([{ cnpj: ACME_FILIAL }]);

    const snapshot = async () => JSON.stringify([
      await q('select id, name, cnpj from company order by id'), await q('select id, name from sector order by id'), await q('select id, name, sector_id from ghe order by id'),
      await q('select id, company_id, ghe_id, sector_id, registration, start_date::text, end_date::text from employment order by id'), await q('select count(*)::int from exam'),
    ]);
    const before = await snapshot();
    const again = cli(['import', 'exams', file, '--user', account.email, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(summaryOf(again)).toMatchObject({ imported: 0, duplicates: 5, companiesCreated: 0, ghesCreated: 0, employmentPeriodsCreated: 0 });
    expect(await snapshot()).toBe(before);
  }, 120_000);

  it('a file read newest-first across batches (Windows-1252, comma-separated) keeps the worker in his latest GHE and invents no transfer', async () => {
    const cnpj = cnpjWithCheckDigits('998887770001');
    const header = 'NOME,CPF,DATA NASCIMENTO,SEXO,EMPRESA,CNPJ,MATRÍCULA,GHE,ADMISSÃO,TIPO EXAME,DATA EXAME,OD_500,OD_1000,OD_2000,OD_3000,OD_4000,OD_6000,OD_8000,OE_500,OE_1000,OE_2000,OE_3000,OE_4000,OE_6000,OE_8000';
    const row = (date: string, ghe: string) => ['Íris Fundição', cpf(200000021), '03/04/1985', 'F', 'Fundição Ébano', cnpj, '77', ghe, '10/02/2020', 'periódico', date, 10, 10, 15, 20, 25, 20, 15, 10, 10, 15, 20, 25, 20, 15].join(',');
    const file = path.join(dir, 'decrescente.csv');
    fs.writeFileSync(file, iconv.encode([header, row('15/03/2024', 'GHE Forno'), row('15/03/2023', 'GHE Forno'), row('15/03/2022', 'GHE Moldagem'), row('15/03/2021', 'GHE Moldagem')].join('\r\n'), 'win1252'));
    const periods = async () => q<{ ghe: string; start: string; end: string | null }>(`select g.name as ghe, e.start_date::text as start, e.end_date::text as end from employment e
      join ghe g on g.id = e.ghe_id join company c on c.id = e.company_id where c.cnpj = $1 order by e.start_date`, [cnpj]);
    const first = cli(['import', 'exams', file, '--user', account.email, '--json', '--batch-size', '1']);
    expect(first.status, first.stderr + first.stdout).toBe(0);
    expect(summaryOf(first)).toMatchObject({ imported: 4, rejected: 0, employmentPeriodsCreated: 1 });
    // the history before his latest GHE cannot be told from a newest-first file: it is not invented either
    expect(await periods()).toEqual([{ ghe: 'GHE Forno', start: '2020-02-10', end: null }]);
    expect(await q("select exam_type from exam e join patient p on p.id = e.patient_id where p.name = 'Íris Fundição' and e.exam_type = 'periodico'")).toHaveLength(4);
    const again = cli(['import', 'exams', file, '--user', account.email, '--json', '--batch-size', '1']);
    expect(summaryOf(again)).toMatchObject({ imported: 0, duplicates: 4, employmentPeriodsCreated: 0 });
    expect(await periods()).toEqual([{ ghe: 'GHE Forno', start: '2020-02-10', end: null }]);
  }, 120_000);

  it('rejects, with the line and a pt-BR reason, a bad CNPJ, an unknown exam type and employment columns without admission or company; stores nothing of those rows', async () => {
    const countsBefore = await q<{ c: number; e: number }>('select (select count(*)::int from company) as c, (select count(*)::int from employment) as e');
    const file = write('ruins.csv', [
      HEADER,
      line({ name: 'Davi Melo', cpf: cpf(200000011), company: 'X', cnpj: '11.222.333/0001-00', admission: '01/01/2020', date: '01/06/2023' }),
      line({ name: 'Eva Cruz', cpf: cpf(200000012), company: 'X', cnpj: ACME, admission: '01/01/2020', type: 'anual', date: '01/06/2023' }),
      line({ name: 'Fábio Luz', cpf: cpf(200000013), company: 'X', cnpj: ACME, ghe: 'GHE 9', date: '01/06/2023' }),
      line({ name: 'Gil Rocha', cpf: cpf(200000014), reg: '55', admission: '01/01/2020', date: '01/06/2023' }),
      line({ name: 'Hugo Paz', cpf: cpf(200000015), company: 'X', cnpj: ACME, admission: '31/02/2020', date: '01/06/2023' }),
    ].join('\n'));
    const r = cli(['import', 'exams', file, '--user', account.email, '--json']);
    expect(r.status).toBe(1);
    expect(summaryOf(r)).toMatchObject({ imported: 0, rejected: 5 });
    const report = fs.readFileSync(summaryOf(r).errorsFile, 'utf8');
    expect(report).toContain('CNPJ inválido: confira os dígitos verificadores (cnpj: 11.222.333/0001-00)');
    expect(report).toContain('Tipo de exame inválido');
    expect(report).toContain('Informe a data de admissão (admissao)');
    expect(report).toContain('Informe a empresa (empresa ou cnpj) do vínculo');
    expect(report).toContain('Data de admissão inválida ou no futuro: 31/02/2020');
    expect(await q('select (select count(*)::int from company) as c, (select count(*)::int from employment) as e')).toEqual(countsBefore);
  }, 120_000);
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from '../../core/src';
import { bearer, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { ProgrammeSeed, type Classification } from '../support/programme-seed';
import { startTestServer, type TestServer } from '../support/test-server';

const root = path.resolve(import.meta.dirname, '../..');
const OK: Classification = { right: 'aceitavel', left: 'aceitavel' };
const SUG: Classification = { right: 'aceitavel', left: 'sugestivo_painpse' };
const NAO: Classification = { right: 'nao_sugestivo', left: 'aceitavel' };

let t: TestServer;
let admin: Account;
let seed: ProgrammeSeed;
let acme: { id: string; cnpj: string | null };
let beta: { id: string; cnpj: string | null };

/** The PDF's text as pdftotext -layout reads it (real Chromium output). */
function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-relatorio-'));
  try {
    fs.writeFileSync(path.join(dir, 'r.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await registerAccount(t, { name: 'Dra. Helena Prado' });
  expect((await t.request('/api/organization', json({ name: 'Clínica Audição Segura', address: 'Av. Paulista, 1000 — São Paulo/SP', phone: '(11) 3333-4444' }, admin.token, 'PUT'))).status).toBe(200);
  seed = await ProgrammeSeed.open(t.database.url, admin.user.organizationId);
  acme = await seed.company('Metalúrgica Acme Ltda', { cnpj: cnpjWithCheckDigits('112223330001'), address: 'Rua das Prensas, 100 — Osasco/SP', tradeName: 'Acme' });
  beta = await seed.company('Beta Plásticos S.A.', { cnpj: null });
  const prensas = await seed.sector(acme.id, 'Prensas');
  const manut = await seed.sector(acme.id, 'Manutenção');
  const ghe1 = await seed.ghe(acme.id, prensas, 'GHE 01 — Prensas');
  const ghe2 = await seed.ghe(acme.id, manut, 'GHE 02 — Manutenção');
  const [ana, bruno, carla, davi] = await seed.workers(['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Rocha']);
  const [eva] = await seed.workers(['Eva Arquivada'], { archived: true });
  await seed.employments([
    { patientId: ana, companyId: acme.id, registration: '1001', sectorId: prensas, gheId: ghe1, admissionDate: '2020-01-01' },
    // Bruno moves from Prensas to Manutenção on 01/06/2026 (same contract, a new period)
    { patientId: bruno, companyId: acme.id, registration: '1002', sectorId: prensas, gheId: ghe1, admissionDate: '2020-01-01', endDate: '2026-06-01' },
    { patientId: bruno, companyId: acme.id, registration: '1002', sectorId: manut, gheId: ghe2, admissionDate: '2020-01-01', startDate: '2026-06-01' },
    // Carla: at Beta until 31/03/2026, at Acme from 10/04/2026 without sector
    { patientId: carla, companyId: beta.id, registration: 'B-7', admissionDate: '2019-05-01', dismissalDate: '2026-03-31' },
    { patientId: carla, companyId: acme.id, registration: '1003', admissionDate: '2026-04-10' },
    { patientId: davi, companyId: acme.id, registration: '1004', sectorId: prensas, gheId: ghe1, admissionDate: '2020-01-01' },
    { patientId: eva, companyId: acme.id, registration: '1005', sectorId: prensas, admissionDate: '2020-01-01' },
  ]);
  await seed.exams([
    { patientId: ana, date: '2025-03-01', examType: 'periodico', classification: OK },
    { patientId: bruno, date: '2025-03-02', examType: 'periodico', classification: OK },
    { patientId: davi, date: '2025-05-02', examType: 'periodico', classification: { ...SUG, d: true } },
    { patientId: ana, date: '2026-02-10', examType: 'periodico', classification: { ...SUG, d: true } },
    { patientId: bruno, date: '2026-02-11', examType: 'periodico', classification: OK },
    { patientId: bruno, date: '2026-07-01', examType: null, classification: NAO },
    { patientId: carla, date: '2026-03-01', examType: 'demissional', classification: { right: 'sugestivo_painpse', left: 'sugestivo_painpse', a: true } },
    { patientId: carla, date: '2026-04-10', examType: 'admissional', classification: { right: 'aceitavel', left: 'nao_sugestivo' } },
    { patientId: davi, date: '2026-05-05', examType: 'periodico', classification: { right: 'sugestivo_painpse', left: 'sugestivo_painpse', a: true } },
    { patientId: davi, date: '2026-12-31', examType: 'periodico', classification: { right: null, left: null } },
    { patientId: eva, date: '2026-05-05', examType: 'periodico', classification: { ...SUG, d: true } },
    { patientId: ana, date: '2027-01-02', examType: 'periodico', classification: OK },
  ]);
}, 120_000);

afterAll(async () => {
  await seed?.close();
  await t?.close();
});

const q = (over: Record<string, string | number> = {}) => new URLSearchParams(Object.entries({ companyId: acme.id, year: 2026, ...over }).map(([k, v]) => [k, String(v)])).toString();

describe('GET /api/programme/annual-report (NR-7 7.6.2, audiometry part)', () => {
  it('gives the figures of a known dataset: by type, by result with %, flags, referrals, previous year, by sector and GHE, the cases', async () => {
    const res = await t.request(`/api/programme/annual-report?${q()}`, bearer(admin.token));
    const r = await res.json();
    expect(res.status, JSON.stringify(r)).toBe(200);
    expect(r.company).toMatchObject({ id: acme.id, name: 'Metalúrgica Acme Ltda', cnpjFormatted: '11.222.333/0001-81', tradeName: 'Acme' });
    expect(r.clinic).toMatchObject({ name: 'Clínica Audição Segura' });
    expect(r.clinic.logo).toBeUndefined();
    expect(r.period).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(r.current).toMatchObject({ audiometries: 6, workersExamined: 4, desencadeamentoWorkers: 1, agravamentoWorkers: 1, referredWorkers: 2 });
    expect(r.current.byType).toMatchObject({ periodico: 4, admissional: 1, demissional: 0, nao_informado: 1 });
    expect(r.current.byResult).toEqual({ dentro_limites: 1, sugestivo: 2, nao_sugestivo: 2, sem_classificacao: 1 });
    expect(r.current.percents.byResult).toEqual({ dentro_limites: 16.7, sugestivo: 33.3, nao_sugestivo: 33.3, sem_classificacao: 16.7 });
    expect(r.previous).toMatchObject({ audiometries: 3, workersExamined: 3, desencadeamentoWorkers: 1, agravamentoWorkers: 0 });
    expect(r.bySector.map((g: { name: string; figures: { audiometries: number } }) => [g.name, g.figures.audiometries])).toEqual([['Manutenção', 1], ['Prensas', 4], ['Sem setor informado', 1]]);
    expect(r.byGhe.map((g: { name: string; sectorName: string | null }) => [g.name, g.sectorName])).toEqual([['GHE 01 — Prensas', 'Prensas'], ['GHE 02 — Manutenção', 'Manutenção'], ['Sem GHE informado', null]]);
    expect(r.cases.map((c: { name: string; registration: string; examDate: string }) => [c.name, c.registration, c.examDate])).toEqual([['Ana Souza', '1001', '2026-02-10'], ['Davi Rocha', '1004', '2026-05-05']]);
    expect(r.referrals.map((c: { name: string; examDate: string }) => [c.name, c.examDate])).toEqual([['Bruno Lima', '2026-07-01'], ['Carla Dias', '2026-04-10']]);
    expect(r.generatedBy).toEqual({ name: 'Dra. Helena Prado', registry: 'CRM 123456/SP' });
  });

  it('the PDF (real Chromium) is A4 and carries the figures, the company, the cases and the normative basis; no "null"', async () => {
    const res = await t.request(`/api/programme/annual-report.pdf?${q()}`, bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="relatorio-analitico-${acme.cnpj}-2026.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Clínica Audição Segura');
    expect(text).toContain('Metalúrgica Acme Ltda');
    expect(text).toContain('11.222.333/0001-81');
    expect(text).toContain('01/01/2026 a 31/12/2026');
    expect(text).toMatch(/Sugestivo de PAINPSE \(item 5\.2\)\s+2\s+33,3%\s+1\s+33,3%\s+0,0 p\.p\./);
    expect(text).toMatch(/Dentro dos limites aceitáveis \(item 5\.1\)\s+1\s+16,7%\s+2\s+66,7%\s+−50,0 p\.p\./);
    expect(text).toMatch(/Periódico\s+4\s+3\s+\+1/);
    expect(text).toMatch(/Encaminhados para avaliação especializada \(item 10 b\)\s+2\s+50,0%\s+0\s+0,0%\s+\+50,0 p\.p\./);
    expect(text).toMatch(/Ana Souza\s+1001\s+Prensas\s+GHE 01 — Prensas\s+10\/02\/2026\s+Desencadeamento/);
    expect(text).toMatch(/Bruno Lima\s+1002\s+Manutenção\s+GHE 02 — Manutenção\s+01\/07\/2026/);
    expect(text).toContain('NR-7, item 7.6.2');
    expect(text).toContain('Médico(a) coordenador(a) do PCMSO');
    expect(text).toMatch(/Gerado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} por Dra\. Helena Prado \(CRM 123456\/SP\)/);
    expect(text).not.toMatch(/null|undefined|NaN|\[object/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/); // dates are dd/mm/aaaa
  }, 60_000);

  it('the CSV is Excel pt-BR (BOM, ";", decimal comma, dd/mm/aaaa) with the same figures', async () => {
    const res = await t.request(`/api/programme/annual-report.csv?${q()}`, bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="relatorio-analitico-${acme.cnpj}-2026.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\n');
    expect(lines[0]).toBe('empresa;cnpj;periodo;secao;grupo;indicador;n;percentual;trabalhador;matricula;data_exame');
    expect(lines).toContain('Metalúrgica Acme Ltda;11.222.333/0001-81;2026;resultados;;Sugestivo de PAINPSE;2;33,3;;;');
    expect(lines).toContain('Metalúrgica Acme Ltda;11.222.333/0001-81;2025;resultados;;Dentro dos limites aceitáveis;2;66,7;;;');
    expect(lines).toContain('Metalúrgica Acme Ltda;11.222.333/0001-81;2026;tipo_exame;;Periódico;4;;;;');
    expect(lines).toContain('Metalúrgica Acme Ltda;11.222.333/0001-81;2026;setor;Prensas;Audiometrias;4;;;;');
    expect(lines).toContain('Metalúrgica Acme Ltda;11.222.333/0001-81;2026;caso_item_9b;GHE 01 — Prensas;Desencadeamento;;;Ana Souza;1001;10/02/2026');
    expect(lines).toContain('Metalúrgica Acme Ltda;11.222.333/0001-81;2026;encaminhamento_item_10b;;Não sugestivo de PAINPSE;;;Carla Dias;1003;10/04/2026');
  });

  it('a técnico is refused (403); segurança may read it', async () => {
    const tecnico = await inviteMember(t, admin, ['tecnico']);
    for (const suffix of ['', '.pdf', '.csv']) {
      const res = await t.request(`/api/programme/annual-report${suffix}?${q()}`, bearer(tecnico.token));
      expect(res.status, suffix).toBe(403);
    }
    const seguranca = await inviteMember(t, admin, ['seguranca']);
    const res = await t.request(`/api/programme/annual-report?${q()}`, bearer(seguranca.token));
    expect(res.status).toBe(200);
    expect((await res.json()).current.audiometries).toBe(6);
  });

  it("another organisation's company is not found (404), in every format", async () => {
    const other = await registerAccount(t);
    for (const suffix of ['', '.pdf', '.csv']) {
      const res = await t.request(`/api/programme/annual-report${suffix}?${q()}`, bearer(other.token));
      expect(res.status, suffix).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'COMPANY.NOT_FOUND', message: 'Empresa não encontrada' });
    }
  });

  it('a bad year or period is 400 in pt-BR; no year at all too', async () => {
    for (const query of [q({ year: 'dois mil' }), q({ year: 1800 }), q({ year: 2026.5 }), `companyId=${acme.id}`, q({ from: '2026-01-01', to: '2027-06-30' }).replace(/year=2026&?/, ''), 'year=2026&companyId=nao-e-uuid']) {
      const res = await t.request(`/api/programme/annual-report?${query}`, bearer(admin.token));
      const body = await res.json();
      expect(res.status, `${query} → ${JSON.stringify(body)}`).toBe(400);
      expect(body.code).toMatch(/^(REQUEST\.INVALID|ANNUAL_REPORT\.INVALID_PERIOD)$/);
      expect(body.message).toMatch(/ano|data|período|empresa|um ano/i);
    }
  });

  it('a from/to period within one year compares with the same dates a year earlier', async () => {
    const res = await t.request(`/api/programme/annual-report?companyId=${acme.id}&from=2026-02-01&to=2026-06-30`, bearer(admin.token));
    const r = await res.json();
    expect(res.status, JSON.stringify(r)).toBe(200);
    expect(r).toMatchObject({ year: null, period: { from: '2026-02-01', to: '2026-06-30' }, previousPeriod: { from: '2025-02-01', to: '2025-06-30' } });
    expect(r.current.audiometries).toBe(4);
    expect(r.previous.audiometries).toBe(3);
  });

  it('a company without CNPJ still has its report (the file is named by its id)', async () => {
    const res = await t.request(`/api/programme/annual-report.csv?companyId=${beta.id}&year=2026`, bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="relatorio-analitico-${beta.id}-2026.csv"`);
    expect(await res.text()).toContain('Beta Plásticos S.A.;;2026;resultados;;Audiometrias;1;;;;');
  });

  it('renders page 1 of a realistic report to docs/screenshots/programme-annual-report.png', async () => {
    // a plant of 48 workers in three sectors and four GHEs, two years of exams, a deterministic mix of results
    const plant = await seed.company('Indústria Metalúrgica Paulista Ltda', { cnpj: cnpjWithCheckDigits('457812360001'), tradeName: 'IMP Metais', address: 'Av. dos Autonomistas, 3200 — Osasco/SP', cnae: '2512-8/00' });
    const sectors: string[] = [];
    for (const n of ['Estamparia', 'Usinagem', 'Expedição']) sectors.push(await seed.sector(plant.id, n));
    const ghes = [
      await seed.ghe(plant.id, sectors[0], 'GHE 01 — Prensas excêntricas'), await seed.ghe(plant.id, sectors[0], 'GHE 02 — Ferramentaria'),
      await seed.ghe(plant.id, sectors[1], 'GHE 03 — Tornos CNC'), await seed.ghe(plant.id, sectors[2], 'GHE 04 — Empilhadeiras'),
    ];
    const first = ['Adriana', 'Bruno', 'Camila', 'Diego', 'Elisa', 'Fábio', 'Gisele', 'Hugo', 'Íris', 'João', 'Karen', 'Luís', 'Marta', 'Nilton', 'Olga', 'Paulo'];
    const last = ['Almeida', 'Barbosa', 'Cardoso'];
    const names = last.flatMap((l) => first.map((f) => `${f} ${l}`));
    const ids = await seed.workers(names);
    await seed.employments(ids.map((id, i) => ({ patientId: id, companyId: plant.id, registration: String(2400 + i), sectorId: sectors[i % 4 === 3 ? 2 : i % 4 === 2 ? 1 : 0], gheId: ghes[i % 4], admissionDate: '2018-03-01' })));
    const results: Classification[] = [OK, OK, OK, SUG, OK, NAO, OK, OK, SUG, OK, OK, OK];
    await seed.exams(ids.flatMap((id, i) => [
      { patientId: id, date: `2025-0${1 + (i % 9)}-1${i % 10}`, examType: 'periodico', classification: results[(i + 3) % results.length] },
      { patientId: id, date: `2026-0${1 + (i % 9)}-1${i % 10}`, examType: i % 16 === 0 ? 'mudanca_riscos' : 'periodico',
        classification: i % 11 === 0 ? { ...SUG, d: true } : i % 13 === 0 ? { right: 'sugestivo_painpse', left: 'sugestivo_painpse', a: true } : results[i % results.length] },
    ]));
    const res = await t.request(`/api/programme/annual-report.pdf?companyId=${plant.id}&year=2026`, bearer(admin.token));
    expect(res.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-relatorio-shot-'));
    try {
      const file = path.join(dir, 'r.pdf');
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toContain('Indústria Metalúrgica Paulista Ltda');
      execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
      const png = fs.readdirSync(dir).find((f) => f.startsWith('page') && f.endsWith('.png'))!;
      expect(fs.statSync(path.join(dir, png)).size).toBeGreaterThan(20_000);
      fs.copyFileSync(path.join(dir, png), path.join(root, 'docs', 'screenshots', 'programme-annual-report.png'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('reads the records made through the API: companies, GHEs, employment with a transfer, exams classified by the rules engine', async () => {
    const call = async (method: string, url: string, body: unknown, status: number) => {
      const res = await t.request(url, json(body, admin.token, method));
      const out = await res.json();
      expect(res.status, `${method} ${url} → ${JSON.stringify(out)}`).toBe(status);
      return out;
    };
    const cnpj = cnpjWithCheckDigits('665544330001');
    const company = await call('POST', '/api/companies', { name: 'Cerâmica Horizonte Ltda', cnpj }, 201);
    const sector = await call('POST', `/api/companies/${company.id}/sectors`, { name: 'Fornos' }, 201);
    const gheA = await call('POST', `/api/companies/${company.id}/ghes`, { name: 'GHE F1', sectorId: sector.id, exposure: { metric: 'LAVG', levelDbA: 91 } }, 201);
    const gheB = await call('POST', `/api/companies/${company.id}/ghes`, { name: 'GHE F2', sectorId: sector.id }, 201);
    const worker = await call('POST', '/api/patients', { name: 'Ivo Ramos', age: 41, sex: 'M' }, 201);
    const contract = await call('POST', `/api/patients/${worker.id}/employments`, { companyId: company.id, registration: 'H-9', gheId: gheA.id, admissionDate: '2024-01-08' }, 201);
    await call('POST', `/api/patients/${worker.id}/employments/${contract.id}/transfer`, { date: '2026-06-01', gheId: gheB.id }, 201);
    const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));
    await call('POST', '/api/exams', { patientId: worker.id, date: '2025-02-03', examType: 'periodico', audiogram: { air: air([10, 10, 10, 10, 15, 10, 10]) } }, 201);
    await call('POST', '/api/exams', { patientId: worker.id, date: '2026-02-03', examType: 'periodico', audiogram: { air: air([10, 10, 10, 10, 10, 10, 10]) } }, 201);
    await call('POST', '/api/exams', { patientId: worker.id, date: '2026-07-06', examType: 'mudanca_riscos', audiogram: { air: air([10, 10, 10, 35, 45, 40, 10]) } }, 201);
    const res = await t.request(`/api/programme/annual-report?companyId=${company.id}&year=2026`, bearer(admin.token));
    const r = await res.json();
    expect(res.status, JSON.stringify(r)).toBe(200);
    expect(r.company.cnpj).toBe(cnpj);
    expect(r.current).toMatchObject({ audiometries: 2, workersExamined: 1 });
    expect(r.current.byType).toMatchObject({ periodico: 1, mudanca_riscos: 1 });
    expect(r.current.byResult).toMatchObject({ dentro_limites: 1, sugestivo: 1 });
    expect(r.previous).toMatchObject({ audiometries: 1, workersExamined: 1 });
    expect(r.byGhe.map((g: { name: string; figures: { audiometries: number; byResult: { sugestivo: number } } }) => [g.name, g.figures.audiometries, g.figures.byResult.sugestivo]))
      .toEqual([['GHE F1', 1, 0], ['GHE F2', 1, 1]]);
  });
});

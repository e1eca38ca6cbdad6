import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, cnpjWithCheckDigits, programmeToday } from '../../core/src';
import { bearer, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startClockedServer, type ClockedServer } from '../support/clocked-server';
import { cpfFrom } from '../support/cpf';
import type { TestServer } from '../support/test-server';

/**
 * A clock stopped at the start of the suite (sessions are checked against real time, so it cannot be
 * moved back): every date below is relative to the programme's "today" T.
 */
const frozen = new Date();
const clock = { now: () => frozen };
const T = programmeToday(frozen);
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const D = {
  anaExam: addMonths(T, -15), // due 12 months later: overdue by ~3 months
  brunoExam: addDays(addMonths(T, -12), 16), // due in 16 days
  carlaAdmission: addDays(T, -165), // no exam: sem referência since admission
  daviExam: addDays(T, -156), // notch: sugestivo; due in ~7 months
  evaExam: addDays(addMonths(T, -13), 5), // overdue by ~25 days, outside the 12-month window
};
const due = (exam: string) => addMonths(exam, 12);
const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));
const NORMAL = air([10, 10, 10, 15, 15, 15, 10]);
const NOTCH = air([10, 10, 15, 40, 55, 45, 20]);

let server: ClockedServer;
let t: TestServer;
let admin: Account;
let outsider: Account;
const ids = { acme: '', beta: '', prensas: '', ghe1: '', ghe2: '', ana: '', bruno: '', carla: '', davi: '', eva: '' };

const get = (path: string, who = admin) => t.request(path, bearer(who.token));
const getJson = async (path: string, who = admin) => {
  const res = await get(path, who);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};
const sql = (q: string, params: unknown[] = []) => server.database.orm.em.getConnection().execute(q, params);

async function worker(name: string, cpf: string | null = null) {
  const res = await t.request('/api/patients', json({ name, age: 40, sex: 'M', ...(cpf ? { cpf } : {}) }, admin.token));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id as string;
}
async function exam(patientId: string, date: string, thresholds = NORMAL) {
  const res = await t.request('/api/exams', json({ patientId, date, audiogram: { air: thresholds } }, admin.token));
  expect(res.status, await res.clone().text()).toBe(201);
}
async function employment(patientId: string, companyId: string, gheId: string | null, admissionDate: string, registration: string, sectorId: string | null = null) {
  await sql(`insert into employment (id, organization_id, patient_id, company_id, registration, sector_id, ghe_id, admission_date, start_date)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [randomUUID(), admin.user.organizationId, patientId, companyId, registration, sectorId, gheId, admissionDate, admissionDate]);
}

beforeAll(async () => {
  server = await startClockedServer(clock);
  t = server as unknown as TestServer;
  admin = await registerAccount(t);
  outsider = await registerAccount(t);
  const org = admin.user.organizationId;
  // The records (companies, sectors, GHEs, employment) are written in SQL: this suite is about the dashboard that reads them.
  ids.acme = randomUUID();
  ids.beta = randomUUID();
  await sql(`insert into company (id, organization_id, name, cnpj, created_at) values (?, ?, 'Metalúrgica Acme Ltda', ?, now()), (?, ?, 'Beta Plásticos', null, now())`,
    [ids.acme, org, cnpjWithCheckDigits('112223330001'), ids.beta, org]);
  ids.prensas = randomUUID();
  await sql(`insert into sector (id, organization_id, company_id, name) values (?, ?, ?, 'Prensas')`, [ids.prensas, org, ids.acme]);
  ids.ghe1 = randomUUID();
  ids.ghe2 = randomUUID();
  await sql(`insert into ghe (id, organization_id, company_id, sector_id, name, exposure_metric, exposure_level_dba) values
    (?, ?, ?, ?, 'GHE 01 — Prensas', 'LAVG', 88.0), (?, ?, ?, null, 'GHE 02 — Extrusão', 'LAVG', 83.5)`, [ids.ghe1, org, ids.acme, ids.prensas, ids.ghe2, org, ids.beta]);
  ids.ana = await worker('Ana Souza', cpfFrom(123456789));
  ids.bruno = await worker('Bruno Lima');
  ids.carla = await worker('Carla Dias');
  ids.davi = await worker('Davi Rocha');
  ids.eva = await worker('=Eva Fórmula');
  await employment(ids.ana, ids.acme, ids.ghe1, addMonths(T, -72), '1001', ids.prensas);
  await employment(ids.bruno, ids.acme, ids.ghe1, addMonths(T, -30), '1002', ids.prensas);
  await employment(ids.carla, ids.acme, ids.ghe1, D.carlaAdmission, '1003', ids.prensas);
  await employment(ids.davi, ids.beta, ids.ghe2, addMonths(T, -40), 'B-1');
  await employment(ids.eva, ids.beta, ids.ghe2, addMonths(T, -40), 'B-2');
  await exam(ids.ana, D.anaExam);
  await exam(ids.bruno, D.brunoExam);
  await exam(ids.davi, D.daviExam, NOTCH);
  await exam(ids.eva, D.evaExam);
}, 120_000);

afterAll(() => server?.close());

describe('GET /api/programme/overview', () => {
  it('counts the exposed workers in total, per company and per GHE', async () => {
    const o = await getJson('/api/programme/overview');
    expect(o.today).toBe(T);
    expect(o.totals).toEqual({ exposedWorkers: 5, dueIn30: 1, dueIn60: 1, dueIn90: 1, overdue: 2, withoutReference: 1, coverage: 40 });
    expect(o.companies).toEqual([
      { companyId: ids.beta, name: 'Beta Plásticos', cnpj: null, needsCompletion: true, exposedWorkers: 2, dueIn30: 0, dueIn60: 0, dueIn90: 0, overdue: 1, withoutReference: 0, coverage: 50 },
      { companyId: ids.acme, name: 'Metalúrgica Acme Ltda', cnpj: cnpjWithCheckDigits('112223330001'), needsCompletion: false, exposedWorkers: 3, dueIn30: 1, dueIn60: 1, dueIn90: 1,
        overdue: 1, withoutReference: 1, coverage: 33.3 },
    ]);
    expect(o.ghes.map((g: { name: string; companyName: string; sectorName: string | null; exposureStatus: string; exposedWorkers: number }) =>
      [g.name, g.companyName, g.sectorName, g.exposureStatus, g.exposedWorkers])).toEqual([
      ['GHE 02 — Extrusão', 'Beta Plásticos', null, 'acima_nivel_acao', 2],
      ['GHE 01 — Prensas', 'Metalúrgica Acme Ltda', 'Prensas', 'acima_limite', 3],
    ]);
    const acme = await getJson(`/api/programme/overview?companyId=${ids.acme}`);
    expect([acme.totals.exposedWorkers, acme.companies.length, acme.ghes.length]).toEqual([3, 1, 1]);
  });

  it('is a company dashboard: 403 for a técnico; another organisation sees nothing of this one', async () => {
    const tecnico = await inviteMember(t, admin, ['tecnico']);
    for (const path of ['/api/programme/overview', '/api/programme/prevalence', '/api/programme/workers', '/api/programme/workers.csv']) {
      expect((await get(path, tecnico)).status, path).toBe(403);
    }
    const seguranca = await inviteMember(t, admin, ['seguranca']);
    expect((await getJson('/api/programme/overview', seguranca)).totals.exposedWorkers).toBe(5);
    const foreign = await getJson(`/api/programme/overview?companyId=${ids.acme}`, outsider);
    expect(foreign).toEqual({ today: T, totals: { exposedWorkers: 0, dueIn30: 0, dueIn60: 0, dueIn90: 0, overdue: 0, withoutReference: 0, coverage: null }, companies: [], ghes: [] });
    expect(await getJson(`/api/programme/workers?companyId=${ids.acme}&state=vencido`, outsider)).toEqual({ total: 0, items: [] });
    expect((await getJson(`/api/programme/prevalence?companyId=${ids.acme}`, outsider)).current.workersExamined).toBe(0);
    expect((await get('/api/programme/overview?companyId=nao-e-id')).status).toBe(400);
    expect((await get('/api/programme/workers?state=atrasado')).status).toBe(400);
  });
});

describe('GET /api/programme/prevalence', () => {
  it('defaults to the last 12 months and the last 5 calendar years', async () => {
    const p = await getJson('/api/programme/prevalence');
    expect(p.window).toEqual({ from: addDays(addMonths(T, -12), 1), to: T });
    // Bruno (normal) and Davi (notch at 4 kHz): one of two sugestivo
    expect(p.current).toEqual({ workersExamined: 2, sugestivo: 1, desencadeamento: 0, agravamento: 0, sugestivoPercent: 50, desencadeamentoPercent: 0, agravamentoPercent: 0 });
    const year = Number(T.slice(0, 4));
    const examinedIn = (y: number) => new Set(Object.entries({ ana: D.anaExam, bruno: D.brunoExam, davi: D.daviExam, eva: D.evaExam }).filter(([, d]) => d.startsWith(String(y))).map(([w]) => w)).size;
    expect(p.byYear.map((y: { year: number; workersExamined: number }) => [y.year, y.workersExamined])).toEqual([4, 3, 2, 1, 0].map((k) => [year - k, examinedIn(year - k)]));
    expect(p.byYear[0]).toMatchObject({ workersExamined: 0, sugestivoPercent: null });
    const window = await getJson(`/api/programme/prevalence?companyId=${ids.beta}&from=${D.evaExam}&to=${addDays(D.evaExam, 10)}`);
    expect([window.window, window.current.workersExamined, window.current.sugestivo]).toEqual([{ from: D.evaExam, to: addDays(D.evaExam, 10) }, 1, 0]);
    const bad = await get(`/api/programme/prevalence?from=${T}&to=${addDays(T, -1)}`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('A data inicial é posterior à data final');
  });
});

describe('GET /api/programme/workers and workers.csv', () => {
  it('lists the overdue first; a new exam takes the worker off the overdue list', async () => {
    const overdue = await getJson('/api/programme/workers?state=vencido');
    expect(overdue).toEqual({ total: 2, items: [
      { patientId: ids.ana, name: 'Ana Souza', cpf: cpfFrom(123456789), companyId: ids.acme, companyName: 'Metalúrgica Acme Ltda', sectorName: 'Prensas', gheId: ids.ghe1,
        gheName: 'GHE 01 — Prensas', registration: '1001', lastExamDate: D.anaExam, dueDate: due(D.anaExam), reason: 'periodico', reasonLabel: 'Periódico', state: 'vencido', stateLabel: 'Vencido' },
      { patientId: ids.eva, name: '=Eva Fórmula', cpf: null, companyId: ids.beta, companyName: 'Beta Plásticos', sectorName: null, gheId: ids.ghe2, gheName: 'GHE 02 — Extrusão',
        registration: 'B-2', lastExamDate: D.evaExam, dueDate: due(D.evaExam), reason: 'periodico', reasonLabel: 'Periódico', state: 'vencido', stateLabel: 'Vencido' },
    ] });
    // every exposed worker, by due date: Carla (sem referência since admission), Ana, Eva, Bruno, Davi
    const page = await getJson('/api/programme/workers?limit=2&offset=1');
    expect([page.total, page.items.map((i: { name: string }) => i.name)]).toEqual([5, ['Ana Souza', '=Eva Fórmula']]);

    await exam(ids.ana, T);
    const after = await getJson('/api/programme/workers?state=vencido');
    expect(after.items.map((i: { name: string }) => i.name)).toEqual(['=Eva Fórmula']);
    expect((await getJson(`/api/programme/workers?state=em_dia&companyId=${ids.acme}`)).items).toMatchObject([{ name: 'Ana Souza', dueDate: due(T), lastExamDate: T }]);
  });

  it('exports the list for Excel pt-BR: BOM, semicolons, dd/mm/aaaa, guarded text', async () => {
    const res = await get(`/api/programme/workers.csv?state=vencido&companyId=${ids.beta}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="trabalhadores-vencido-${T}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1).split('\r\n')).toEqual([
      'nome;cpf;empresa;setor;ghe;matricula;ultimo_exame;vencimento;motivo;situacao',
      `'=Eva Fórmula;;Beta Plásticos;;GHE 02 — Extrusão;B-2;${br(D.evaExam)};${br(due(D.evaExam))};Periódico;Vencido`,
      '',
    ]);
    const all = await get('/api/programme/workers.csv');
    expect(all.headers.get('content-disposition')).toBe(`attachment; filename="trabalhadores-todos-${T}.csv"`);
    expect((await all.text()).trim().split('\r\n')).toHaveLength(1 + 5);
  });
});

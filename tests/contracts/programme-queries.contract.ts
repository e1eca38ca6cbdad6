import { beforeEach, expect, it } from 'vitest';
import type { Company, Employment, Ghe, NoiseExposure, ProgrammeProjection, ProgrammeQueries, Sector } from '../../core/src';
import { anExam, aWorker, nextId, T0 } from '../support/builders';
import { withTwoOrganizations, type TenantFixtures } from './tenant-fixtures';

/** Writes of the programme's records (companies, sectors, GHEs, employments) the suite needs, by id (insert or replace). */
export interface ProgrammeRecordWriter {
  company(c: Company): Promise<void>;
  sector(s: Sector): Promise<void>;
  ghe(g: Ghe): Promise<void>;
  employment(e: Employment): Promise<void>;
  /** Removes every period of the worker (to rewrite a history). */
  clearEmployments(organizationId: string, patientId: string): Promise<void>;
}

export interface ProgrammeStores extends TenantFixtures {
  records: ProgrammeRecordWriter;
  queries: ProgrammeQueries;
  projection: ProgrammeProjection;
}

export const aCompany = (organizationId: string, over: Partial<Company> = {}): Company => ({
  id: nextId(), organizationId, name: 'Empresa', tradeName: null, cnpj: null, address: null, cnae: null, riskGrade: null, contactName: null, contactEmail: null,
  contactPhone: null, createdAt: T0, updatedAt: T0, ...over,
});
export const aSector = (organizationId: string, companyId: string, name: string): Sector => ({ id: nextId(), organizationId, companyId, name, createdAt: T0 });
export const lavg = (levelDbA: number): NoiseExposure => ({ metric: 'LAVG', levelDbA, dosePercent: null, assessedAt: '2025-01-10', source: 'PGR 2025' });
export const aGhe = (organizationId: string, companyId: string, over: Partial<Ghe> = {}): Ghe => ({
  id: nextId(), organizationId, companyId, sectorId: null, name: 'GHE', description: null, exposure: null, periodicityMonths: 12, createdAt: T0, updatedAt: T0, ...over,
});
export const anEmployment = (organizationId: string, patientId: string, companyId: string, over: Partial<Employment> = {}): Employment => ({
  id: nextId(), organizationId, patientId, companyId, registration: null, jobTitle: null, sectorId: null, gheId: null, admissionDate: '2020-01-01', dismissalDate: null,
  startDate: over.admissionDate ?? '2020-01-01', endDate: null, createdAt: T0, updatedAt: T0, ...over,
});

const TODAY = '2026-06-15';
const WINDOW = { from: '2025-06-16', to: TODAY };
const YEARS = { fromYear: 2022, toYear: 2026 };
const sugestivo = { classification_right: 'sugestivo_painpse', classification_left: 'aceitavel' };
const aceitavel = { classification_right: 'aceitavel', classification_left: 'aceitavel' };

/** What every ProgrammeQueries (with its projection) answers, in memory and in SQL alike. */
export function programmeQueriesContract(make: () => Promise<ProgrammeStores>) {
  let s: ProgrammeStores;
  let org: string;
  let other: string;
  beforeEach(async () => void ({ s, org, other } = await withTwoOrganizations(await make())));

  async function worker(name: string, organizationId = org, over: Parameters<typeof aWorker>[1] = {}) {
    const w = aWorker(organizationId, { name, ...over });
    await s.patients.insert(w);
    return w.id;
  }
  async function exam(patientId: string, date: string, classification: Record<string, unknown> = {}, organizationId = org, createdAt = T0) {
    const e = anExam(organizationId, patientId, { date, classification, createdAt });
    await s.exams.insert(e);
    return e.id;
  }
  const fresh = async (organizationId = org) => void (await s.projection.refresh(organizationId, TODAY));
  const overview = async (filter = {}) => (await fresh(), s.queries.overview(org, filter, TODAY));
  const workers = async (query: Parameters<ProgrammeQueries['workers']>[1] = {}, slice = { limit: 50, offset: 0 }) => (await fresh(), s.queries.workers(org, query, TODAY, slice));
  const names = async (query: Parameters<ProgrammeQueries['workers']>[1] = {}) => (await workers(query)).items.map((i) => i.name);

  /** Two companies, a sector, three GHEs (above the limit, below the action level, at the action level by dose with 6 months). */
  async function world() {
    const acme = aCompany(org, { name: 'Acme Metalúrgica', cnpj: '11222333000181' });
    const beta = aCompany(org, { name: 'Beta Têxtil' });
    for (const c of [acme, beta]) await s.records.company(c);
    const prensas = aSector(org, acme.id, 'Prensas');
    await s.records.sector(prensas);
    const g1 = aGhe(org, acme.id, { name: 'GHE 01 Prensas', sectorId: prensas.id, exposure: lavg(88) });
    const g2 = aGhe(org, acme.id, { name: 'GHE 02 Escritório', exposure: lavg(70) });
    const g3 = aGhe(org, beta.id, { name: 'GHE 03 Teares', exposure: { metric: 'NEN', levelDbA: null, dosePercent: 60, assessedAt: null, source: null }, periodicityMonths: 6 });
    for (const g of [g1, g2, g3]) await s.records.ghe(g);
    const job = (patientId: string, company: Company, ghe: Ghe, over: Partial<Employment> = {}) =>
      s.records.employment(anEmployment(org, patientId, company.id, { gheId: ghe.id, sectorId: ghe.sectorId, registration: `M-${patientId.slice(-4)}`, ...over }));

    const ana = await worker('Ana');
    await job(ana, acme, g1, { admissionDate: '2020-01-10', startDate: '2020-01-10' });
    await exam(ana, '2025-03-01'); // → due 2026-03-01: vencido
    const bruno = await worker('Bruno');
    await job(bruno, acme, g1, { admissionDate: '2024-01-01', startDate: '2024-01-01' });
    await exam(bruno, '2025-07-01', aceitavel); // → 2026-07-01: vence em 16 dias
    const carla = await worker('Carla');
    await job(carla, acme, g1, { admissionDate: '2025-01-01', startDate: '2025-01-01' }); // no exam: sem referência
    const davi = await worker('Davi');
    await job(davi, beta, g3, { admissionDate: '2024-05-01', startDate: '2024-05-01' });
    await exam(davi, '2026-02-01', { ...sugestivo, desencadeamento: true }); // 6 months → 2026-08-01: 47 days
    const eva = await worker('Eva');
    await job(eva, acme, g2, { admissionDate: '2022-01-01', startDate: '2022-01-01' }); // below the action level: out
    await exam(eva, '2025-12-01', { classification_right: 'nao_sugestivo', agravamento: true });
    const fabio = await worker('Fábio');
    await job(fabio, acme, g1, { admissionDate: '2021-01-01', startDate: '2021-01-01', dismissalDate: '2026-05-01' }); // dismissed: out
    const gil = await worker('Gil');
    await job(gil, acme, g1, { admissionDate: '2021-01-01', startDate: '2021-01-01' });
    await exam(gil, '2025-12-01', sugestivo);
    await s.patients.setArchived(org, gil, T0); // archived: out of everything
    const helena = await worker('Helena');
    const before = anEmployment(org, helena, acme.id, { gheId: g2.id, admissionDate: '2023-01-01', startDate: '2023-01-01', endDate: '2026-01-01' });
    await s.records.employment(before);
    await job(helena, acme, g1, { admissionDate: '2023-01-01', startDate: '2026-01-01', sectorId: prensas.id }); // moved into noise: due on the move
    await exam(helena, '2025-06-01');
    const igor = await worker('Igor'); // no employment: only in the organisation's prevalence
    await exam(igor, '2026-01-15', sugestivo);
    const outsider = await worker('Outra Org', other);
    const otherCompany = aCompany(other, { name: 'Alheia' });
    await s.records.company(otherCompany);
    const otherGhe = aGhe(other, otherCompany.id, { exposure: lavg(95) });
    await s.records.ghe(otherGhe);
    await s.records.employment(anEmployment(other, outsider, otherCompany.id, { gheId: otherGhe.id }));
    await exam(outsider, '2026-01-01', sugestivo, other);
    return { acme, beta, prensas, g1, g2, g3, ana, bruno, carla, davi, eva, helena, job, otherCompany };
  }

  it('counts the exposed workers per company and GHE: due in 30/60/90 days, overdue, without reference', async () => {
    const w = await world();
    const o = await overview();
    expect(o.totals).toEqual({ exposedWorkers: 5, dueIn30: 1, dueIn60: 2, dueIn90: 2, overdue: 2, withoutReference: 1 });
    expect(o.companies).toEqual([
      { companyId: w.acme.id, name: 'Acme Metalúrgica', cnpj: '11222333000181', exposedWorkers: 4, dueIn30: 1, dueIn60: 1, dueIn90: 1, overdue: 2, withoutReference: 1 },
      { companyId: w.beta.id, name: 'Beta Têxtil', cnpj: null, exposedWorkers: 1, dueIn30: 0, dueIn60: 1, dueIn90: 1, overdue: 0, withoutReference: 0 },
    ]);
    expect(o.ghes.map((g) => [g.name, g.companyName, g.sectorName, g.exposureStatus, g.exposedWorkers, g.overdue])).toEqual([
      ['GHE 01 Prensas', 'Acme Metalúrgica', 'Prensas', 'acima_limite', 4, 2],
      ['GHE 02 Escritório', 'Acme Metalúrgica', null, 'abaixo_nivel_acao', 0, 0],
      ['GHE 03 Teares', 'Beta Têxtil', null, 'acima_nivel_acao', 1, 0],
    ]);
    const byCompany = await overview({ companyId: w.beta.id });
    expect([byCompany.totals.exposedWorkers, byCompany.companies.map((c) => c.name), byCompany.ghes.map((g) => g.name)]).toEqual([1, ['Beta Têxtil'], ['GHE 03 Teares']]);
    const bySector = await overview({ sectorId: w.prensas.id });
    expect([bySector.totals.exposedWorkers, bySector.companies.map((c) => c.name), bySector.ghes.map((g) => g.name)]).toEqual([4, ['Acme Metalúrgica'], ['GHE 01 Prensas']]);
    expect((await overview({ gheId: w.g3.id })).totals.dueIn60).toBe(1);
    // another organisation's ids match nothing
    const foreign = await overview({ companyId: w.otherCompany.id });
    expect(foreign).toEqual({ totals: { exposedWorkers: 0, dueIn30: 0, dueIn60: 0, dueIn90: 0, overdue: 0, withoutReference: 0 }, companies: [], ghes: [] });
  });

  it('lists the workers by state, overdue first, with where they are and why the exam is due', async () => {
    const w = await world();
    const overdue = await workers({ state: 'vencido' });
    expect(overdue).toEqual({ total: 2, items: [
      { patientId: w.helena, name: 'Helena', cpf: null, companyId: w.acme.id, companyName: 'Acme Metalúrgica', sectorId: w.prensas.id, sectorName: 'Prensas', gheId: w.g1.id,
        gheName: 'GHE 01 Prensas', registration: `M-${w.helena.slice(-4)}`, lastExamDate: '2025-06-01', dueDate: '2026-01-01', reason: 'mudanca_riscos', state: 'vencido' },
      { patientId: w.ana, name: 'Ana', cpf: null, companyId: w.acme.id, companyName: 'Acme Metalúrgica', sectorId: w.prensas.id, sectorName: 'Prensas', gheId: w.g1.id,
        gheName: 'GHE 01 Prensas', registration: `M-${w.ana.slice(-4)}`, lastExamDate: '2025-03-01', dueDate: '2026-03-01', reason: 'periodico', state: 'vencido' },
    ] });
    expect(await names()).toEqual(['Carla', 'Helena', 'Ana', 'Bruno', 'Davi']);
    expect((await workers({ state: 'sem_referencia' })).items.map((i) => [i.name, i.dueDate, i.reason, i.state])).toEqual([['Carla', '2025-01-01', 'admissao', 'sem_referencia']]);
    expect(await names({ state: 'vence_30' })).toEqual(['Bruno']);
    expect(await names({ state: 'due60' })).toEqual(['Bruno', 'Davi']);
    expect(await names({ state: 'due90', companyId: w.beta.id })).toEqual(['Davi']);
    expect(await names({ state: 'em_dia' })).toEqual(['Davi']);
    expect(await workers({}, { limit: 2, offset: 4 })).toMatchObject({ total: 5, items: [{ name: 'Davi' }] });
    expect(await s.queries.workers(other, { companyId: w.acme.id }, TODAY, { limit: 10, offset: 0 })).toEqual({ total: 0, items: [] });
  });

  it('follows every change: a new exam, an exposure raised, a transfer, an archive, a dismissal, a deleted exam', async () => {
    const w = await world();
    const newExam = await exam(w.ana, '2026-06-10');
    expect(await names({ state: 'vencido' })).toEqual(['Helena']);
    expect((await workers({ state: 'em_dia' })).items.map((i) => [i.name, i.dueDate, i.lastExamDate])).toEqual([['Davi', '2026-08-01', '2026-02-01'], ['Ana', '2027-06-10', '2026-06-10']]);

    // GHE 02 raised to the action level, every 6 months: Eva (exam 2025-12-01) enters, due 2026-06-01; Helena, exposed since her
    // admission now, is periodic from her 2025-06-01 exam (GHE 01: 12 months) — due 2026-06-01 too
    await s.records.ghe({ ...w.g2, exposure: lavg(82), periodicityMonths: 6 });
    expect((await workers({ state: 'vencido' })).items.map((i) => [i.name, i.dueDate, i.reason])).toEqual([['Eva', '2026-06-01', 'periodico'], ['Helena', '2026-06-01', 'periodico']]);

    await s.patients.setArchived(org, w.carla, T0);
    expect((await overview()).totals).toMatchObject({ exposedWorkers: 5, withoutReference: 0 });
    await s.patients.setArchived(org, w.carla, null);
    expect((await overview()).totals).toMatchObject({ exposedWorkers: 6, withoutReference: 1 });

    await s.exams.delete(org, newExam);
    expect(await names({ state: 'vencido' })).toEqual(['Ana', 'Eva', 'Helena']);
  });

  it('refiles a worker transferred to another GHE and drops one whose dismissal has passed', async () => {
    const w = await world();
    const g4 = aGhe(org, w.beta.id, { name: 'GHE 04 Acabamento', exposure: lavg(91) });
    await s.records.ghe(g4);
    // Davi's transfer on 2026-06-01: his period in GHE 03 closed that day, a new one of the same contract in GHE 04 from then
    const davi = anEmployment(org, w.davi, w.beta.id, { gheId: w.g3.id, admissionDate: '2024-05-01', startDate: '2024-05-01', endDate: '2026-06-01' });
    await replaceEmployments(s, org, w.davi, [davi, anEmployment(org, w.davi, w.beta.id, { gheId: g4.id, admissionDate: '2024-05-01', startDate: '2026-06-01' })]);
    const o = await overview({ companyId: w.beta.id });
    expect(o.ghes.map((g) => [g.name, g.exposedWorkers, g.dueIn60])).toEqual([['GHE 03 Teares', 0, 0], ['GHE 04 Acabamento', 1, 0]]);
    // exposed all along: still periodic, now every 12 months (GHE 04) from 2026-02-01
    expect((await workers({ gheId: g4.id })).items.map((i) => [i.name, i.dueDate, i.reason])).toEqual([['Davi', '2027-02-01', 'periodico']]);
    // Bruno's contract ends yesterday: out
    await replaceEmployments(s, org, w.bruno, [anEmployment(org, w.bruno, w.acme.id, { gheId: w.g1.id, admissionDate: '2024-01-01', startDate: '2024-01-01', dismissalDate: '2026-06-14' })]);
    expect(await names({ state: 'vence_30' })).toEqual([]);
  });

  it('gives the prevalence of the window and per year among the examined workers', async () => {
    const w = await world();
    await fresh();
    const all = await s.queries.prevalence(org, {}, TODAY, WINDOW, YEARS);
    // window 2025-06-16..2026-06-15: Bruno (aceitável), Davi (sugestivo + desencadeamento), Eva (não sugestivo + agravamento), Igor (sugestivo); Gil archived
    expect(all.current).toEqual({ workersExamined: 4, sugestivo: 2, desencadeamento: 1, agravamento: 1 });
    expect(all.byYear).toEqual([
      { year: 2022, workersExamined: 0, sugestivo: 0, desencadeamento: 0, agravamento: 0 },
      { year: 2023, workersExamined: 0, sugestivo: 0, desencadeamento: 0, agravamento: 0 },
      { year: 2024, workersExamined: 0, sugestivo: 0, desencadeamento: 0, agravamento: 0 },
      { year: 2025, workersExamined: 4, sugestivo: 0, desencadeamento: 0, agravamento: 1 },
      { year: 2026, workersExamined: 2, sugestivo: 2, desencadeamento: 1, agravamento: 0 },
    ]);
    expect((await s.queries.prevalence(org, { companyId: w.acme.id }, TODAY, WINDOW, YEARS)).current).toEqual({ workersExamined: 2, sugestivo: 0, desencadeamento: 0, agravamento: 1 });
    expect((await s.queries.prevalence(org, { gheId: w.g3.id }, TODAY, WINDOW, YEARS)).current).toEqual({ workersExamined: 1, sugestivo: 1, desencadeamento: 1, agravamento: 0 });
    // a window that does not end today (read from the exams themselves)
    const year2025 = { from: '2025-01-01', to: '2025-12-31' };
    expect((await s.queries.prevalence(org, {}, TODAY, year2025, YEARS)).current).toEqual({ workersExamined: 4, sugestivo: 0, desencadeamento: 0, agravamento: 1 });
    expect((await s.queries.prevalence(org, { companyId: w.acme.id }, TODAY, year2025, YEARS)).current).toEqual({ workersExamined: 4, sugestivo: 0, desencadeamento: 0, agravamento: 1 });
    expect((await s.queries.prevalence(org, { gheId: w.g3.id }, TODAY, year2025, YEARS)).current).toEqual({ workersExamined: 0, sugestivo: 0, desencadeamento: 0, agravamento: 0 });
    // the latest exam of the window decides sugestivo; a later normal exam clears it
    await exam(w.davi, '2026-06-01', aceitavel);
    await fresh();
    const after = await s.queries.prevalence(org, { companyId: w.beta.id }, TODAY, WINDOW, YEARS);
    expect(after.current).toEqual({ workersExamined: 1, sugestivo: 0, desencadeamento: 1, agravamento: 0 });
    expect(after.byYear.at(-1)).toEqual({ year: 2026, workersExamined: 1, sugestivo: 0, desencadeamento: 1, agravamento: 0 });
    expect((await s.queries.prevalence(org, { companyId: w.otherCompany.id }, TODAY, WINDOW, YEARS)).current.workersExamined).toBe(0);
  });
}

/** Replaces a worker's employment periods (the twin and the table are both written by id). */
async function replaceEmployments(s: ProgrammeStores, org: string, patientId: string, periods: Employment[]) {
  await s.records.clearEmployments(org, patientId);
  for (const p of periods) await s.records.employment(p);
}

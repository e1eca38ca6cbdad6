import { beforeEach, expect, it } from 'vitest';
import {
  cnpjWithCheckDigits, type Company, type CompanyRecords, type Employment, type EmploymentRepository, type Ghe, type GheRepository, type Sector, type SectorRepository,
} from '../../core/src';
import { at, aWorker, nextId } from '../support/builders';
import { withTwoOrganizations, type TenantFixtures } from './tenant-fixtures';

export interface ProgrammeStores extends TenantFixtures {
  records: CompanyRecords;
  sectors: SectorRepository;
  ghes: GheRepository;
  employments: EmploymentRepository;
}

let seq = 0;
const aCompany = (organizationId: string, over: Partial<Company> = {}): Company => ({
  id: nextId(), organizationId, name: `Empresa ${++seq}`, tradeName: null, cnpj: null, address: null, cnae: null, riskGrade: null,
  contactName: null, contactEmail: null, contactPhone: null, createdAt: at(0), updatedAt: at(0), ...over,
});
const aSector = (organizationId: string, companyId: string, over: Partial<Sector> = {}): Sector => ({ id: nextId(), organizationId, companyId, name: `Setor ${++seq}`, createdAt: at(0), ...over });
const aGhe = (organizationId: string, companyId: string, over: Partial<Ghe> = {}): Ghe => ({
  id: nextId(), organizationId, companyId, sectorId: null, name: `GHE ${++seq}`, description: null, exposure: null, periodicityMonths: 12, createdAt: at(0), updatedAt: at(0), ...over,
});
const aPeriod = (organizationId: string, patientId: string, companyId: string, over: Partial<Employment> = {}): Employment => ({
  id: nextId(), organizationId, patientId, companyId, registration: null, jobTitle: null, sectorId: null, gheId: null, admissionDate: '2024-01-02',
  dismissalDate: null, startDate: '2024-01-02', endDate: null, createdAt: at(0), updatedAt: at(0), ...over,
});

/** Companies, sectors, GHEs and employment periods (issue 19): the in-memory and the PostgreSQL adapters run this suite. */
export function programmeRepositoriesContract(make: () => Promise<ProgrammeStores>) {
  let s: ProgrammeStores;
  let org: string;
  let other: string;
  beforeEach(async () => void ({ s, org, other } = await withTwoOrganizations(await make())));

  it('stores a company with every field, lists by name with active workers, finds by CNPJ, and only in its organisation', async () => {
    const cnpj = cnpjWithCheckDigits('112223330001');
    const full = aCompany(org, {
      name: 'Têxtil Nova', tradeName: 'Nova', cnpj, address: 'Rua A, 1', cnae: '1311-1/00', riskGrade: 3, contactName: 'Rita', contactEmail: 'rh@nova.com.br', contactPhone: '(11) 3333-4444',
    });
    expect(await s.records.insert(full)).toBe('inserted');
    expect(await s.records.insert(aCompany(org, { name: 'Auto Peças Ágil' }))).toBe('inserted');
    const worker = aWorker(org, { companyId: full.id });
    await s.patients.insert(worker);
    await s.patients.insert(aWorker(org, { companyId: full.id }));
    await s.patients.setArchived(org, worker.id, at(5));
    expect(await s.records.get(org, full.id)).toEqual({ ...full, activeWorkers: 1 });
    expect((await s.records.list(org, {})).map((c) => [c.name, c.activeWorkers])).toEqual([['Auto Peças Ágil', 0], ['Têxtil Nova', 1]]);
    expect((await s.records.list(org, { q: 'TEXTIL' })).map((c) => c.name)).toEqual(['Têxtil Nova']);
    expect((await s.records.list(org, { q: 'nova' })).map((c) => c.name)).toEqual(['Têxtil Nova']);
    expect((await s.records.list(org, { q: '11.222' })).map((c) => c.name)).toEqual(['Têxtil Nova']);
    expect(await s.records.findByCnpj(org, cnpj)).toEqual(full);
    expect(await s.records.findByCnpj(other, cnpj)).toBeUndefined();
    expect(await s.records.get(other, full.id)).toBeUndefined();
    expect(await s.records.get(org, 'not-a-uuid')).toBeUndefined();
    expect(await s.records.list(other, {})).toEqual([]);
  });

  it('answers a duplicate CNPJ, or a duplicate name among companies without CNPJ, on insert and update; another organisation may use both', async () => {
    const cnpj = cnpjWithCheckDigits('998887770001');
    const first = aCompany(org, { name: 'Metalúrgica São José', cnpj });
    expect(await s.records.insert(first)).toBe('inserted');
    expect(await s.records.insert(aCompany(org, { name: 'Outra', cnpj }))).toBe('duplicate-cnpj');
    // a filial: the same razão social under another CNPJ
    expect(await s.records.insert(aCompany(org, { name: 'METALURGICA SAO JOSE', cnpj: cnpjWithCheckDigits('998887770002') }))).toBe('inserted');
    const typed = aCompany(org, { name: 'Metalúrgica São José' });
    expect(await s.records.insert(typed)).toBe('inserted');
    expect(await s.records.insert(aCompany(org, { name: 'metalurgica são josé' }))).toBe('duplicate-name');
    const second = aCompany(org, { name: 'Outra' });
    expect(await s.records.insert(second)).toBe('inserted');
    expect(await s.records.update({ ...second, cnpj })).toBe('duplicate-cnpj');
    expect(await s.records.update({ ...second, name: 'METALÚRGICA SÃO JOSÉ' })).toBe('duplicate-name');
    expect(await s.records.update({ ...first, tradeName: 'MSJ', updatedAt: at(9) })).toBe('updated');
    expect(await s.records.get(org, first.id)).toMatchObject({ tradeName: 'MSJ', updatedAt: at(9) });
    expect(await s.records.insert(aCompany(other, { name: 'Metalúrgica São José', cnpj }))).toBe('inserted');
    // a race: two inserts of one CNPJ at once — one is stored, the other answered
    const race = await Promise.all([0, 1].map((i) => s.records.insert(aCompany(org, { name: `Corrida ${i}`, cnpj: cnpjWithCheckDigits('123123120001') }))));
    expect(race.sort()).toEqual(['duplicate-cnpj', 'inserted']);
  });

  it('a company made by the worker form (find-or-create by name) reads as a record without CNPJ', async () => {
    const typed = await s.companies.findOrCreate(org, 'Construtora Beta');
    expect(await s.records.get(org, typed.id)).toMatchObject({ id: typed.id, name: 'Construtora Beta', cnpj: null, tradeName: null, riskGrade: null, activeWorkers: 0 });
    const completed = { ...(await s.records.get(org, typed.id))! };
    const { activeWorkers: _a, ...company } = completed;
    expect(await s.records.update({ ...company, cnpj: cnpjWithCheckDigits('445556660001') })).toBe('updated');
    expect((await s.companies.findOrCreate(org, 'construtora beta')).id).toBe(typed.id);
  });

  it('sectors: by name per company, unique names per company, renamed; another organisation finds none', async () => {
    const a = aCompany(org);
    const b = aCompany(org);
    await s.records.insert(a);
    await s.records.insert(b);
    const solda = aSector(org, a.id, { name: 'Solda' });
    expect(await s.sectors.insert(solda)).toBe('inserted');
    expect(await s.sectors.insert(aSector(org, a.id, { name: 'Almoxarifado' }))).toBe('inserted');
    expect(await s.sectors.insert(aSector(org, a.id, { name: 'SOLDA' }))).toBe('duplicate-name');
    expect(await s.sectors.insert(aSector(org, b.id, { name: 'Solda' }))).toBe('inserted');
    expect((await s.sectors.listForCompany(org, a.id)).map((x) => x.name)).toEqual(['Almoxarifado', 'Solda']);
    expect(await s.sectors.get(org, solda.id)).toEqual(solda);
    expect(await s.sectors.rename(org, solda.id, 'almoxarifado')).toBe('duplicate-name');
    expect(await s.sectors.rename(org, solda.id, 'Solda e corte')).toBe('updated');
    expect((await s.sectors.get(org, solda.id))?.name).toBe('Solda e corte');
    expect(await s.sectors.rename(other, solda.id, 'X')).toBe('not-found');
    expect(await s.sectors.get(other, solda.id)).toBeUndefined();
    expect(await s.sectors.listForCompany(other, a.id)).toEqual([]);
  });

  it('GHEs: the exposure round-trips (one decimal), names unique per company, updated; organisation-scoped', async () => {
    const c = aCompany(org);
    await s.records.insert(c);
    const sector = aSector(org, c.id);
    await s.sectors.insert(sector);
    const g = aGhe(org, c.id, {
      name: 'GHE 03 — Prensas', sectorId: sector.id, description: 'Operadores de prensa',
      exposure: { metric: 'LAVG', levelDbA: 87.5, dosePercent: 158.3, assessedAt: '2026-03-10', source: 'PGR 2026, dosimetria' }, periodicityMonths: 6,
    });
    expect(await s.ghes.insert(g)).toBe('inserted');
    expect(await s.ghes.get(org, g.id)).toEqual(g);
    const bare = aGhe(org, c.id, { name: 'Administrativo' });
    expect(await s.ghes.insert(bare)).toBe('inserted');
    expect(await s.ghes.insert(aGhe(org, c.id, { name: 'ghe 03 — prensas' }))).toBe('duplicate-name');
    expect((await s.ghes.listForCompany(org, c.id)).map((x) => x.name)).toEqual(['Administrativo', 'GHE 03 — Prensas']);
    expect(await s.ghes.update({ ...bare, name: 'GHE 03 — PRENSAS' })).toBe('duplicate-name');
    const cleared = { ...g, exposure: { metric: 'NEN' as const, levelDbA: null, dosePercent: 40, assessedAt: null, source: null }, sectorId: null, updatedAt: at(7) };
    expect(await s.ghes.update(cleared)).toBe('updated');
    expect(await s.ghes.get(org, g.id)).toEqual(cleared);
    expect(await s.ghes.update({ ...g, exposure: null })).toBe('updated');
    expect((await s.ghes.get(org, g.id))?.exposure).toBeNull();
    expect(await s.ghes.get(other, g.id)).toBeUndefined();
    expect(await s.ghes.listForCompany(other, c.id)).toEqual([]);
  });

  it('employment: periods oldest first, one current period per contract, updated, and the workers in each GHE today', async () => {
    const c = aCompany(org);
    await s.records.insert(c);
    const [g1, g2] = [aGhe(org, c.id), aGhe(org, c.id)];
    await s.ghes.insert(g1);
    await s.ghes.insert(g2);
    const [ana, bia, caio] = [aWorker(org), aWorker(org), aWorker(org)];
    for (const w of [ana, bia, caio]) await s.patients.insert(w);
    const first = aPeriod(org, ana.id, c.id, { registration: 'M-1', jobTitle: 'Prensista', gheId: g1.id, startDate: '2024-01-02', endDate: '2025-06-10' });
    const second = aPeriod(org, ana.id, c.id, { registration: 'M-1', jobTitle: 'Soldadora', gheId: g2.id, startDate: '2025-06-10', createdAt: at(1) });
    expect(await s.employments.insert(second)).toBe('inserted');
    expect(await s.employments.insert(first)).toBe('inserted');
    expect(await s.employments.listForPatient(org, ana.id)).toEqual([first, second]);
    expect(await s.employments.get(org, second.id)).toEqual(second);
    expect(await s.employments.insert(aPeriod(org, ana.id, c.id, { startDate: '2025-07-01' }))).toBe('duplicate-current');
    expect(await s.employments.update({ ...first, endDate: null })).toBe('duplicate-current');
    expect(await s.employments.insert(aPeriod(org, bia.id, c.id, { gheId: g2.id, dismissalDate: '2026-01-31' }))).toBe('inserted');
    expect(await s.employments.insert(aPeriod(org, caio.id, c.id, { gheId: g2.id, dismissalDate: '2026-11-25' }))).toBe('inserted');
    expect(await s.employments.currentWorkersByGhe(org, c.id, '2026-11-25')).toEqual({ [g2.id]: 2 });
    expect(await s.employments.currentWorkersByGhe(org, c.id, '2026-01-31')).toEqual({ [g2.id]: 3 });
    const dismissed = { ...second, dismissalDate: '2026-05-31', updatedAt: at(9) };
    expect(await s.employments.update(dismissed)).toBe('updated');
    expect(await s.employments.get(org, second.id)).toEqual(dismissed);
    expect(await s.employments.get(other, second.id)).toBeUndefined();
    expect(await s.employments.listForPatient(other, ana.id)).toEqual([]);
    expect(await s.employments.currentWorkersByGhe(other, c.id, '2026-01-31')).toEqual({});
  });
}

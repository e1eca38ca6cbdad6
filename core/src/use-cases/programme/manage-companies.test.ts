import { describe, expect, it } from 'vitest';
import type { Role } from '../../accounts/permissions';
import { cnpjWithCheckDigits, formatCnpj } from '../../programme/cnpj';
import { validateCompanyInput, validateExposure, validateGheInput } from '../../programme/company-rules';
import { fixedClock, immediateUnitOfWork, sequentialIds } from '../../testing/in-memory-account-adapters';
import { inMemoryPatientExamStores } from '../../testing/in-memory-patient-exam-adapters';
import { inMemoryProgrammeStores } from '../../testing/in-memory-programme-adapters';
import { ManageCompanies } from './manage-companies';
import { ManageEmployment } from './manage-employment';

const as = (roles: Role[], organizationId = 'org-1') => ({ userId: 'u-1', organizationId, sessionId: 's-1', memberId: 'm-1', roles });
const admin = as(['administrador', 'medico']);
const tecnico = as(['tecnico']);
const otherOrg = as(['administrador', 'medico'], 'org-2');
const clock = fixedClock('2026-11-25T12:00:00Z');
const CNPJ = cnpjWithCheckDigits('112223330001');

function setUp() {
  const base = inMemoryPatientExamStores();
  const s = inMemoryProgrammeStores(base);
  const ids = sequentialIds();
  return { base, s, companies: new ManageCompanies(s, ids, clock), employment: new ManageEmployment({ ...s, patients: base.patients }, immediateUnitOfWork, ids, clock) };
}

const value = <T>(r: { ok: true; value: T } | { ok: false; error: Error }): T => {
  if (!r.ok) throw r.error;
  return r.value;
};

describe('company rules', () => {
  it('reports every bad field in pt-BR: name, CNPJ check digits, CNAE, grau de risco, e-mail, phone', () => {
    const r = validateCompanyInput({ name: 'A', cnpj: '11.222.333/0001-82', cnae: 'abc', riskGrade: 5, contactEmail: 'rh@', contactPhone: '12' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('COMPANY.INVALID');
    expect(Object.fromEntries(r.error.issues.map((i) => [i.path, i.message]))).toEqual({
      name: 'Razão social deve ter entre 2 e 200 caracteres', cnpj: 'CNPJ inválido: confira os dígitos verificadores',
      cnae: 'CNAE inválido: use o código da subclasse, como 2512-8/00', riskGrade: 'Grau de risco deve ser 1, 2, 3 ou 4 (NR-4)',
      contactEmail: 'E-mail inválido', contactPhone: 'Telefone inválido',
    });
    expect(validateCompanyInput({})).toMatchObject({ ok: false, error: { issues: [{ path: 'name', message: 'Razão social é obrigatória' }] } });
  });

  it('keeps the CNPJ without the mask (numeric and the 2026 alphanumeric form), the CNAE as typed, blanks as null', () => {
    const alnum = cnpjWithCheckDigits('12ABC34501DE');
    expect(value(validateCompanyInput({ name: ' Metalúrgica Aço ', cnpj: formatCnpj(CNPJ), cnae: '2512-8/00', riskGrade: '3', tradeName: '  ' })))
      .toMatchObject({ name: 'Metalúrgica Aço', cnpj: CNPJ, cnae: '2512-8/00', riskGrade: 3, tradeName: null });
    expect(value(validateCompanyInput({ name: 'Têxtil', cnpj: formatCnpj(alnum).toLowerCase() })).cnpj).toBe(alnum);
  });

  it('exposure: level 0..160 with one decimal, dose ≥ 0, a real past date, and the metric when a level or a dose is given', () => {
    const issues: Array<{ path: string; message: string }> = [];
    expect(validateExposure({ levelDbA: 160.05, dosePercent: -1, assessedAt: '2026-02-30' }, '2026-11-25', issues)).toBeNull();
    expect(issues.map((i) => i.path)).toEqual(['exposure.levelDbA', 'exposure.dosePercent', 'exposure.assessedAt', 'exposure.metric']);
    const future: typeof issues = [];
    validateExposure({ metric: 'LAVG', levelDbA: 85, assessedAt: '2026-11-26' }, '2026-11-25', future);
    expect(future).toEqual([{ path: 'exposure.assessedAt', message: 'Data da avaliação inválida ou no futuro' }]);
    expect(validateExposure({ metric: 'nen', levelDbA: '84,5', dosePercent: 63.2, assessedAt: '2026-03-01', source: 'PGR 2026' }, '2026-11-25', []))
      .toEqual({ metric: 'NEN', levelDbA: 84.5, dosePercent: 63.2, assessedAt: '2026-03-01', source: 'PGR 2026' });
    expect(validateExposure({ metric: '', levelDbA: '', dosePercent: null }, '2026-11-25', [])).toBeNull();
    expect(validateGheInput({ name: 'GHE 01', periodicityMonths: 13 }, '2026-11-25'))
      .toMatchObject({ ok: false, error: { code: 'GHE.INVALID', issues: [{ path: 'periodicityMonths', message: 'Periodicidade deve ser um número inteiro de 1 a 12 meses' }] } });
    expect(value(validateGheInput({ name: 'GHE 01' }, '2026-11-25')).periodicityMonths).toBe(12);
  });
});

describe('ManageCompanies', () => {
  it('creates, lists by name and reads a company with its sectors and GHEs; another organisation finds nothing', async () => {
    const { companies } = setUp();
    const textil = value(await companies.create(admin, { name: 'Têxtil Nova', cnpj: formatCnpj(CNPJ) }));
    value(await companies.create(admin, { name: 'Auto Peças Sul' }));
    expect(textil).toMatchObject({ cnpj: CNPJ, activeWorkers: 0 });
    expect((await companies.list(admin)).map((c) => c.name)).toEqual(['Auto Peças Sul', 'Têxtil Nova']);
    expect((await companies.list(admin, { q: 'textil' })).map((c) => c.name)).toEqual(['Têxtil Nova']);
    expect((await companies.list(admin, { q: formatCnpj(CNPJ).slice(0, 6) })).map((c) => c.name)).toEqual(['Têxtil Nova']);
    expect(await companies.list(otherOrg)).toEqual([]);
    const prensas = value(await companies.addSector(admin, textil.id, { name: 'Prensas' }));
    const ghe = value(await companies.addGhe(admin, textil.id, { name: 'GHE 01 — Prensas', sectorId: prensas.id, exposure: { metric: 'LAVG', levelDbA: 88 } }));
    expect(ghe).toMatchObject({ sectorName: 'Prensas', workers: 0, periodicityMonths: 12 });
    const details = value(await companies.get(admin, textil.id));
    expect(details.sectors.map((x) => x.name)).toEqual(['Prensas']);
    expect(details.ghes).toMatchObject([{ id: ghe.id, sectorName: 'Prensas', exposure: { levelDbA: 88 } }]);
    expect(await companies.get(otherOrg, textil.id)).toMatchObject({ ok: false, error: { code: 'COMPANY.NOT_FOUND' } });
    expect(await companies.addSector(otherOrg, textil.id, { name: 'Solda' })).toMatchObject({ ok: false, error: { code: 'COMPANY.NOT_FOUND' } });
    expect(await companies.addGhe(otherOrg, textil.id, { name: 'GHE X' })).toMatchObject({ ok: false, error: { code: 'COMPANY.NOT_FOUND' } });
  });

  it('answers a duplicate CNPJ, or a duplicate razão social among companies without CNPJ (accents and case aside), with a conflict', async () => {
    const { companies } = setUp();
    const first = value(await companies.create(admin, { name: 'Metalúrgica São José', cnpj: CNPJ }));
    expect(await companies.create(admin, { name: 'Outra', cnpj: formatCnpj(CNPJ) })).toMatchObject({ ok: false, error: { code: 'COMPANY.CNPJ_CONFLICT', message: 'Já existe uma empresa com este CNPJ' } });
    // a filial shares the razão social under its own CNPJ; without a CNPJ the name must be unique
    expect((await companies.create(admin, { name: 'METALURGICA SAO JOSE', cnpj: cnpjWithCheckDigits('112223330002') })).ok).toBe(true);
    value(await companies.create(admin, { name: 'Metalúrgica São José' }));
    expect(await companies.create(admin, { name: 'METALURGICA SAO JOSE' })).toMatchObject({ ok: false, error: { code: 'COMPANY.NAME_CONFLICT' } });
    const second = value(await companies.create(admin, { name: 'Outra' }));
    expect(await companies.update(admin, second.id, { cnpj: CNPJ })).toMatchObject({ ok: false, error: { code: 'COMPANY.CNPJ_CONFLICT' } });
    // the same CNPJ in another organisation is another company
    expect((await companies.create(otherOrg, { name: 'Metalúrgica São José', cnpj: CNPJ })).ok).toBe(true);
    expect(value(await companies.update(admin, first.id, { tradeName: 'MSJ' }))).toMatchObject({ name: 'Metalúrgica São José', cnpj: CNPJ, tradeName: 'MSJ' });
  });

  it('completes a company created by the worker form (no CNPJ) and keeps absent fields on update', async () => {
    const { base, companies } = setUp();
    const typed = await base.companies.findOrCreate('org-1', 'Construtora Beta');
    expect(value(await companies.get(admin, typed.id)).company).toMatchObject({ name: 'Construtora Beta', cnpj: null });
    const done = value(await companies.update(admin, typed.id, { cnpj: CNPJ, riskGrade: 3, contactEmail: 'RH@Beta.com.br' }));
    expect(done).toMatchObject({ name: 'Construtora Beta', cnpj: CNPJ, riskGrade: 3, contactEmail: 'rh@beta.com.br' });
    expect(value(await companies.update(admin, typed.id, { riskGrade: null }))).toMatchObject({ cnpj: CNPJ, riskGrade: null });
    expect(await companies.update(otherOrg, typed.id, { name: 'X' })).toMatchObject({ ok: false, error: { code: 'COMPANY.NOT_FOUND' } });
  });

  it("writes need 'programme.manage': a técnico reads but does not create, rename or assess", async () => {
    const { companies } = setUp();
    const c = value(await companies.create(as(['seguranca']), { name: 'Química Delta' }));
    const sector = value(await companies.addSector(admin, c.id, { name: 'Envase' }));
    const ghe = value(await companies.addGhe(admin, c.id, { name: 'GHE 02' }));
    for (const refused of [
      await companies.create(tecnico, { name: 'Nova' }), await companies.update(tecnico, c.id, { name: 'Nova' }),
      await companies.addSector(tecnico, c.id, { name: 'Solda' }), await companies.renameSector(tecnico, c.id, sector.id, { name: 'Solda' }),
      await companies.addGhe(tecnico, c.id, { name: 'GHE 03' }), await companies.updateGhe(tecnico, c.id, ghe.id, { periodicityMonths: 6 }),
      await companies.create(as(['fonoaudiologo']), { name: 'Nova' }),
    ]) expect(refused).toMatchObject({ ok: false, error: { code: 'AUTH.FORBIDDEN' } });
    expect((await companies.list(tecnico)).length).toBe(1);
    expect((await companies.get(tecnico, c.id)).ok).toBe(true);
  });

  it('sectors: unique names per company, renamed; a GHE takes only a sector of its own company', async () => {
    const { companies } = setUp();
    const a = value(await companies.create(admin, { name: 'Alfa' }));
    const b = value(await companies.create(admin, { name: 'Beta' }));
    const solda = value(await companies.addSector(admin, a.id, { name: 'Solda' }));
    expect(await companies.addSector(admin, a.id, { name: 'SOLDA' })).toMatchObject({ ok: false, error: { code: 'SECTOR.NAME_CONFLICT' } });
    expect((await companies.addSector(admin, b.id, { name: 'Solda' })).ok).toBe(true);
    expect(await companies.addSector(admin, a.id, { name: ' ' })).toMatchObject({ ok: false, error: { code: 'SECTOR.INVALID', issues: [{ path: 'name', message: 'Nome do setor é obrigatório' }] } });
    expect(value(await companies.renameSector(admin, a.id, solda.id, { name: 'Solda e corte' })).name).toBe('Solda e corte');
    expect(await companies.renameSector(admin, b.id, solda.id, { name: 'X' })).toMatchObject({ ok: false, error: { code: 'SECTOR.NOT_FOUND' } });
    expect(await companies.addGhe(admin, b.id, { name: 'GHE 1', sectorId: solda.id })).toMatchObject({ ok: false, error: { code: 'GHE.INVALID', issues: [{ path: 'sectorId' }] } });
    expect(await companies.addGhe(admin, b.id, { name: 'GHE 1', sectorId: 'nope' })).toMatchObject({ ok: false, error: { code: 'SECTOR.NOT_FOUND' } });
  });

  it('GHE updates keep absent fields, replace or clear the exposure, refuse a duplicate name; workers count current periods', async () => {
    const { base, companies, employment } = setUp();
    const c = value(await companies.create(admin, { name: 'Alfa' }));
    const g1 = value(await companies.addGhe(admin, c.id, { name: 'GHE 1', description: 'Prensas', exposure: { metric: 'LAVG', levelDbA: 86, assessedAt: '2026-01-10' } }));
    value(await companies.addGhe(admin, c.id, { name: 'GHE 2' }));
    const six = value(await companies.updateGhe(admin, c.id, g1.id, { periodicityMonths: 6 }));
    expect(six).toMatchObject({ description: 'Prensas', periodicityMonths: 6, exposure: { levelDbA: 86 } });
    expect(value(await companies.updateGhe(admin, c.id, g1.id, { exposure: { metric: 'NEN', dosePercent: 40 } })).exposure)
      .toEqual({ metric: 'NEN', levelDbA: null, dosePercent: 40, assessedAt: null, source: null });
    expect(value(await companies.updateGhe(admin, c.id, g1.id, { exposure: null })).exposure).toBeNull();
    expect(await companies.updateGhe(admin, c.id, g1.id, { name: 'ghe 2' })).toMatchObject({ ok: false, error: { code: 'GHE.NAME_CONFLICT' } });
    expect(await companies.updateGhe(otherOrg, c.id, g1.id, { name: 'X' })).toMatchObject({ ok: false, error: { code: 'COMPANY.NOT_FOUND' } });
    for (const [name, dismissal] of [['Ana', null], ['Bia', '2026-01-31'], ['Caio', '2026-12-31']] as const) {
      const p = { id: `p-${name}`, organizationId: 'org-1', name, age: 30, sex: 'F' as const, birthDate: null, cpf: null, phone: null, email: null, address: null, companyId: null, companyName: null, jobTitle: null, createdAt: clock.now(), updatedAt: clock.now() };
      await base.patients.insert(p);
      value(await employment.admit(admin, p.id, { companyId: c.id, gheId: g1.id, admissionDate: '2025-01-02', dismissalDate: dismissal }));
    }
    // Bia was dismissed before today; Caio's dismissal is ahead (notice)
    expect(value(await companies.get(admin, c.id)).ghes.map((g) => [g.name, g.workers])).toEqual([['GHE 1', 2], ['GHE 2', 0]]);
  });
});

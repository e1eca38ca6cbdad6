import { describe, expect, it } from 'vitest';
import type { Role } from '../../accounts/permissions';
import type { Patient } from '../../patients/patient';
import { fixedClock, sequentialIds } from '../../testing/in-memory-account-adapters';
import { inMemoryPatientExamStores } from '../../testing/in-memory-patient-exam-adapters';
import { inMemoryProgrammeStores } from '../../testing/in-memory-programme-adapters';
import { InMemoryUnitOfWork } from '../../testing/in-memory-unit-of-work';
import { ManageCompanies } from './manage-companies';
import { currentCompanyOf, ManageEmployment } from './manage-employment';

const as = (roles: Role[], organizationId = 'org-1') => ({ userId: 'u-1', organizationId, sessionId: 's-1', memberId: 'm-1', roles });
const admin = as(['administrador', 'medico']);
const tecnico = as(['tecnico']);
const fono = as(['fonoaudiologo']);
const otherOrg = as(['administrador', 'medico'], 'org-2');
const clock = fixedClock('2026-11-25T12:00:00Z');

const value = <T>(r: { ok: true; value: T } | { ok: false; error: Error }): T => {
  if (!r.ok) throw r.error;
  return r.value;
};

async function setUp() {
  const base = inMemoryPatientExamStores();
  const s = inMemoryProgrammeStores(base);
  const ids = sequentialIds();
  const uow = new InMemoryUnitOfWork(base.patients, s.employments);
  const companies = new ManageCompanies(s, ids, clock);
  const employment = new ManageEmployment({ ...s, patients: base.patients }, uow, ids, clock);
  const alfa = value(await companies.create(admin, { name: 'Metalúrgica Alfa' }));
  const beta = value(await companies.create(admin, { name: 'Têxtil Beta' }));
  const prensas = value(await companies.addSector(admin, alfa.id, { name: 'Prensas' }));
  const solda = value(await companies.addSector(admin, alfa.id, { name: 'Solda' }));
  const ghePrensas = value(await companies.addGhe(admin, alfa.id, { name: 'GHE 01', sectorId: prensas.id, exposure: { metric: 'LAVG', levelDbA: 88 } }));
  const gheSolda = value(await companies.addGhe(admin, alfa.id, { name: 'GHE 02', sectorId: solda.id, exposure: { metric: 'LAVG', levelDbA: 78 } }));
  const gheBeta = value(await companies.addGhe(admin, beta.id, { name: 'GHE B' }));
  const worker: Patient = {
    id: 'p-1', organizationId: 'org-1', name: 'João', age: 40, sex: 'M', birthDate: null, cpf: null, phone: null, email: null, address: null,
    companyId: null, companyName: null, jobTitle: null, createdAt: clock.now(), updatedAt: clock.now(),
  };
  await base.patients.insert(worker);
  return { base, s, employment, alfa, beta, prensas, solda, ghePrensas, gheSolda, gheBeta, worker };
}

describe('ManageEmployment', () => {
  it('admits a worker: the first period starts on the admission, the sector comes from the GHE, the worker shows the company', async () => {
    const { base, employment, alfa, prensas, ghePrensas, worker } = await setUp();
    const e = value(await employment.admit(admin, worker.id, { companyId: alfa.id, registration: 'M-77', jobTitle: 'Prensista', gheId: ghePrensas.id, admissionDate: '2024-03-01' }));
    expect(e).toMatchObject({
      companyName: 'Metalúrgica Alfa', sectorId: prensas.id, sectorName: 'Prensas', gheName: 'GHE 01', exposureStatus: 'acima_limite',
      startDate: '2024-03-01', endDate: null, dismissalDate: null, current: true, registration: 'M-77',
    });
    expect(await base.patients.findById('org-1', worker.id)).toMatchObject({ companyId: alfa.id, companyName: 'Metalúrgica Alfa' });
    expect(await employment.admit(admin, worker.id, { companyId: alfa.id, admissionDate: '2024-03-01' })).toMatchObject({ ok: false, error: { code: 'EMPLOYMENT.DUPLICATE_CONFLICT' } });
  });

  it('validates: company and admission required, real dates, dismissal not before admission; GHE and sector of the same company', async () => {
    const { employment, alfa, solda, gheBeta, worker } = await setUp();
    const bad = await employment.admit(admin, worker.id, { admissionDate: '2024-02-30', dismissalDate: 'ontem' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'EMPLOYMENT.INVALID' } });
    if (!bad.ok) expect(bad.error.issues.map((i) => i.path)).toEqual(['companyId', 'admissionDate', 'dismissalDate']);
    expect(await employment.admit(admin, worker.id, { companyId: alfa.id, admissionDate: '2024-03-01', dismissalDate: '2024-02-01' }))
      .toMatchObject({ ok: false, error: { issues: [{ path: 'dismissalDate', message: 'A data de demissão não pode ser anterior à data de admissão' }] } });
    expect(await employment.admit(admin, worker.id, { companyId: alfa.id, gheId: gheBeta.id, admissionDate: '2024-03-01' }))
      .toMatchObject({ ok: false, error: { code: 'EMPLOYMENT.INVALID', issues: [{ path: 'gheId', message: 'O GHE escolhido é de outra empresa' }] } });
    expect(await employment.admit(admin, worker.id, { companyId: 'nope', admissionDate: '2024-03-01' })).toMatchObject({ ok: false, error: { code: 'COMPANY.NOT_FOUND' } });
    expect(await employment.admit(admin, worker.id, { companyId: alfa.id, sectorId: 'nope', admissionDate: '2024-03-01' })).toMatchObject({ ok: false, error: { code: 'SECTOR.NOT_FOUND' } });
    expect((await employment.admit(admin, worker.id, { companyId: alfa.id, sectorId: solda.id, admissionDate: '2024-03-01' })).ok).toBe(true);
  });

  it('is organisation-scoped (404) and needs workers.write (every role has it)', async () => {
    const { employment, alfa, worker } = await setUp();
    expect(await employment.admit(otherOrg, worker.id, { companyId: alfa.id, admissionDate: '2024-03-01' })).toMatchObject({ ok: false, error: { code: 'PATIENT.NOT_FOUND' } });
    expect(await employment.list(otherOrg, worker.id)).toMatchObject({ ok: false, error: { code: 'PATIENT.NOT_FOUND' } });
    const e = value(await employment.admit(tecnico, worker.id, { companyId: alfa.id, admissionDate: '2024-03-01' }));
    expect(await employment.transfer(otherOrg, worker.id, e.id, { date: '2025-01-01' })).toMatchObject({ ok: false, error: { code: 'PATIENT.NOT_FOUND' } });
    expect(await employment.correct(admin, 'p-unknown', e.id, { jobTitle: 'X' })).toMatchObject({ ok: false, error: { code: 'PATIENT.NOT_FOUND' } });
    expect(await employment.correct(admin, worker.id, 'nope', { jobTitle: 'X' })).toMatchObject({ ok: false, error: { code: 'EMPLOYMENT.NOT_FOUND' } });
    expect((await employment.correct(fono, worker.id, e.id, { jobTitle: 'Operador' })).ok).toBe(true);
    expect(await employment.correct({ ...admin, roles: [] }, worker.id, e.id, { jobTitle: 'X' })).toMatchObject({ ok: false, error: { code: 'AUTH.FORBIDDEN' } });
  });

  it('a transfer closes the current period on the date and opens the next one of the same contract; the history is kept', async () => {
    const { employment, alfa, prensas, solda, ghePrensas, gheSolda, worker } = await setUp();
    const first = value(await employment.admit(admin, worker.id, { companyId: alfa.id, registration: 'M-1', jobTitle: 'Prensista', gheId: ghePrensas.id, admissionDate: '2023-05-02' }));
    expect(await employment.transfer(admin, worker.id, first.id, { date: '2023-05-02', gheId: gheSolda.id }))
      .toMatchObject({ ok: false, error: { code: 'EMPLOYMENT.INVALID', issues: [{ path: 'date', message: 'A transferência deve ser posterior ao início do período atual (02/05/2023)' }] } });
    expect(await employment.transfer(admin, worker.id, first.id, { date: '2025-02-31' })).toMatchObject({ ok: false, error: { issues: [{ path: 'date' }] } });
    const second = value(await employment.transfer(admin, worker.id, first.id, { date: '2025-06-10', gheId: gheSolda.id, jobTitle: 'Soldador' }));
    expect(second).toMatchObject({ companyId: alfa.id, registration: 'M-1', admissionDate: '2023-05-02', startDate: '2025-06-10', endDate: null, sectorId: solda.id, gheId: gheSolda.id, jobTitle: 'Soldador', exposureStatus: 'abaixo_nivel_acao', current: true });
    expect(await employment.transfer(admin, worker.id, first.id, { date: '2025-07-01' })).toMatchObject({ ok: false, error: { code: 'EMPLOYMENT.CLOSED_CONFLICT' } });
    const history = value(await employment.list(admin, worker.id));
    expect(history.map((p) => [p.startDate, p.endDate, p.sectorId, p.jobTitle, p.current])).toEqual([
      ['2023-05-02', '2025-06-10', prensas.id, 'Prensista', false], ['2025-06-10', null, solda.id, 'Soldador', true],
    ]);
    // a jobTitle-only transfer keeps sector and GHE
    const third = value(await employment.transfer(admin, worker.id, second.id, { date: '2026-01-05', jobTitle: 'Soldador II' }));
    expect(third).toMatchObject({ sectorId: solda.id, gheId: gheSolda.id, jobTitle: 'Soldador II' });
  });

  it('a transfer after the dismissal is refused; dismissal set by a correction applies to every period of the contract', async () => {
    const { employment, alfa, gheSolda, worker } = await setUp();
    const first = value(await employment.admit(admin, worker.id, { companyId: alfa.id, admissionDate: '2023-05-02', registration: 'M-1' }));
    const second = value(await employment.transfer(admin, worker.id, first.id, { date: '2024-01-10', gheId: gheSolda.id }));
    expect(await employment.correct(admin, worker.id, second.id, { dismissalDate: '2023-12-31' }))
      .toMatchObject({ ok: false, error: { issues: [{ path: 'dismissalDate', message: 'A data de demissão não pode ser anterior ao início do último período do vínculo (10/01/2024)' }] } });
    const dismissed = value(await employment.correct(admin, worker.id, second.id, { dismissalDate: '2026-03-31', registration: 'M-2' }));
    expect(dismissed).toMatchObject({ dismissalDate: '2026-03-31', registration: 'M-2', current: false });
    expect(value(await employment.list(admin, worker.id)).map((p) => [p.dismissalDate, p.registration])).toEqual([['2026-03-31', 'M-2'], ['2026-03-31', 'M-2']]);
    expect(await employment.transfer(admin, worker.id, second.id, { date: '2026-04-01' }))
      .toMatchObject({ ok: false, error: { issues: [{ path: 'date', message: 'A transferência não pode ser posterior à demissão (31/03/2026)' }] } });
  });

  it('a correction of the admission moves the first period start, not past the next period', async () => {
    const { employment, alfa, gheSolda, worker } = await setUp();
    const first = value(await employment.admit(admin, worker.id, { companyId: alfa.id, admissionDate: '2023-05-02' }));
    value(await employment.transfer(admin, worker.id, first.id, { date: '2024-01-10', gheId: gheSolda.id }));
    expect(await employment.correct(admin, worker.id, first.id, { admissionDate: '2024-01-10' }))
      .toMatchObject({ ok: false, error: { issues: [{ path: 'admissionDate', message: 'A data de admissão deve ser anterior ao início do período seguinte (10/01/2024)' }] } });
    value(await employment.correct(admin, worker.id, first.id, { admissionDate: '2023-04-20' }));
    expect(value(await employment.list(admin, worker.id)).map((p) => [p.admissionDate, p.startDate, p.endDate]))
      .toEqual([['2023-04-20', '2023-04-20', '2024-01-10'], ['2023-04-20', '2024-01-10', null]]);
  });

  it('an imported contract whose first period starts after the admission: the admission may not pass that start', async () => {
    const { s, employment, alfa, worker } = await setUp();
    await s.employments.insert({
      id: 'imported', organizationId: 'org-1', patientId: worker.id, companyId: alfa.id, registration: null, jobTitle: null, sectorId: null, gheId: null,
      admissionDate: '2020-01-06', dismissalDate: null, startDate: '2023-03-01', endDate: null, createdAt: clock.now(), updatedAt: clock.now(),
    });
    expect(await employment.correct(admin, worker.id, 'imported', { admissionDate: '2023-03-02' }))
      .toMatchObject({ ok: false, error: { issues: [{ path: 'admissionDate', message: 'A data de admissão não pode ser posterior ao início do primeiro período (01/03/2023)' }] } });
    expect(value(await employment.correct(admin, worker.id, 'imported', { admissionDate: '2021-02-01' }))).toMatchObject({ admissionDate: '2021-02-01', startDate: '2023-03-01' });
  });

  it("the worker's company follows the current period: a new contract elsewhere moves it, a past contract does not", async () => {
    const { base, employment, alfa, beta, worker } = await setUp();
    const old = value(await employment.admit(admin, worker.id, { companyId: alfa.id, admissionDate: '2020-01-06' }));
    value(await employment.correct(admin, worker.id, old.id, { dismissalDate: '2024-06-30' }));
    value(await employment.admit(admin, worker.id, { companyId: beta.id, admissionDate: '2024-08-01' }));
    expect((await base.patients.findById('org-1', worker.id))?.companyName).toBe('Têxtil Beta');
    // recording an older contract afterwards keeps the current employer
    value(await employment.admit(admin, worker.id, { companyId: alfa.id, admissionDate: '2010-01-04', dismissalDate: '2012-01-04' }));
    expect((await base.patients.findById('org-1', worker.id))?.companyName).toBe('Têxtil Beta');
    const list = value(await employment.list(admin, worker.id));
    expect(list.map((p) => [p.companyName, p.admissionDate, p.current])).toEqual([
      ['Metalúrgica Alfa', '2010-01-04', false], ['Metalúrgica Alfa', '2020-01-06', false], ['Têxtil Beta', '2024-08-01', true],
    ]);
  });

  it('currentCompanyOf: the latest period in force, else the latest open one', () => {
    const p = (companyId: string, startDate: string, endDate: string | null, dismissalDate: string | null) => ({
      id: startDate, organizationId: 'o', patientId: 'p', companyId, registration: null, jobTitle: null, sectorId: null, gheId: null,
      admissionDate: startDate, dismissalDate, startDate, endDate, createdAt: new Date(0), updatedAt: new Date(0),
    });
    expect(currentCompanyOf([], '2026-11-25')).toBeUndefined();
    expect(currentCompanyOf([p('a', '2020-01-01', null, null), p('b', '2019-01-01', null, null)], '2026-11-25')).toBe('a');
    expect(currentCompanyOf([p('a', '2024-01-01', null, '2025-01-01'), p('b', '2019-01-01', null, null)], '2026-11-25')).toBe('b');
    expect(currentCompanyOf([p('a', '2024-01-01', null, '2025-01-01'), p('b', '2019-01-01', '2020-01-01', null)], '2026-11-25')).toBe('a');
  });
});

import { describe, expect, it } from 'vitest';
import { fixedClock, immediateUnitOfWork, InMemoryProfessionalRepository, sequentialIds } from '../../testing/in-memory-account-adapters';
import { inMemoryPatientExamStores } from '../../testing/in-memory-patient-exam-adapters';
import { testProfessionals } from '../../testing/recorded-worker';
import { RecordExam } from '../exams/record-exam';
import { ManagePatients } from './manage-patients';

// Issue 14 (defects 4 and 6): every field is editable; deleting a worker archives it.
const auth = { userId: 'u-1', organizationId: 'org-1', sessionId: 's-1', memberId: 'm-1', roles: ['administrador', 'medico'] as const };
const clock = fixedClock('2026-11-24T12:00:00Z');

function setUp() {
  const s = inMemoryPatientExamStores();
  const ids = sequentialIds();
  const manage = new ManagePatients(s.patients, s.companies, immediateUnitOfWork, ids, clock, testProfessionals());
  return { s, manage, record: new RecordExam(s.patients, manage, s.exams, immediateUnitOfWork, ids, clock, new InMemoryProfessionalRepository()) };
}

describe('ManagePatients.update', () => {
  it('corrects every field of the worker, CPF by its check digits', async () => {
    const { manage } = setUp();
    const p = await manage.register(auth, { name: 'Ana', age: 40, sex: 'F' });
    if (!p.ok) throw p.error;
    const all = { name: 'Ana Paula Ribeiro', birthDate: '1984-03-02', age: 42, sex: 'F', cpf: '529.982.247-25', phone: '(11) 98765-4321', email: 'Ana@Exemplo.com', address: 'Rua A, 10 — São Paulo/SP', company: 'Metalúrgica Aço', jobTitle: 'Soldadora' };
    const r = await manage.update(auth, p.value.id, all);
    const { company: _company, ...fields } = all;
    expect(r.ok && r.value).toMatchObject({ ...fields, cpf: '52998224725', email: 'ana@exemplo.com', companyName: 'Metalúrgica Aço' });
    const bad = await manage.update(auth, p.value.id, { cpf: '529.982.247-26' });
    expect(bad).toMatchObject({ ok: false, error: { issues: [{ path: 'cpf' }] } });
  });
});

describe('ManagePatients.archive / restore', () => {
  it('archives (kept, hidden from the list), refuses new exams, keeps the first date, and restores', async () => {
    const { s, manage, record } = setUp();
    const p = await manage.register(auth, { name: 'Ana', age: 40, sex: 'F' });
    if (!p.ok) throw p.error;
    const archived = await manage.archive(auth, p.value.id);
    expect(archived.ok && archived.value.archivedAt).toEqual(clock.now());
    // issue 18: who archived the worker is recorded, and cleared by a restore
    const archivedBy = { memberId: 'm-1', userId: 'u-1', name: 'Dra. Ana Lima', registry: 'CRM 12345/SP', at: clock.now().toISOString() };
    expect(archived.ok && archived.value.archivedBy).toEqual(archivedBy);
    expect((await s.patients.findById(auth.organizationId, p.value.id))?.archivedBy).toEqual(archivedBy);
    expect((await manage.list(auth, { limit: 10, offset: 0 })).total).toBe(0);
    expect((await manage.list(auth, { archived: true, limit: 10, offset: 0 })).items.map((x) => x.id)).toEqual([p.value.id]);
    expect((await s.patients.findById('org-1', p.value.id))?.name).toBe('Ana');
    const exam = await record.forPatient(auth, p.value.id, { date: '2025-01-01' }, { strict: false, paths: { date: 'date', ambientNoiseDb: 'a', calibrationDate: 'c', operatorName: 'o', operatorRegistration: 'r', acousticRestHours: 'h', audiogram: 'audiogram' } });
    expect(exam).toMatchObject({ ok: false, error: { code: 'PATIENT.ARCHIVED_CONFLICT' } });
    expect((await manage.archive(auth, p.value.id)).ok).toBe(true);
    expect((await s.patients.findById('org-1', p.value.id))?.archivedAt).toEqual(clock.now());
    const restored = await manage.restore(auth, p.value.id);
    expect(restored.ok && restored.value.archivedAt).toBeNull();
    expect((await s.patients.findById(auth.organizationId, p.value.id))?.archivedBy).toBeNull();
    expect((await manage.list(auth, { limit: 10, offset: 0 })).total).toBe(1);
    expect(await manage.archive({ ...auth, organizationId: 'org-2' }, p.value.id)).toMatchObject({ ok: false, error: { code: 'PATIENT.NOT_FOUND' } });
  });
});

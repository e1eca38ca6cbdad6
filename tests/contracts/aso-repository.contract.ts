import { beforeEach, expect, it } from 'vitest';
import type { Aso, AsoRepository, CompanyRecords, EmploymentRepository } from '../../core/src';
import { anExam, aWorker, nextId, T0 } from '../support/builders';
import { aCompany, anEmployment } from './programme-queries.contract';
import { withTwoOrganizations, type TenantFixtures } from './tenant-fixtures';

export interface AsoStores extends TenantFixtures {
  records: CompanyRecords;
  employments: EmploymentRepository;
  asos: AsoRepository;
}

const PREFIX = 'ID1112223330001812026031012040';

/** What every AsoRepository answers, in memory and in SQL alike (issue 21). */
export function asoRepositoryContract(make: () => Promise<AsoStores>) {
  let s: AsoStores;
  let org: string;
  let other: string;
  let ctx: { patientId: string; examId: string; companyId: string; employmentId: string };
  beforeEach(async () => {
    ({ s, org, other } = await withTwoOrganizations(await make()));
    const worker = aWorker(org, { name: 'Joana Prates', cpf: '52998224725' });
    await s.patients.insert(worker);
    const company = aCompany(org, { name: 'Alfa', cnpj: '11222333000181' });
    await s.records.insert(company);
    const employment = anEmployment(org, worker.id, company.id, { registration: 'M-7' });
    await s.employments.insert(employment);
    const exam = anExam(org, worker.id, { date: '2025-03-01', classification: { exam_role: 'referencia', classification_right: 'aceitavel', classification_left: 'aceitavel' } });
    await s.exams.insert(exam);
    ctx = { patientId: worker.id, examId: exam.id, companyId: company.id, employmentId: employment.id };
  });

  const anAso = (over: Partial<Aso> = {}): Aso => ({
    id: nextId(), organizationId: org, ...ctx, examType: 'periodico', asoDate: '2025-03-02', result: 'apto',
    otherProcedures: [{ code: '0295', date: '2025-03-01', description: null }], physician: { name: 'Dra. Ana', crm: '123', uf: 'SP' },
    coordinator: { name: 'Dr. Bruno', crm: '456', uf: 'RJ', cpf: null },
    event: { status: 'pendente', eventId: null, xml: null, generatedAt: null, exportedAt: null, receipt: null, indRetif: 1, retifiedReceipt: null },
    createdAt: T0, updatedAt: T0, ...over,
  });

  it('stores an ASO and reads it with the worker, company, contract and exam; another organisation does not see it', async () => {
    const aso = anAso();
    await s.asos.insert(aso);
    const got = await s.asos.get(org, aso.id);
    expect({ ...got, examClassification: undefined }).toEqual({
      ...aso, patientName: 'Joana Prates', cpf: '52998224725', companyName: 'Alfa', companyCnpj: '11222333000181', registration: 'M-7', examDate: '2025-03-01',
      examClassification: undefined,
    });
    // the exam's classification (stored by the in-memory double, computed from the history by PostgreSQL — ADR 0025): its only exam, the reference
    expect(got?.examClassification).toMatchObject({ exam_role: 'referencia', classification_left: 'aceitavel' });
    expect(await s.asos.get(other, aso.id)).toBeUndefined();
    expect(await s.asos.get(org, 'not-an-id')).toBeUndefined();
    expect(await s.asos.listForExam(other, ctx.examId)).toEqual([]);
    expect((await s.asos.list(other, { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('lists by ASO date then creation, filtered by company, period and status, paged with the total', async () => {
    const late = anAso({ asoDate: '2025-06-01' });
    const early = anAso({ asoDate: '2025-03-02', createdAt: new Date(T0.getTime() + 1000) });
    const earliest = anAso({ asoDate: '2025-03-02', event: { ...anAso().event, status: 'exportado', eventId: `${PREFIX}00001`, xml: '<x/>', exportedAt: T0 } });
    for (const a of [late, early, earliest]) await s.asos.insert(a);
    expect((await s.asos.listForExam(org, ctx.examId)).map((a) => a.id)).toEqual([earliest.id, early.id, late.id]);
    expect((await s.asos.list(org, { limit: 2, offset: 0 })).items.map((a) => a.id)).toEqual([earliest.id, early.id]);
    expect(await s.asos.list(org, { limit: 2, offset: 2 })).toMatchObject({ total: 3, items: [{ id: late.id }] });
    expect((await s.asos.list(org, { companyId: ctx.companyId, from: '2025-03-03', to: '2025-12-31', limit: 10, offset: 0 })).items.map((a) => a.id)).toEqual([late.id]);
    expect((await s.asos.list(org, { statuses: ['pendente', 'gerado'], limit: 10, offset: 0 })).items.map((a) => a.id)).toEqual([early.id, late.id]);
    expect((await s.asos.list(org, { companyId: nextId(), limit: 10, offset: 0 })).total).toBe(0);
  });

  it('replaces the fields and the event state; an event Id held by another ASO is answered, never thrown; the last sequence of a prefix', async () => {
    const a = anAso();
    const b = anAso();
    await s.asos.insert(a);
    await s.asos.insert(b);
    const generated: Aso = {
      ...a, result: 'inapto', coordinator: null, otherProcedures: [], updatedAt: new Date(T0.getTime() + 5000),
      event: { status: 'gerado', eventId: `${PREFIX}00002`, xml: '<eSocial/>', generatedAt: T0, exportedAt: null, receipt: null, indRetif: 2, retifiedReceipt: '1.2.0000000000012345678' },
    };
    expect(await s.asos.update(generated)).toBe('updated');
    expect(await s.asos.get(org, a.id)).toMatchObject({ result: 'inapto', coordinator: null, otherProcedures: [], event: generated.event, updatedAt: generated.updatedAt });
    expect(await s.asos.update({ ...b, event: { ...generated.event } })).toBe('duplicate-event-id');
    expect((await s.asos.get(org, b.id))!.event.eventId).toBeNull();
    expect(await s.asos.lastEventSequence(PREFIX)).toBe(2);
    expect(await s.asos.lastEventSequence('ID1999999999999992026031012040')).toBe(0);
    // an edit clears the event, but its Id stays issued: never given to another ASO, still counted
    expect(await s.asos.update({ ...generated, event: { ...generated.event, status: 'retificacao_pendente', eventId: null, xml: null } })).toBe('updated');
    expect(await s.asos.update({ ...b, event: { ...generated.event } })).toBe('duplicate-event-id');
    expect(await s.asos.lastEventSequence(PREFIX)).toBe(2);
    expect(await s.asos.update({ ...b, event: { ...generated.event, eventId: `${PREFIX}00003` } })).toBe('updated');
    expect(await s.asos.lastEventSequence(PREFIX)).toBe(3);
    // an update naming another organisation changes nothing
    await s.asos.update({ ...a, organizationId: other, result: 'apto', event: { ...a.event, eventId: `${PREFIX}00009` } });
    expect((await s.asos.get(org, a.id))!.result).toBe('inapto');
    expect(await s.asos.lastEventSequence(PREFIX)).toBe(3);
  });
}

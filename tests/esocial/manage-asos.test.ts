import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { classifyPatientExams, ManageAsos, type AuthContext, type Professional, type Role } from '../../core/src';
import { fixedClock } from '../../core/src/testing/in-memory-account-adapters';
import { InMemoryAsoRepository } from '../../core/src/testing/in-memory-aso-repository';
import { inMemoryPatientExamStores } from '../../core/src/testing/in-memory-patient-exam-adapters';
import { inMemoryProgrammeStores } from '../../core/src/testing/in-memory-programme-adapters';
import { FflateZipWriter } from '../../adapters/src/esocial/fflate-zip-writer';
import { validateS2220, XsdValidatedS2220Writer } from '../../adapters/src/esocial/s2220-xml';
import { anExam, aWorker, nextId } from '../support/builders';
import { aCompany, anEmployment } from '../contracts/programme-queries.contract';

/** ManageAsos over the in-memory twins with the real XSD-validated writer and zip (issue 21). */
async function setup() {
  const base = inMemoryPatientExamStores();
  const p = inMemoryProgrammeStores(base);
  const asos = new InMemoryAsoRepository({ patients: base.patients, companies: p.companies, employments: p.employments, exams: base.exams });
  const org = nextId();
  const me = nextId();
  const professional = { id: me, name: 'Dra. Ana Souza', crm: '123456', crmState: 'SP' } as Professional;
  const clock = fixedClock('2026-03-10T15:04:05Z');
  const ids = { next: () => nextId() };
  const useCase = new ManageAsos({ asos, exams: base.exams, patients: base.patients, employments: p.employments, companies: p.companies, professionals: { findById: async (id) => (id === me ? professional : undefined) } },
    new XsdValidatedS2220Writer(), new FflateZipWriter(), ids, clock, { environment: 2, applicationVersion: 'Limiar test' });
  const company = aCompany(org, { name: 'Alfa', cnpj: '11222333000181' });
  await p.companies.insert(company);
  const auth = (roles: Role[] = ['medico']): AuthContext => ({ userId: me, organizationId: org, sessionId: 's', memberId: 'm', roles });
  async function worker(name: string, cpf: string) {
    const w = aWorker(org, { name, cpf });
    await base.patients.insert(w);
    await p.employments.insert(anEmployment(org, w.id, company.id, { registration: `R-${name.length}`, admissionDate: '2024-01-01' }));
    const [exam] = classifyPatientExams([anExam(org, w.id, { date: '2026-03-09', examType: 'periodico' })], {});
    await base.exams.insert(exam);
    return { worker: w, exam };
  }
  return { useCase, auth, clock, company, base, worker };
}

describe('ManageAsos', () => {
  it('events generated in the same second take sequences 1, 2; the next second starts again at 1', async () => {
    const s = await setup();
    const ids: string[] = [];
    for (const [name, cpf] of [['Ana', '52998224725'], ['Bruno', '11144477735'], ['Carla', '39053344705']]) {
      const { exam } = await s.worker(name, cpf);
      const aso = await s.useCase.create(s.auth(), exam.id, { asoDate: '2026-03-10', result: 'apto' });
      if (!aso.ok) throw aso.error;
      if (name === 'Carla') s.clock.advance(1000);
      const generated = await s.useCase.generate(s.auth(), aso.value.id);
      if (!generated.ok) throw generated.error;
      ids.push(generated.value.event.eventId!);
      expect(await validateS2220(generated.value.event.xml!)).toEqual({ valid: true, errors: [] });
    }
    expect(ids).toEqual(['ID1112223330001812026031012040500001', 'ID1112223330001812026031012040500002', 'ID1112223330001812026031012040600001']);
  });

  it('the batch leaves out an ASO whose worker lost the CPF (with the reason) and zips the others; nothing left: no zip', async () => {
    const s = await setup();
    const a = await s.worker('Ana', '52998224725');
    const b = await s.worker('Bruno', '11144477735');
    for (const x of [a, b]) expect((await s.useCase.create(s.auth(), x.exam.id, { asoDate: '2026-03-10' })).ok).toBe(true);
    await s.base.patients.update({ ...b.worker, cpf: null });
    const batch = await s.useCase.exportBatch(s.auth(), { companyId: s.company.id, from: '2026-03-01', to: '2026-03-31' });
    if (!batch.ok) throw batch.error;
    expect(batch.value.skipped).toEqual([expect.objectContaining({ patientName: 'Bruno', message: expect.stringContaining('não tem CPF') })]);
    const files = unzipSync(batch.value.zip!);
    expect(Object.keys(files)).toEqual(batch.value.files.map((f) => f.name));
    expect(await validateS2220(strFromU8(Object.values(files)[0]))).toEqual({ valid: true, errors: [] });
    const again = await s.useCase.exportBatch(s.auth(), { companyId: s.company.id, from: '2026-03-01', to: '2026-03-31' });
    expect(again.ok && again.value.zip).toBeNull();
    expect(again.ok && again.value.skipped.map((x) => x.patientName)).toEqual(['Bruno']);
  });

  it('a técnico may neither issue an ASO (laudo.finalize) nor generate (dashboards.export); a retification edited before export stays one', async () => {
    const s = await setup();
    const { exam } = await s.worker('Ana', '52998224725');
    expect(await s.useCase.create(s.auth(['tecnico']), exam.id, { asoDate: '2026-03-10' })).toMatchObject({ ok: false, error: { code: 'AUTH.FORBIDDEN' } });
    const aso = await s.useCase.create(s.auth(), exam.id, { asoDate: '2026-03-10' });
    if (!aso.ok) throw aso.error;
    expect(await s.useCase.generate(s.auth(['tecnico']), aso.value.id)).toMatchObject({ ok: false, error: { code: 'AUTH.FORBIDDEN' } });
    await s.useCase.generate(s.auth(), aso.value.id);
    await s.useCase.download(s.auth(), aso.value.id);
    await s.useCase.setReceipt(s.auth(), aso.value.id, { receipt: '1.2.0000000000012345678' });
    await s.useCase.update(s.auth(), aso.value.id, { result: 'inapto' });
    await s.useCase.generate(s.auth(), aso.value.id); // the retification, generated, not exported
    const edited = await s.useCase.update(s.auth(), aso.value.id, { result: 'apto' });
    expect(edited.ok && edited.value.event).toMatchObject({ status: 'retificacao_pendente', indRetif: 2, receipt: '1.2.0000000000012345678', xml: null });
  });
});

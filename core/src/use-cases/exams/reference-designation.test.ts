import { describe, expect, it } from 'vitest';
import { classifyPatientExams } from '../../exams/classify-exams';
import type { Exam } from '../../exams/exam';
import type { Patient } from '../../patients/patient';
import { InMemoryExamRepository, InMemoryPatientRepository } from '../../testing/in-memory-patient-exam-adapters';
import { InMemoryReportRepository } from '../../testing/in-memory-report-repository';
import { DesignateReferenceExam, EMPTY_EXAM_REFERENCE_MESSAGE } from './designate-reference-exam';
import { ReclassifyStaleExams } from './reclassify-stale-exams';

const ORG = 'org-1';
const auth = { userId: 'u-1', organizationId: ORG, sessionId: 's-1', memberId: 'm-1', roles: ['administrador', 'medico'] as const };
const uow = { run: <T>(work: () => Promise<T>) => work() };
const clock = { now: () => new Date('2026-11-24T12:00:00Z') };
const professionals = { findById: async () => ({ id: 'u-1', name: 'Dra. Ana Lima', professionalType: 'Medico', crm: '12345', crmState: 'SP' }) } as never;

const ear = (t4k: number) => ({ air: { 500: 10, 1000: 10, 2000: 10, 3000: 15, 4000: t4k, 6000: 20, 8000: 15 } });
const empty = { air: {} };

function exam(id: string, date: string, right: Exam['right'], left: Exam['left'] = right): Exam {
  return {
    id, organizationId: ORG, patientId: 'p-1', date, operatorName: null, operatorRegistration: null, operatorCrm: null, operatorCrmState: null,
    consultationType: null, consultationReason: null, ambientNoiseDb: null, calibrationDate: null, transducer: null, acousticRestHours: 14,
    observacoes: null, right, left, speechTest: null, ambienteJson: null, classification: {}, rulesVersion: 'old', createdAt: new Date(`${date}T10:00:00Z`), updatedAt: new Date(),
  };
}

async function setUp(exams: Exam[]) {
  const patients = new InMemoryPatientRepository();
  await patients.insert({ id: 'p-1', organizationId: ORG, name: 'Ana', age: 40, sex: 'F', birthDate: null, cpf: null, phone: null, email: null, address: null, companyId: null, companyName: null, jobTitle: null, createdAt: new Date(), updatedAt: new Date() } as Patient);
  const repo = new InMemoryExamRepository(patients);
  for (const e of exams) await repo.insert(e);
  return { patients, repo };
}

describe('DesignateReferenceExam and ReclassifyStaleExams (clinical-rules I11, I12)', () => {
  it('designates with a reason, records who and when, and recomputes the later exams', async () => {
    const { patients, repo } = await setUp(classifyPatientExams([exam('e1', '2024-01-10', ear(20)), exam('e2', '2025-01-10', ear(40)), exam('e3', '2026-01-10', ear(40))], { sex: 'F' }));
    expect((await repo.findById(ORG, 'e3'))!.exam.classification.reference_date).toBe('2025-01-10'); // e2 triggered and replaced e1
    const use = new DesignateReferenceExam(repo, patients, professionals, new InMemoryReportRepository(), uow, clock);
    const short = await use.execute(auth, 'e1', 'curto');
    expect(short.ok).toBe(false);
    const r = await use.execute(auth, 'e2', '  Exame de 2024 feito sem o repouso de 14 h  ');
    expect(r.ok).toBe(true);
    const e2 = (await repo.findById(ORG, 'e2'))!.exam;
    expect(e2.referenceDesignation).toEqual({ reason: 'Exame de 2024 feito sem o repouso de 14 h', designatedBy: 'Dra. Ana Lima (CRM 12345/SP)', designatedAt: '2026-11-24T12:00:00.000Z' });
    expect(e2.classification).toMatchObject({ exam_role: 'referencia', reference_basis: 'designado' });
    expect((await repo.findById(ORG, 'e3'))!.exam.classification).toMatchObject({ reference_date: '2025-01-10', reference_basis: 'designado', desencadeamento: false });
    await use.execute(auth, 'e2', null);
    expect((await repo.findById(ORG, 'e2'))!.exam.classification).toMatchObject({ exam_role: 'sequencial', reference_basis: 'primeiro_exame' });
  });

  it('refuses to designate an exam without thresholds', async () => {
    const { patients, repo } = await setUp([exam('e1', '2024-01-10', empty)]);
    const r = await new DesignateReferenceExam(repo, patients, professionals, new InMemoryReportRepository(), uow, clock).execute(auth, 'e1', 'Motivo suficientemente longo');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe(EMPTY_EXAM_REFERENCE_MESSAGE);
  });

  it('reclassifies every worker with exams of an older rules version (an empty first exam stops being the reference)', async () => {
    const { patients, repo } = await setUp([exam('e1', '2024-01-10', empty), exam('e2', '2025-01-10', ear(20)), exam('e3', '2026-01-10', ear(40))]);
    const workers = await new ReclassifyStaleExams(repo, patients, uow).execute({ batchSize: 1 });
    expect(workers).toBe(1);
    expect((await repo.findById(ORG, 'e1'))!.exam.classification).toMatchObject({ exam_role: 'sem_limiares' });
    expect((await repo.findById(ORG, 'e3'))!.exam.classification).toMatchObject({ reference_date: '2025-01-10', desencadeamento: true });
    expect(await new ReclassifyStaleExams(repo, patients, uow).execute()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { Exam } from '../../exams/exam';
import type { Report } from '../../reports/report';
import { fixedClock, immediateUnitOfWork, sequentialIds } from '../../testing/in-memory-account-adapters';
import { inMemoryPatientExamStores } from '../../testing/in-memory-patient-exam-adapters';
import { InMemoryReportRepository } from '../../testing/in-memory-report-repository';
import { ManagePatients } from '../patients/manage-patients';
import { DesignateReferenceExam } from './designate-reference-exam';
import { assertExamEditable } from './finalized-report-guard';
import { RecordExam } from './record-exam';
import { UpdateExamAudiogram } from './update-exam-audiogram';

// Issue 15 (defect 5): one guard, in core, for every use case that changes an exam.
const ORG = 'org-1';
const auth = { userId: 'u-1', organizationId: ORG, sessionId: 's-1' };
const clock = fixedClock('2026-11-24T12:00:00Z');
const professionals = { findById: async () => ({ id: 'u-1', name: 'Dra. Ana Lima', professionalType: 'Medico', crm: '12345', crmState: 'SP' }) } as never;
const air = (t4k: number) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: hz === 4000 ? t4k : 10, le: hz === 4000 ? t4k : 10 }]));
const LOCKED = 'um laudo finalizado depende dele. Para corrigir, emita uma retificação do laudo.';

async function worker(dates: Array<[string, number]>) {
  const s = inMemoryPatientExamStores();
  const ids = sequentialIds();
  const manage = new ManagePatients(s.patients, s.companies, immediateUnitOfWork, ids, clock);
  const patient = await manage.register(auth, { name: 'Ana Paula', age: 40, sex: 'F' });
  if (!patient.ok) throw patient.error;
  const record = new RecordExam(s.patients, manage, s.exams, immediateUnitOfWork, ids, clock);
  const exams: Exam[] = [];
  for (const [date, t4k] of dates) {
    const r = await record.forPatient(auth, patient.value.id, { date, air: air(t4k) }, { strict: false, paths: { date: 'date', ambientNoiseDb: 'a', calibrationDate: 'c', operatorName: 'o', operatorRegistration: 'r', acousticRestHours: 'h', audiogram: 'audiogram' } });
    if (!r.ok) throw r.error;
    exams.push(r.value);
  }
  return { s, exams, reports: new InMemoryReportRepository() };
}

async function laudo(reports: InMemoryReportRepository, exam: Exam, status: Report['status']) {
  const id = `r-${exam.id}`;
  await reports.save({
    id, organizationId: ORG, patientId: exam.patientId, examId: exam.id, doctorId: 'u-1', doctorName: 'Dra. Ana Lima', type: 'simple', status,
    consultationType: null, consultationReason: null, nexoAnswers: null, draftJson: '{}', pdfStorageKey: null, pdfSha256: null,
    createdAt: new Date(), updatedAt: new Date(), finalizedAt: status === 'Finalizado' ? new Date() : null,
  });
  reports.describe(id, { patientName: 'Ana Paula', patientCompany: null, examDate: exam.date });
}

describe('assertExamEditable', () => {
  it('refuses an exam whose own laudo is finalised; a draft laudo does not lock it', async () => {
    const w = await worker([['2025-01-10', 15]]);
    await laudo(w.reports, w.exams[0], 'Draft');
    expect(await assertExamEditable(w.reports, w.exams[0], 'alterado', false)).toEqual({ ok: true, value: undefined });
    await laudo(w.reports, w.exams[0], 'Finalizado');
    const locked = await assertExamEditable(w.reports, w.exams[0], 'alterado', false);
    expect(locked).toMatchObject({ ok: false, error: { code: 'EXAM.LOCKED_CONFLICT', message: `Este exame não pode ser alterado: ${LOCKED}` } });
  });

  it("with laterToo, also refuses an earlier exam a later finalised laudo depends on, never a later one", async () => {
    const w = await worker([['2024-01-10', 15], ['2025-01-10', 15], ['2026-01-10', 15]]);
    await laudo(w.reports, w.exams[1], 'Finalizado');
    expect((await assertExamEditable(w.reports, w.exams[0], 'receber arquivos', true))).toMatchObject({ ok: false, error: { message: `Este exame não pode receber arquivos: ${LOCKED}` } });
    expect((await assertExamEditable(w.reports, w.exams[0], 'corrigido', false)).ok).toBe(true);
    expect((await assertExamEditable(w.reports, w.exams[2], 'excluído', true)).ok).toBe(true);
  });
});

describe('use cases behind the guard', () => {
  it('UpdateExamAudiogram refuses new thresholds once the laudo is finalised and leaves the exam as signed', async () => {
    const w = await worker([['2025-01-10', 15]]);
    await laudo(w.reports, w.exams[0], 'Finalizado');
    const before = (await w.s.exams.findById(ORG, w.exams[0].id))!.exam;
    const r = await new UpdateExamAudiogram(w.s.exams, w.s.patients, w.reports, immediateUnitOfWork, clock).execute(auth, w.exams[0].id, { air: air(60) });
    expect(r).toMatchObject({ ok: false, error: { code: 'EXAM.LOCKED_CONFLICT' } });
    expect((await w.s.exams.findById(ORG, w.exams[0].id))!.exam).toEqual(before);
  });

  it('DesignateReferenceExam refuses a designation that would reclassify a finalised laudo, allows one that would not', async () => {
    const w = await worker([['2024-01-10', 15], ['2025-01-10', 45], ['2026-01-10', 45]]);
    await laudo(w.reports, w.exams[2], 'Finalizado');
    const use = new DesignateReferenceExam(w.s.exams, w.s.patients, professionals, w.reports, immediateUnitOfWork, clock);
    const before = (await w.s.exams.findById(ORG, w.exams[2].id))!.exam.classification;
    // e2 as reference changes e3's reference (and its desencadeamento): refused
    expect(await use.execute(auth, w.exams[1].id, 'Exame feito sem o repouso de 14 horas')).toMatchObject({ ok: false, error: { code: 'EXAM.LOCKED_CONFLICT' } });
    expect((await w.s.exams.findById(ORG, w.exams[2].id))!.exam.classification).toEqual(before);
    expect((await w.s.exams.findById(ORG, w.exams[1].id))!.exam.referenceDesignation ?? null).toBeNull();
    // with only a draft laudo the same designation goes through
    await laudo(w.reports, w.exams[2], 'Draft');
    expect((await use.execute(auth, w.exams[1].id, 'Exame feito sem o repouso de 14 horas')).ok).toBe(true);
  });
});

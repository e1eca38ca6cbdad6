import { describe, expect, it } from 'vitest';
import type { Exam } from '../../exams/exam';
import type { Report } from '../../reports/report';
import { immediateUnitOfWork } from '../../testing/in-memory-account-adapters';
import { airWith4k, recordedWorker, TEST_ORG, testAuth, testClock, testProfessionals } from '../../testing/recorded-worker';
import { InMemoryReportRepository } from '../../testing/in-memory-report-repository';
import { DesignateReferenceExam } from './designate-reference-exam';
import { assertExamEditable } from './finalized-report-guard';
import { UpdateExamAudiogram } from './update-exam-audiogram';

// Issue 15 (defect 5): one guard, in core, for every use case that changes an exam.
const ORG = TEST_ORG;
const auth = testAuth;
const clock = testClock;
const professionals = { findById: async () => ({ id: 'u-1', name: 'Dra. Ana Lima', professionalType: 'Medico', crm: '12345', crmState: 'SP' }) } as never;
const air = airWith4k;
const LOCKED = 'um laudo finalizado depende dele. Para corrigir, emita uma retificação do laudo.';

async function worker(dates: Array<[string, number]>) {
  const { s, exams } = await recordedWorker(dates);
  return { s, exams, reports: new InMemoryReportRepository() };
}

async function laudo(reports: InMemoryReportRepository, exam: Exam, status: Report['status']) {
  const id = `r-${exam.id}`;
  await reports.save({
    id, organizationId: ORG, patientId: exam.patientId, examId: exam.id, doctorId: 'u-1', doctorName: 'Dra. Ana Lima', type: 'simple', status,
    consultationType: null, consultationReason: null, nexoAnswers: null, draftJson: '{}', pdfStorageKey: null, pdfSha256: null,
    createdAt: new Date(), updatedAt: new Date(), finalizedAt: status === 'Finalizado' ? new Date() : null,
    version: 1, supersedesId: null, supersededAt: null, amendmentReason: null, verificationCode: null, signatureKind: null,
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
    const r = await new UpdateExamAudiogram(w.s.exams, w.s.patients, w.reports, immediateUnitOfWork, clock, testProfessionals()).execute(auth, w.exams[0].id, { air: air(60) });
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

import { describe, expect, it } from 'vitest';
import type { ReportView } from '../../reports/report';
import type { ReportRepository } from '../../ports/report-repository';
import { immediateUnitOfWork } from '../../testing/in-memory-account-adapters';
import { airWith4k, recordedWorker, TEST_ORG, testAuth, testClock } from '../../testing/recorded-worker';
import { DeleteExam } from './delete-exam';
import { UpdateExamDetails } from './update-exam-details';

// Issue 14 (defect 3): correcting and removing exams, with in-memory adapters.
const ORG = TEST_ORG;
const auth = testAuth;
const clock = testClock;
const professionals = { findById: async () => ({ id: 'u-1', name: 'Dra. Ana Lima', professionalType: 'Medico', crm: '12345', crmState: 'SP' }) } as never;
const air = airWith4k;

/** Laudos by exam id; only what the guard reads. */
function reportsOf(rows: Array<{ examId: string; examDate: string; status: 'Draft' | 'Finalizado' }>): ReportRepository {
  const view = (r: (typeof rows)[number], i: number) => ({ report: { id: `r-${i}`, examId: r.examId, status: r.status, patientId: 'p' }, examDate: r.examDate }) as unknown as ReportView;
  return {
    findById: async () => undefined,
    findByIdForUpdate: async () => undefined,
    findByExam: async (_o, examId) => rows.map(view).find((v) => v.report.examId === examId),
    list: async () => ({ items: rows.map(view), total: rows.length }),
    save: async () => {},
    listVersions: async (_o, examId) => rows.map(view).filter((v) => v.report.examId === examId),
    hasFinalizedVersion: async (_o, examId) => rows.some((r) => r.examId === examId && r.status === 'Finalizado'),
    findByVerificationCode: async () => undefined,
    openAmendment: async () => {},
    discardAmendment: async () => {},
  };
}

async function worker(dates: Array<[string, number]>) {
  const w = await recordedWorker(dates);
  const stored = async (id: string) => (await w.s.exams.findById(ORG, id))!.exam;
  return { ...w, stored };
}

describe('UpdateExamDetails', () => {
  it('changes only the given fields and keeps the thresholds', async () => {
    const w = await worker([['2025-01-10', 15]]);
    const use = new UpdateExamDetails(w.s.exams, w.s.patients, reportsOf([]), immediateUnitOfWork, clock, w.professionals);
    const r = await use.execute(auth, w.exams[0].id, { operatorName: ' Dra. Carla ', observacoes: 'Gripe', meatoscopia: { od: 'Livre', oe: '' }, acousticRestHours: '16' });
    expect(r.ok).toBe(true);
    expect(await w.stored(w.exams[0].id)).toMatchObject({ operatorName: 'Dra. Carla', observacoes: 'Gripe', meatoscopia: { od: 'Livre', oe: null }, acousticRestHours: 16, date: '2025-01-10', right: w.exams[0].right });
  });

  it('reclassifies the whole history when the date moves an exam before the reference', async () => {
    const w = await worker([['2024-01-10', 15], ['2025-01-10', 45]]);
    expect((await w.stored(w.exams[1].id)).classification).toMatchObject({ reference_date: '2024-01-10', desencadeamento_right: true });
    const use = new UpdateExamDetails(w.s.exams, w.s.patients, reportsOf([]), immediateUnitOfWork, clock, w.professionals);
    expect((await use.execute(auth, w.exams[1].id, { date: '2023-06-01' })).ok).toBe(true);
    expect((await w.stored(w.exams[1].id)).classification).not.toHaveProperty('desencadeamento_right', true);
    expect((await w.stored(w.exams[0].id)).classification).toMatchObject({ reference_date: '2023-06-01' });
  });

  it('refuses bad values with every issue, and a change while its own laudo is finalised', async () => {
    const w = await worker([['2025-01-10', 15]]);
    const bad = await new UpdateExamDetails(w.s.exams, w.s.patients, reportsOf([]), immediateUnitOfWork, clock, w.professionals)
      .execute(auth, w.exams[0].id, { date: '2030-01-01', ambientNoiseDb: 'alto', mascaramento: 'x'.repeat(501) });
    expect(bad.ok || bad.error.issues?.map((i) => i.path)).toEqual(['date', 'ambientNoiseDb', 'mascaramento']);
    const locked = await new UpdateExamDetails(w.s.exams, w.s.patients, reportsOf([{ examId: w.exams[0].id, examDate: '2025-01-10', status: 'Finalizado' }]), immediateUnitOfWork, clock, w.professionals)
      .execute(auth, w.exams[0].id, { observacoes: 'x' });
    expect(locked).toMatchObject({ ok: false, error: { code: 'EXAM.LOCKED_CONFLICT' } });
  });
});

describe('DeleteExam', () => {
  const make = (w: Awaited<ReturnType<typeof worker>>, reports = reportsOf([])) =>
    new DeleteExam({ ...w.s, reports, deletions: w.s.deletions, professionals }, immediateUnitOfWork, w.ids, clock);

  it('removes the exam, records who, when, why and a snapshot, and reclassifies the rest', async () => {
    const w = await worker([['2023-01-10', 15], ['2024-01-10', 45], ['2025-01-10', 45]]);
    const r = await make(w).execute(auth, w.exams[0].id, '  Exame de outra pessoa  ');
    expect(r.ok).toBe(true);
    expect(await w.s.exams.findById(ORG, w.exams[0].id)).toBeUndefined();
    const [log] = await w.s.deletions.listForPatient(ORG, w.patient.id);
    expect(log).toMatchObject({ examId: w.exams[0].id, examDate: '2023-01-10', reason: 'Exame de outra pessoa', deletedByName: 'Dra. Ana Lima (CRM 12345/SP)', deletedAt: clock.now() });
    expect(log.snapshot).toMatchObject({ exam: { id: w.exams[0].id, date: '2023-01-10' }, files: [], draftReportId: null });
    expect((await w.stored(w.exams[2].id)).classification).toMatchObject({ reference_date: '2024-01-10' });
    expect((await w.stored(w.exams[1].id)).classification).not.toHaveProperty('desencadeamento_right', true);
  });

  it('needs a reason of 10–500 characters', async () => {
    const w = await worker([['2025-01-10', 15]]);
    for (const reason of ['curto', ' '.repeat(20), 'x'.repeat(501)]) {
      expect(await make(w).execute(auth, w.exams[0].id, reason)).toMatchObject({ ok: false, error: { code: 'EXAM.INVALID' } });
    }
    expect(await w.s.exams.findById(ORG, w.exams[0].id)).toBeDefined();
  });

  it('is refused while a finalised laudo of this exam, or of a later one, depends on it; a draft does not stop it', async () => {
    const w = await worker([['2024-01-10', 15], ['2025-01-10', 15]]);
    const later = reportsOf([{ examId: w.exams[1].id, examDate: '2025-01-10', status: 'Finalizado' }]);
    expect(await make(w, later).execute(auth, w.exams[0].id, 'Exame duplicado por engano')).toMatchObject({ ok: false, error: { code: 'EXAM.LOCKED_CONFLICT' } });
    const draft = reportsOf([{ examId: w.exams[0].id, examDate: '2024-01-10', status: 'Draft' }]);
    const r = await make(w, draft).execute(auth, w.exams[0].id, 'Exame duplicado por engano');
    expect(r.ok && r.value.snapshot.draftReportId).toBe('r-0');
  });
});

import { describe, expect, it } from 'vitest';
import type { AudiogramReading } from '../../audiogram/reading';
import type { ExamReading } from '../../ports/exam-reading-repository';
import { fixedClock, immediateUnitOfWork } from '../../testing/in-memory-account-adapters';
import { InMemoryExamReadingRepository } from '../../testing/in-memory-exam-reading-repository';
import { InMemoryReportRepository } from '../../testing/in-memory-report-repository';
import { InMemoryExamFileStore } from '../../testing/in-memory-exam-file-store';
import { InMemoryFileStorage } from '../../testing/in-memory-file-storage';
import { recordedWorker, TEST_ORG, testAuth } from '../../testing/recorded-worker';
import { DeleteExam } from './delete-exam';
import { ReadAudiogram } from './read-audiogram';
import { RecordExam } from './record-exam';
import { UploadExamFile } from './upload-exam-file';
import { ReviewExamReading } from './review-exam-reading';
import { UpdateExamAudiogram } from './update-exam-audiogram';
import { UpdateExamDetails } from './update-exam-details';

// Issue 18: every write to an exam names the member who made it, with name, registry and time.
const tecnico = { userId: 'u-2', organizationId: TEST_ORG, sessionId: 's-2', memberId: 'm-2', roles: ['tecnico'] as const };
const physician = { memberId: 'm-1', userId: 'u-1', name: 'Dra. Ana Lima', registry: 'CRM 12345/SP' };
const technician = { memberId: 'm-2', userId: 'u-2', name: 'Carlos Souza', registry: null };

const reading: AudiogramReading = {
  right: { air: { 500: 20, 1000: 25, 4000: 40 }, bone: {} }, left: { air: { 500: 15, 1000: 20, 4000: 35 }, bone: {} },
  pointConfidence: { right: { air: {}, bone: {} }, left: { air: {}, bone: {} } }, confidence: 'medium', source: 'pdf-text', observations: [],
};
const held = (id: string, examId: string, at: Date): ExamReading => ({
  id, organizationId: TEST_ORG, examId, fileId: null, fileName: `${id}.pdf`, reading, identity: { status: 'not_stated', matched: [], mismatched: [], stated: {} },
  reasons: ['confidence'], status: 'pending', createdAt: at, decidedAt: null, decidedBy: null, reviewedBy: null,
});

async function setUp() {
  const w = await recordedWorker([['2025-01-10', 15]]);
  const clock = fixedClock('2026-11-24T12:00:00Z');
  const reports = new InMemoryReportRepository();
  const stored = async () => (await w.s.exams.findById(TEST_ORG, w.exams[0].id))!.exam;
  return { ...w, clock, reports, stored, exam: w.exams[0] };
}

describe('exam attribution', () => {
  it('RecordExam names the recording member; corrections by another member set updatedBy and keep recordedBy', async () => {
    const w = await setUp();
    expect(w.exam.recordedBy).toEqual({ ...physician, at: '2026-11-24T12:00:00.000Z' });
    expect(await w.stored()).toMatchObject({ recordedBy: { ...physician, at: '2026-11-24T12:00:00.000Z' }, updatedBy: null, imported: false });

    w.clock.advance(60_000);
    const details = new UpdateExamDetails(w.s.exams, w.s.patients, w.reports, immediateUnitOfWork, w.clock, w.professionals);
    expect((await details.execute(tecnico, w.exam.id, { observacoes: 'Corrigido' })).ok).toBe(true);
    expect(await w.stored()).toMatchObject({ recordedBy: { ...physician, at: '2026-11-24T12:00:00.000Z' }, updatedBy: { ...technician, at: '2026-11-24T12:01:00.000Z' } });

    w.clock.advance(60_000);
    const thresholds = new UpdateExamAudiogram(w.s.exams, w.s.patients, w.reports, immediateUnitOfWork, w.clock, w.professionals);
    expect((await thresholds.execute(testAuth, w.exam.id, { air: { 4000: { re: 30, le: 30 } } })).ok).toBe(true);
    expect((await w.stored()).updatedBy).toEqual({ ...physician, at: '2026-11-24T12:02:00.000Z' });
  });

  it('applying a held reading names the reviewer on the reading, on the readings it supersedes and on the exam; discarding names who discarded', async () => {
    const w = await setUp();
    const readings = new InMemoryExamReadingRepository();
    await readings.save(held('r-1', w.exam.id, new Date('2026-11-24T11:00:00Z')));
    await readings.save(held('r-2', w.exam.id, new Date('2026-11-24T11:01:00Z')));
    const review = new ReviewExamReading(readings, w.s.exams, w.s.patients, w.reports, immediateUnitOfWork, w.clock, w.professionals);

    w.clock.advance(5 * 60_000);
    const applied = await review.apply(tecnico, w.exam.id, 'r-1');
    if (!applied.ok) throw applied.error;
    const by = { ...technician, at: '2026-11-24T12:05:00.000Z' };
    expect(applied.value.reading).toMatchObject({ status: 'applied', decidedBy: 'u-2', reviewedBy: by });
    expect(await readings.findById(TEST_ORG, 'r-2')).toMatchObject({ status: 'discarded', reviewedBy: by });
    expect(applied.value.exam.updatedBy).toEqual(by);
    expect(await w.stored()).toMatchObject({ updatedBy: by, recordedBy: { name: 'Dra. Ana Lima' } });

    await readings.save(held('r-3', w.exam.id, new Date('2026-11-24T12:06:00Z')));
    w.clock.advance(5 * 60_000);
    const discarded = await review.discard(testAuth, w.exam.id, 'r-3');
    expect(discarded).toMatchObject({ ok: true, value: { status: 'discarded', reviewedBy: { ...physician, at: '2026-11-24T12:10:00.000Z' } } });
    // a discard does not correct the exam: its last corrector stays
    expect((await w.stored()).updatedBy).toEqual(by);
  });

  it('a reading applied right at upload (an exam without thresholds, the worker\'s file, high confidence) names the uploading member', async () => {
    const w = await setUp();
    const paths = { date: 'date', ambientNoiseDb: 'a', calibrationDate: 'c', operatorName: 'o', operatorRegistration: 'r', acousticRestHours: 'h', audiogram: 'audiogram' };
    const empty = await new RecordExam(w.s.patients, w.manage, w.s.exams, immediateUnitOfWork, w.ids, w.clock, w.professionals).forPatient(testAuth, w.patient.id, { date: '2025-06-01' }, { strict: false, paths });
    if (!empty.ok) throw empty.error;
    const readings = new InMemoryExamReadingRepository();
    const upload = new UploadExamFile(w.s.exams, w.s.patients, new InMemoryExamFileStore(w.s.files), new InMemoryFileStorage(),
      new ReadAudiogram([{ name: 'pdf-text', read: async () => ({ status: 'read', reading: { ...reading, confidence: 'high', identity: { name: 'Ana Paula' } } }) }]),
      { enabled: false, available: async () => false, enqueue: async () => {} }, immediateUnitOfWork, w.ids, w.clock, readings, w.reports, w.professionals);
    w.clock.advance(60_000);
    const r = await upload.execute(tecnico, { examId: empty.value.id, fileName: 'audiometria.pdf', mediaType: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.7') });
    expect(r).toMatchObject({ ok: true, value: { analysisSucceeded: true, review: null } });
    expect((await w.s.exams.findById(TEST_ORG, empty.value.id))!.exam).toMatchObject({
      recordedBy: { ...physician, at: '2026-11-24T12:00:00.000Z' }, updatedBy: { ...technician, at: '2026-11-24T12:01:00.000Z' },
    });
  });

  it('DeleteExam records the member it was done under', async () => {
    const w = await setUp();
    const r = await new DeleteExam({ ...w.s, reports: w.reports, deletions: w.s.deletions, professionals: w.professionals }, immediateUnitOfWork, w.ids, w.clock)
      .execute(testAuth, w.exam.id, 'Exame duplicado por engano');
    expect(r).toMatchObject({ ok: true, value: { deletedBy: 'u-1', deletedByMemberId: 'm-1', deletedByName: 'Dra. Ana Lima (CRM 12345/SP)' } });
  });
});

import { describe, expect, it } from 'vitest';
import type { AudiogramReading } from '../../audiogram/reading';
import type { AudiogramReader } from '../../ports/audiogram-reader';
import type { ReadingJob } from '../../ports/file-storage';
import { fixedClock, immediateUnitOfWork, sequentialIds } from '../../testing/in-memory-account-adapters';
import { InMemoryExamFileStore } from '../../testing/in-memory-exam-file-store';
import { InMemoryExamReadingRepository } from '../../testing/in-memory-exam-reading-repository';
import { InMemoryFileStorage } from '../../testing/in-memory-file-storage';
import { inMemoryPatientExamStores } from '../../testing/in-memory-patient-exam-adapters';
import { InMemoryReportRepository } from '../../testing/in-memory-report-repository';
import { testProfessionals } from '../../testing/recorded-worker';
import { ManagePatients } from '../patients/manage-patients';
import { ReadAudiogram } from './read-audiogram';
import { RecordExam } from './record-exam';
import { UploadExamFile } from './upload-exam-file';

// Issue 17 item 4 over the in-memory adapters: the chart reader's reading is applied at once (high
// confidence, empty exam) and the slow reader's second opinion, queued by the upload, comes later.
const ORG = 'org-1';
const auth = { userId: 'u-1', organizationId: ORG, sessionId: 's-1', memberId: 'm-1', roles: ['administrador', 'medico'] as const };
const FREQS = [500, 1000, 2000, 3000, 4000, 6000, 8000];
const ear = (at1k: number) => ({ air: Object.fromEntries(FREQS.map((hz) => [hz, hz === 1000 ? at1k : 20])) });
const all = (c: 'high') => ({ air: Object.fromEntries(FREQS.map((hz) => [hz, c])), bone: {} });
const chartReading = (at1k: number, source = 'chart-image'): AudiogramReading => ({
  right: ear(at1k), left: ear(20), confidence: 'high', source, observations: [], pointConfidence: { right: all('high'), left: all('high') },
  positions: { right: { air: { 1000: { x: 0.3, y: 0.4 } }, bone: {} }, left: { air: {}, bone: {} } },
});
const reader = (name: string, reading: AudiogramReading | null): AudiogramReader => ({
  name, read: async () => (reading ? { status: 'read', reading } : { status: 'failed', reason: 'tempo esgotado' }),
});

async function setUp() {
  const s = inMemoryPatientExamStores();
  const clock = fixedClock('2026-11-25T12:00:00Z');
  const ids = sequentialIds('e');
  const manage = new ManagePatients(s.patients, s.companies, immediateUnitOfWork, ids, clock, testProfessionals());
  const p = await manage.register(auth, { name: 'Ana Paula Souza', age: 40, sex: 'F' });
  if (!p.ok) throw p.error;
  const exam = await new RecordExam(s.patients, manage, s.exams, immediateUnitOfWork, ids, clock, testProfessionals()).forPatient(auth, p.value.id, { date: '2025-01-10' }, {
    strict: false, paths: { date: 'date', ambientNoiseDb: 'a', calibrationDate: 'c', operatorName: 'o', operatorRegistration: 'r', acousticRestHours: 'h', audiogram: 'audiogram' },
  });
  if (!exam.ok) throw exam.error;
  const queued: ReadingJob[] = [];
  const held = new InMemoryExamReadingRepository();
  const use = new UploadExamFile(s.exams, s.patients, new InMemoryExamFileStore(s.files), new InMemoryFileStorage(), new ReadAudiogram([reader('chart-image', chartReading(40))]),
    { enabled: true, available: async () => true, enqueue: async (job) => void queued.push(job) }, immediateUnitOfWork, ids, clock, held, new InMemoryReportRepository(), testProfessionals());
  const r = await use.execute(auth, { examId: exam.value.id, fileName: 'grafico.png', mediaType: 'image/png', bytes: new Uint8Array([1, 2, 3]) });
  if (!r.ok) throw r.error;
  const stored = async () => (await s.exams.findById(ORG, exam.value.id))!.exam;
  return { use, queued, held, stored, examId: exam.value.id, fileId: r.value.file.id, upload: r.value };
}

describe('UploadExamFile: second opinion on an applied chart reading', () => {
  it('the upload applies the chart reading, notes the pending opinion and queues it', async () => {
    const { queued, stored, examId, fileId, upload } = await setUp();
    expect(upload.analysisSucceeded).toBe(true);
    expect(queued).toEqual([{ organizationId: ORG, examId, fileId, purpose: 'second-opinion' }]);
    const exam = await stored();
    expect(exam.right.air[1000]).toBe(40);
    expect(exam.ambienteJson).toMatchObject({ source: 'chart-image', fileId, secondOpinion: { status: 'pending', disagreements: [] }, positions: { right: { air: { 1000: { x: 0.3, y: 0.4 } } } } });
  });

  it('a disagreeing opinion holds the reading for the professional; the exam keeps the chart reader values', async () => {
    const { use, held, stored, examId, fileId } = await setUp();
    const outcome = await use.completeSlowReading(ORG, examId, fileId, new ReadAudiogram([reader('ollama:m', chartReading(60, 'ollama:m'))]), 'second-opinion');
    expect(outcome).toBe('disagreed');
    const exam = await stored();
    expect(exam.right.air[1000]).toBe(40);
    const [reading] = await held.listForExam(ORG, examId);
    expect(reading).toMatchObject({ status: 'pending', fileId, reasons: ['confidence'], reading: { source: 'chart-image', confidence: 'low', right: { air: { 1000: 40 } } } });
    expect(reading.reading.pointConfidence.right.air[1000]).toBe('low');
    expect(reading.reading.pointConfidence.right.air[500]).toBe('high');
    expect(reading.reading.secondOpinion?.disagreements).toEqual([{ ear: 'right', conduction: 'air', frequencyHz: 1000, primary: { value: 40, noResponse: false }, secondary: { value: 60, noResponse: false } }]);
    expect(exam.ambienteJson).toMatchObject({ confidence: 'low', secondOpinion: { status: 'disagreed' }, reviewPending: { readingId: reading.id, reasons: ['confidence'] } });
    expect(exam.ambienteJson?.attempts.map((a) => a.reader)).toEqual(['chart-image', 'ollama:m']);
  });

  it('an agreeing or failed opinion leaves the exam as applied, with the opinion noted', async () => {
    for (const [second, status] of [[chartReading(45, 'ollama:m'), 'agreed'], [null, 'failed']] as const) {
      const { use, held, stored, examId, fileId } = await setUp();
      expect(await use.completeSlowReading(ORG, examId, fileId, new ReadAudiogram([reader('ollama:m', second)]), 'second-opinion')).toBe(status);
      const exam = await stored();
      expect(exam.right.air[1000]).toBe(40);
      expect(exam.ambienteJson).toMatchObject({ confidence: 'high', secondOpinion: { status, disagreements: [] } });
      expect(exam.ambienteJson?.reviewPending).toBeUndefined();
      expect(await held.listForExam(ORG, examId)).toEqual([]);
    }
  });
});

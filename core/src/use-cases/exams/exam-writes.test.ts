import { beforeEach, describe, expect, it } from 'vitest';
import { noResponse } from '../../audiogram/threshold';
import type { AudiogramReading } from '../../audiogram/reading';
import { READING_FAILED_MESSAGE } from '../../audiogram/reading-note';
import { classifyPatientExams } from '../../exams/classify-exams';
import type { Exam } from '../../exams/exam';
import type { AudiogramReader } from '../../ports/audiogram-reader';
import type { Report } from '../../reports/report';
import { fixedClock, immediateUnitOfWork, sequentialIds } from '../../testing/in-memory-account-adapters';
import { InMemoryExamFileStore } from '../../testing/in-memory-exam-file-store';
import { InMemoryExamReadingRepository } from '../../testing/in-memory-exam-reading-repository';
import { InMemoryFileStorage } from '../../testing/in-memory-file-storage';
import { inMemoryPatientExamStores } from '../../testing/in-memory-patient-exam-adapters';
import { InMemoryReportRepository } from '../../testing/in-memory-report-repository';
import { testProfessionals } from '../../testing/recorded-worker';
import { ManagePatients } from '../patients/manage-patients';
import { ReadAudiogram } from './read-audiogram';
import { RecordExam, type RecordExamOptions } from './record-exam';
import { UpdateExamAudiogram } from './update-exam-audiogram';
import { UploadExamFile } from './upload-exam-file';

// Issue 16 item 1: the three use cases that write thresholds, over the in-memory adapters. Each must
// leave every stored classification equal to the one classification of the whole history.
const ORG = 'org-1';
const auth = { userId: 'u-1', organizationId: ORG, sessionId: 's-1', memberId: 'm-1', roles: ['administrador', 'medico'] as const };
const OPTIONS: RecordExamOptions = { strict: false, paths: { date: 'date', ambientNoiseDb: 'a', calibrationDate: 'c', operatorName: 'o', operatorRegistration: 'r', acousticRestHours: 'h', audiogram: 'audiogram' } };
/** Both ears alike: 10 dB everywhere but 4 kHz. */
const air = (t4k: number) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: hz === 4000 ? t4k : 10, le: hz === 4000 ? t4k : 10 }]));
const ear = (t4k: number) => ({ air: Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [hz, hz === 4000 ? t4k : 10])) });

let s: ReturnType<typeof inMemoryPatientExamStores>;
let clock: ReturnType<typeof fixedClock>;
let ids: ReturnType<typeof sequentialIds>;
let reports: InMemoryReportRepository;
let manage: ManagePatients;
let record: RecordExam;
let patientId: string;
/** Ids of the exams whose classification was saved by `saveClassifications`, call by call. */
let saved: string[][];

beforeEach(async () => {
  s = inMemoryPatientExamStores();
  clock = fixedClock('2026-11-25T12:00:00Z');
  ids = sequentialIds('e');
  reports = new InMemoryReportRepository();
  saved = [];
  const save = s.exams.saveClassifications.bind(s.exams);
  s.exams.saveClassifications = async (org, updates) => {
    saved.push(updates.map((u) => u.id));
    return save(org, updates);
  };
  manage = new ManagePatients(s.patients, s.companies, immediateUnitOfWork, ids, clock, testProfessionals());
  const p = await manage.register(auth, { name: 'Ana Paula Souza', age: 40, sex: 'F' });
  if (!p.ok) throw p.error;
  patientId = p.value.id;
  record = new RecordExam(s.patients, manage, s.exams, immediateUnitOfWork, ids, clock, testProfessionals());
});

async function recordOn(date: string, t4k: number): Promise<Exam> {
  clock.advance(1000);
  const r = await record.forPatient(auth, patientId, { date, air: air(t4k) }, OPTIONS);
  if (!r.ok) throw r.error;
  return r.value;
}
const stored = () => s.exams.listForPatient(ORG, patientId);
const classificationOf = async (id: string) => (await s.exams.findById(ORG, id))!.exam.classification;
/** Every stored exam carries the classification of the whole stored history (the one path). */
async function expectConsistent() {
  const history = await stored();
  expect(history.map((e) => e.classification)).toEqual(classifyPatientExams(history, { sex: 'F' }).map((e) => e.classification));
}

async function finalisedLaudo(exam: Exam) {
  const id = `r-${exam.id}`;
  await reports.save({
    id, organizationId: ORG, patientId: exam.patientId, examId: exam.id, doctorId: 'u-1', doctorName: 'Dra. Ana Lima', type: 'simple', status: 'Finalizado',
    consultationType: null, consultationReason: null, nexoAnswers: null, draftJson: '{}', pdfStorageKey: null, pdfSha256: null,
    createdAt: new Date(), updatedAt: new Date(), finalizedAt: new Date(),
    version: 1, supersedesId: null, supersededAt: null, amendmentReason: null, verificationCode: null, signatureKind: null,
  } satisfies Report);
  reports.describe(id, { patientName: 'Ana Paula Souza', patientCompany: null, examDate: exam.date });
}

describe('RecordExam', () => {
  it('classifies a new exam against the reference in force and stores it', async () => {
    const first = await recordOn('2024-01-10', 15);
    const second = await recordOn('2026-01-10', 45);
    expect(first.classification).toMatchObject({ exam_role: 'referencia', alerts: [] });
    expect(second.classification).toMatchObject({ exam_role: 'sequencial', reference_date: '2024-01-10', desencadeamento: true });
    expect(await classificationOf(second.id)).toEqual(second.classification);
    expect(saved).toEqual([]); // nothing after the newest exam
    await expectConsistent();
  });

  it('a back-dated exam takes the reference of the later exams, whose stored classification is refreshed; earlier ones are left alone', async () => {
    const first = await recordOn('2024-01-10', 15);
    const last = await recordOn('2026-01-10', 45);
    const middle = await recordOn('2025-01-10', 45);
    expect(middle.classification).toMatchObject({ reference_date: '2024-01-10', desencadeamento: true, new_reference_date: '2025-01-10' });
    expect(saved).toEqual([[last.id]]);
    expect(await classificationOf(last.id)).toMatchObject({ reference_date: '2025-01-10', reference_exam_id: middle.id, desencadeamento: false });
    expect(await classificationOf(first.id)).toEqual(first.classification);
    await expectConsistent();
  });

  it('refuses an archived worker and an invalid exam, storing nothing', async () => {
    expect((await record.forPatient(auth, patientId, { date: '2025-01-10', air: { 4000: { re: 42, le: 10 } } }, OPTIONS)).ok).toBe(false);
    await s.patients.setArchived(ORG, patientId, clock.now());
    expect(await record.forPatient(auth, patientId, { date: '2025-01-10', air: air(15) }, OPTIONS)).toMatchObject({ ok: false, error: { code: 'PATIENT.ARCHIVED_CONFLICT' } });
    expect(await stored()).toEqual([]);
  });
});

describe('UpdateExamAudiogram', () => {
  const update = () => new UpdateExamAudiogram(s.exams, s.patients, reports, immediateUnitOfWork, clock, testProfessionals());

  it('replaces the thresholds and reclassifies the exam and the later ones (a new reference moves them)', async () => {
    await recordOn('2024-01-10', 15);
    const middle = await recordOn('2025-01-10', 15);
    const last = await recordOn('2026-01-10', 45);
    expect(last.classification).toMatchObject({ reference_date: '2024-01-10', desencadeamento: true });
    saved = [];
    const r = await update().execute(auth, middle.id, { air: air(45) });
    expect(r).toMatchObject({ ok: true, value: { id: middle.id, right: ear(45), left: ear(45), classification: { desencadeamento: true, new_reference_date: '2025-01-10' } } });
    expect(saved).toEqual([[last.id]]);
    expect(await classificationOf(last.id)).toMatchObject({ reference_date: '2025-01-10', desencadeamento: false });
    await expectConsistent();
  });

  it('keeps a no-response with its level and refuses values off the grid, changing nothing', async () => {
    const exam = await recordOn('2025-01-10', 15);
    const nr = await update().execute(auth, exam.id, { air: { ...air(15), 4000: { re: { nr: 110 }, le: 15 } } });
    expect(nr.ok && nr.value.right.air[4000]).toEqual(noResponse(110));
    const before = await s.exams.findById(ORG, exam.id);
    expect(await update().execute(auth, exam.id, { air: { 4000: { re: 42, le: 10 } } })).toMatchObject({ ok: false, error: { code: 'EXAM.INVALID' } });
    expect(await s.exams.findById(ORG, exam.id)).toEqual(before);
  });

  it('refuses an exam a later finalised laudo depends on (editable guard), and an unknown exam', async () => {
    const first = await recordOn('2024-01-10', 15);
    const last = await recordOn('2025-01-10', 20);
    await finalisedLaudo(last);
    const before = await stored();
    expect(await update().execute(auth, first.id, { air: air(60) })).toMatchObject({ ok: false, error: { code: 'EXAM.LOCKED_CONFLICT' } });
    expect(await update().execute(auth, 'nope', { air: air(60) })).toMatchObject({ ok: false, error: { code: 'EXAM.NOT_FOUND' } });
    expect(await stored()).toEqual(before);
  });
});

describe('UploadExamFile (applying a reading)', () => {
  const readings = () => new InMemoryExamReadingRepository();
  const reading = (t4k: number, confidence: AudiogramReading['confidence'] = 'high', name = 'Ana Paula Souza'): AudiogramReading => ({
    right: ear(t4k), left: ear(t4k), confidence, source: 'pdf-text', observations: ['lido do PDF'], identity: { name },
    pointConfidence: { right: { air: { 4000: confidence }, bone: {} }, left: { air: {}, bone: {} } },
  });
  const readerOf = (outcome: Awaited<ReturnType<AudiogramReader['read']>>): AudiogramReader => ({ name: 'pdf-text', read: async () => outcome });
  function upload(reader: AudiogramReader, held = readings()) {
    const storage = new InMemoryFileStorage();
    const use = new UploadExamFile(s.exams, s.patients, new InMemoryExamFileStore(s.files), storage, new ReadAudiogram([reader]),
      { enabled: false, available: async () => false, enqueue: async () => {} }, immediateUnitOfWork, ids, clock, held, reports, testProfessionals());
    return { use, storage, held };
  }
  const file = (examId: string, fileName = 'audiometria.pdf') => ({ examId, fileName, mediaType: 'application/pdf' as const, bytes: new TextEncoder().encode('%PDF-1.7') });
  async function emptyExam(date: string) {
    clock.advance(1000);
    const r = await record.forPatient(auth, patientId, { date }, OPTIONS);
    if (!r.ok) throw r.error;
    return r.value;
  }

  it('a high-confidence reading of the worker fills an empty exam, notes how, and reclassifies the later exams', async () => {
    await recordOn('2024-01-10', 15);
    const middle = await emptyExam('2025-01-10');
    const last = await recordOn('2026-01-10', 45);
    expect(last.classification).toMatchObject({ reference_date: '2024-01-10', desencadeamento: true });
    saved = [];
    const r = await upload(readerOf({ status: 'read', reading: reading(45) })).use.execute(auth, file(middle.id));
    expect(r).toMatchObject({ ok: true, value: { analysisSucceeded: true, review: null, confidence: 'high' } });
    const exam = (await s.exams.findById(ORG, middle.id))!.exam;
    expect(exam.right).toEqual(ear(45));
    expect(exam.ambienteJson).toEqual({
      extractedAt: clock.now().toISOString(), extractedFrom: 'audiometria.pdf', attempts: [{ reader: 'pdf-text', status: 'read' }], confidence: 'high', source: 'pdf-text',
      pointConfidence: reading(45).pointConfidence, observations: ['lido do PDF', 'pdf-text: leitura concluída'],
    });
    expect(exam.classification).toMatchObject({ desencadeamento: true, new_reference_date: '2025-01-10' });
    expect(saved).toEqual([[last.id]]);
    expect(await classificationOf(last.id)).toMatchObject({ reference_date: '2025-01-10', desencadeamento: false });
    await expectConsistent();
  });

  it('holds a reading for an exam that has thresholds: nothing changes but the note, which points to the held reading', async () => {
    const exam = await recordOn('2025-01-10', 15);
    const { use, held } = upload(readerOf({ status: 'read', reading: reading(45) }));
    const r = await use.execute(auth, file(exam.id, 'outro.pdf'));
    expect(r.ok && r.value.review?.reasons).toEqual(['existing_thresholds']);
    const after = (await s.exams.findById(ORG, exam.id))!.exam;
    expect({ right: after.right, classification: after.classification }).toEqual({ right: exam.right, classification: exam.classification });
    expect(after.ambienteJson).toEqual({ confidence: 'unknown', observations: [], attempts: [{ reader: 'pdf-text', status: 'read' }], reviewPending: { readingId: held.rows[0].id, fileName: 'outro.pdf', reasons: ['existing_thresholds'] } });
    expect(held.rows.map((x) => x.status)).toEqual(['pending']);
  });

  it('a file no reader can read leaves the exam for manual entry', async () => {
    const exam = await emptyExam('2025-01-10');
    const r = await upload(readerOf({ status: 'not_applicable', reason: 'PDF sem texto' })).use.execute(auth, file(exam.id));
    expect(r).toMatchObject({ ok: true, value: { analysisSucceeded: false, analysisPending: false } });
    expect((await s.exams.findById(ORG, exam.id))!.exam.ambienteJson).toMatchObject({ confidence: 'unknown', analysisFailed: true, analysisError: READING_FAILED_MESSAGE, observations: ['pdf-text: não se aplica — PDF sem texto'] });
  });

  it('refuses an exam a finalised laudo depends on (editable guard) before storing the file', async () => {
    const exam = await emptyExam('2025-01-10');
    const later = await recordOn('2026-01-10', 15);
    await finalisedLaudo(later);
    const before = await stored();
    const locked = upload(readerOf({ status: 'read', reading: reading(45) }));
    expect(await locked.use.execute(auth, file(exam.id))).toMatchObject({ ok: false, error: { code: 'EXAM.LOCKED_CONFLICT' } });
    expect(locked.storage.files.size).toBe(0);
    expect(s.files.rows).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it("refuses an archived worker's exam before storing the file", async () => {
    const exam = await emptyExam('2025-01-10');
    await s.patients.setArchived(ORG, patientId, clock.now());
    const archived = upload(readerOf({ status: 'read', reading: reading(45) }));
    expect(await archived.use.execute(auth, file(exam.id))).toMatchObject({ ok: false, error: { code: 'PATIENT.ARCHIVED_CONFLICT' } });
    expect(archived.storage.files.size).toBe(0);
    expect((await s.exams.findById(ORG, exam.id))!.exam).toEqual(exam);
  });
});

import type { AudiogramReading } from '../../audiogram/reading';
import { hasAirThresholds, type Exam } from '../../exams/exam';
import { ExamNotFoundError } from '../../exams/exam-errors';
import { classifyPatientExams } from '../../exams/classify-exams';
import type { AudiogramMediaType, AudiogramReader } from '../../ports/audiogram-reader';
import type { Clock } from '../../ports/clock';
import type { AudiogramReadingQueue, FileStorage } from '../../ports/file-storage';
import type { IdGenerator } from '../../ports/id-generator';
import type { ExamFile, ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';
import { describeAttempts, ReadAudiogram, type ReaderAttempt } from './read-audiogram';

/** Writes exam_file rows (the list side is ExamFileRepository). */
export interface ExamFileStore {
  insert(file: ExamFile & { organizationId: string; storageKey: string; sha256: string; uploadedBy: string }): Promise<void>;
  findById(organizationId: string, id: string): Promise<(ExamFile & { storageKey: string }) | undefined>;
}

export interface UploadOutcome {
  file: ExamFile;
  /** True when thresholds were read (spec §3); false when every reader failed or a job is pending. */
  analysisSucceeded: boolean;
  /** True while a slow reader (vision model) job is still to run: the status panel polls the exam. */
  analysisPending: boolean;
  confidence: AudiogramReading['confidence'] | null;
  attempts: readonly ReaderAttempt[];
}

/** The JSON kept in `exam.ambienteJson` (spec §3): how the audiogram was obtained. */
export function ambienteJsonFor(result: { reading?: AudiogramReading; attempts: readonly ReaderAttempt[]; fileName: string; at: Date; pending?: boolean }): string {
  const base = { extractedAt: result.at.toISOString(), extractedFrom: result.fileName, attempts: result.attempts };
  if (result.reading) {
    return JSON.stringify({ ...base, confidence: result.reading.confidence, source: result.reading.source, pointConfidence: result.reading.pointConfidence,
      observations: [...result.reading.observations, ...describeAttempts(result.attempts)] });
  }
  if (result.pending) return JSON.stringify({ ...base, confidence: 'unknown', analysisPending: true, observations: describeAttempts(result.attempts) });
  return JSON.stringify({ ...base, confidence: 'unknown', analysisFailed: true, analysisError: 'A análise automática falhou. Por favor, preencha os dados manualmente',
    observations: describeAttempts(result.attempts) });
}

/**
 * Upload of an exam file (spec §2 step 4, §3, §5): the file is stored (encrypted), then read by the
 * fast readers (PDF text layer) right away; when they fail and a slow reader is configured, a job
 * is queued and the exam polls as pending. A reading fills an exam that has no thresholds yet and
 * re-runs the classification; an exam that already has thresholds keeps them (the reading is noted).
 */
export class UploadExamFile {
  constructor(
    private readonly exams: ExamRepository,
    private readonly patients: PatientRepository,
    private readonly files: ExamFileStore,
    private readonly storage: FileStorage,
    private readonly fastReaders: ReadAudiogram,
    private readonly slowQueue: AudiogramReadingQueue,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(auth: AuthContext, input: { examId: string; fileName: string; mediaType: AudiogramMediaType; bytes: Uint8Array }): Promise<Result<UploadOutcome, ExamNotFoundError>> {
    const view = await this.exams.findById(auth.organizationId, input.examId);
    if (!view) return err(new ExamNotFoundError());
    const stored = await this.storage.put(auth.organizationId, input.bytes);
    const file: ExamFile = { id: this.ids.next(), examId: input.examId, fileName: input.fileName, mediaType: input.mediaType, sizeBytes: input.bytes.byteLength, createdAt: this.clock.now() };
    try {
      await this.files.insert({ ...file, organizationId: auth.organizationId, storageKey: stored.key, sha256: stored.sha256, uploadedBy: auth.userId });
    } catch (error) {
      await this.storage.delete(stored.key); // no orphan file when the row could not be written
      throw error;
    }
    const read = await this.fastReaders.execute({ bytes: input.bytes, mediaType: input.mediaType, fileName: input.fileName });
    const at = this.clock.now();
    if (read.status === 'read') {
      await this.applyReading(auth, view.exam, read.reading, ambienteJsonFor({ reading: read.reading, attempts: read.attempts, fileName: input.fileName, at }));
      return ok({ file, analysisSucceeded: true, analysisPending: false, confidence: read.reading.confidence, attempts: read.attempts });
    }
    const pending = this.slowQueue.enabled && (await this.slowQueue.available());
    await this.exams.update({ ...view.exam, ambienteJson: ambienteJsonFor({ attempts: read.attempts, fileName: input.fileName, at, pending }), updatedAt: at });
    if (pending) await this.slowQueue.enqueue({ organizationId: auth.organizationId, examId: input.examId, fileId: file.id });
    return ok({ file, analysisSucceeded: false, analysisPending: pending, confidence: null, attempts: read.attempts });
  }

  /** The queued job's end: a slow reader's outcome for a stored file. */
  async completeSlowReading(organizationId: string, examId: string, fileId: string, readers: ReadAudiogram): Promise<'read' | 'failed' | 'gone'> {
    const view = await this.exams.findById(organizationId, examId);
    const stored = await this.files.findById(organizationId, fileId);
    if (!view || !stored) return 'gone';
    const bytes = await this.storage.read(stored.storageKey);
    const read = await readers.execute({ bytes, mediaType: stored.mediaType as AudiogramMediaType, fileName: stored.fileName });
    const at = this.clock.now();
    const previous = safeAttempts(view.exam.ambienteJson);
    const attempts = [...previous, ...read.attempts];
    if (read.status === 'read') {
      await this.applyReading({ organizationId }, view.exam, read.reading, ambienteJsonFor({ reading: read.reading, attempts, fileName: stored.fileName, at }));
      return 'read';
    }
    await this.exams.update({ ...view.exam, ambienteJson: ambienteJsonFor({ attempts, fileName: stored.fileName, at }), updatedAt: at });
    return 'failed';
  }

  private async applyReading(auth: Pick<AuthContext, 'organizationId'>, exam: Exam, reading: AudiogramReading, ambienteJson: string) {
    await this.uow.run(async () => {
      if (hasAirThresholds(exam)) {
        const note = JSON.parse(ambienteJson);
        note.observations = [...note.observations, 'O exame já tinha limiares registrados; a leitura não os substituiu (use a grade de revisão para aplicá-la).'];
        note.reading = { right: reading.right, left: reading.left };
        await this.exams.update({ ...exam, ambienteJson: JSON.stringify(note), updatedAt: this.clock.now() });
        return;
      }
      const patient = await this.patients.findById(auth.organizationId, exam.patientId);
      const updated: Exam = { ...exam, right: reading.right, left: reading.left, ambienteJson, updatedAt: this.clock.now() };
      const history = (await this.exams.listForPatient(auth.organizationId, exam.patientId)).map((e) => (e.id === exam.id ? updated : e));
      const classified = classifyPatientExams(history, { sex: patient?.sex });
      await this.exams.update(classified.find((e) => e.id === exam.id)!);
      const later = classified.filter((e) => e.id !== exam.id && e.date >= exam.date);
      if (later.length) await this.exams.saveClassifications(auth.organizationId, later);
    });
  }
}

function safeAttempts(json: string | null): ReaderAttempt[] {
  try {
    return json ? (JSON.parse(json).attempts ?? []) : [];
  } catch {
    return [];
  }
}

export type { AudiogramReader };

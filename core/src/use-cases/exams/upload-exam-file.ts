import { attribute, type Attribution } from '../../accounts/attribution';
import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { checkReadingIdentity, readingNeedsReview, type IdentityCheck, type ReadingReviewReason } from '../../audiogram/identity-check';
import type { AudiogramReading, SecondOpinion } from '../../audiogram/reading';
import { describeAttempts, heldReadingNote, readingNoteFor, type ReaderAttempt, type ReadingNote, type ReviewPendingNote } from '../../audiogram/reading-note';
import { secondOpinionOf, withSecondOpinion } from '../../audiogram/second-opinion';
import { hasAirThresholds, type Exam } from '../../exams/exam';
import { ExamNotFoundError, type ExamLockedByFinalizedReportError } from '../../exams/exam-errors';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { AudiogramMediaType, AudiogramReader } from '../../ports/audiogram-reader';
import type { Clock } from '../../ports/clock';
import type { ExamFileStore } from '../../ports/exam-file-store';
import type { ExamReading, ExamReadingRepository } from '../../ports/exam-reading-repository';
import type { AudiogramReadingQueue, FileStorage, ReadingJob } from '../../ports/file-storage';
import type { IdGenerator } from '../../ports/id-generator';
import type { ExamFile, ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { ReportRepository } from '../../ports/report-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { DomainError } from '../../shared/domain-error';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';
import { assertExamEditable } from './finalized-report-guard';
import { reclassifyFrom } from './reclassify-history';
import { ReadAudiogram } from './read-audiogram';

/** No file is uploaded to an archived worker's exam (issue 14). */
export class UploadPatientArchivedError extends DomainError {
  readonly code = 'PATIENT.ARCHIVED_CONFLICT';
  constructor() {
    super('Trabalhador arquivado: restaure-o para enviar arquivos de exame.');
  }
}

export interface UploadOutcome {
  file: ExamFile;
  /** True when thresholds were read and applied (spec §3); false when every reader failed, a job is pending or the reading waits for review. */
  analysisSucceeded: boolean;
  /** Set when thresholds were read but wait for the professional (another person's file, not high confidence, exam already filled). */
  review: { readingId: string; reasons: readonly ReadingReviewReason[]; identity: IdentityCheck } | null;
  /** True while a slow reader (vision model) job is still to run: the status panel polls the exam. */
  analysisPending: boolean;
  confidence: AudiogramReading['confidence'] | null;
  attempts: readonly ReaderAttempt[];
}

/**
 * Upload of an exam file (spec §2 step 4, §3, §5): the file is stored (encrypted), then read by the
 * fast readers (PDF text layer) right away; when they fail and a slow reader is configured, a job
 * is queued and the exam polls as pending. A reading of the worker (identity checked), of high
 * confidence, fills an exam that has no thresholds yet and re-runs the classification; any other
 * reading waits as a pending ExamReading for the professional (ReviewExamReading), and the exam keeps
 * its thresholds and classification until then (issue 14).
 */
export class UploadExamFile {
  constructor(
    readonly exams: ExamRepository,
    readonly patients: PatientRepository,
    private readonly files: ExamFileStore,
    private readonly storage: FileStorage,
    private readonly fastReaders: ReadAudiogram,
    private readonly slowQueue: AudiogramReadingQueue,
    readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    readonly clock: Clock,
    private readonly readings: ExamReadingRepository,
    private readonly reports: ReportRepository,
    /** A reading applied right away at upload is attributed to the uploading member (`updatedBy`, issue 18). */
    private readonly professionals: ProfessionalRepository,
  ) {}

  async execute(auth: AuthContext, input: { examId: string; fileName: string; mediaType: AudiogramMediaType; bytes: Uint8Array }): Promise<Result<UploadOutcome, ExamNotFoundError | UploadPatientArchivedError | ExamLockedByFinalizedReportError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'exams.write');
    if (!allowed.ok) return allowed;
    const view = await this.exams.findById(auth.organizationId, input.examId);
    if (!view) return err(new ExamNotFoundError());
    const editable = await assertExamEditable(this.reports, view.exam, 'receber arquivos', true);
    if (!editable.ok) return editable;
    // an archived worker's records are kept as they are: nothing is stored or read into them (issue 14)
    if ((await this.patients.findById(auth.organizationId, view.exam.patientId))?.archivedAt) return err(new UploadPatientArchivedError());
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
      // a picture read by the chart reader gets the slow reader's second opinion when one answers (issue 17 item 4)
      const picture = input.mediaType !== 'application/pdf' || read.reading.positions !== undefined;
      const secondOpinion = picture && this.slowQueue.enabled && (await this.slowQueue.available());
      const reading: AudiogramReading = secondOpinion ? { ...read.reading, secondOpinion: { status: 'pending', disagreements: [] } } : read.reading;
      const review = await this.settleReading(auth.organizationId, view.exam, reading, read.attempts, file, at, await attribute(this.professionals, auth, at));
      if (secondOpinion) await this.slowQueue.enqueue({ organizationId: auth.organizationId, examId: input.examId, fileId: file.id, purpose: 'second-opinion' });
      return ok({ file, analysisSucceeded: review === null, analysisPending: false, review, confidence: read.reading.confidence, attempts: read.attempts });
    }
    const pending = this.slowQueue.enabled && (await this.slowQueue.available());
    await this.exams.update({ ...view.exam, ambienteJson: readingNoteFor({ attempts: read.attempts, fileName: input.fileName, at, pending }), updatedAt: at });
    if (pending) await this.slowQueue.enqueue({ organizationId: auth.organizationId, examId: input.examId, fileId: file.id });
    return ok({ file, analysisSucceeded: false, analysisPending: pending, review: null, confidence: null, attempts: read.attempts });
  }

  /** The queued job's end: a slow reader's outcome for a stored file (or its second opinion, `purpose`). */
  async completeSlowReading(organizationId: string, examId: string, fileId: string, readers: ReadAudiogram, purpose?: ReadingJob['purpose']): Promise<'read' | 'review' | 'failed' | 'gone' | 'agreed' | 'disagreed'> {
    const view = await this.exams.findById(organizationId, examId);
    const stored = await this.files.findById(organizationId, fileId);
    if (!view || !stored) return 'gone';
    const bytes = await this.storage.read(stored.storageKey);
    const read = await readers.execute({ bytes, mediaType: stored.mediaType as AudiogramMediaType, fileName: stored.fileName });
    if (purpose === 'second-opinion') return this.settleSecondOpinion(organizationId, view.exam, stored, read);
    const at = this.clock.now();
    const attempts = [...(view.exam.ambienteJson?.attempts ?? []), ...read.attempts];
    if (read.status === 'read') {
      const review = await this.settleReading(organizationId, view.exam, read.reading, attempts, stored, at);
      return review ? 'review' : 'read';
    }
    await this.exams.update({ ...view.exam, ambienteJson: readingNoteFor({ attempts, fileName: stored.fileName, at }), updatedAt: at });
    return 'failed';
  }

  /**
   * The slow reader's second opinion on a picture the fast readers read: compared point by point
   * with that first reading, which stays (held, or already in the exam). Points differing by more
   * than 5 dB become low confidence with both values kept; a first reading already applied is then
   * held for the professional too (its values stay in the exam until they decide). A failed slow
   * reading leaves the first reading as it was, with an observation.
   */
  private async settleSecondOpinion(organizationId: string, exam: Exam, file: Pick<ExamFile, 'id' | 'fileName'>, read: Awaited<ReturnType<ReadAudiogram['execute']>>): Promise<'agreed' | 'disagreed' | 'failed' | 'gone'> {
    const at = this.clock.now();
    const note = exam.ambienteJson;
    const attempts = [...(note?.attempts ?? []), ...read.attempts];
    const opinionOf = (primary: Pick<AudiogramReading, 'right' | 'left'>): SecondOpinion =>
      read.status === 'read'
        ? secondOpinionOf(primary, read.reading)
        : { status: 'failed', source: read.attempts.at(-1)?.reader, disagreements: [], reason: describeAttempts(read.attempts).join('; ') };
    const held = (await this.readings.listForExam(organizationId, exam.id)).find((r) => r.fileId === file.id && r.status === 'pending' && r.reading.secondOpinion?.status === 'pending');
    if (held) {
      const opinion = opinionOf(held.reading);
      const reading = withSecondOpinion(held.reading, opinion);
      const reasons = opinion.status === 'disagreed' && !held.reasons.includes('confidence') ? [...held.reasons, 'confidence' as const] : held.reasons;
      const pointsHere = note?.reviewPending?.readingId === held.id;
      const examNote = !pointsHere || !note ? note : hasAirThresholds(exam)
        ? { ...note, attempts, reviewPending: { ...note.reviewPending!, reasons } }
        : { ...readingNoteFor({ reading, attempts, fileName: file.fileName, fileId: file.id, at: held.createdAt }), reviewPending: { ...note.reviewPending!, reasons } };
      await this.uow.run(async () => {
        await this.readings.save({ ...held, reading, reasons });
        await this.exams.update({ ...exam, ambienteJson: examNote, updatedAt: at });
      });
      return opinion.status === 'pending' ? 'failed' : opinion.status;
    }
    // the first reading went into the exam: its values are the exam's, its note the exam's note
    if (!note || note.extractedFrom !== file.fileName || note.secondOpinion?.status !== 'pending' || !note.source || !note.pointConfidence) return 'gone';
    const opinion = opinionOf(exam);
    const updated = withSecondOpinion({ ...note, attempts }, opinion);
    if (opinion.status !== 'disagreed') {
      await this.exams.update({ ...exam, ambienteJson: updated, updatedAt: at });
      return opinion.status === 'pending' ? 'failed' : opinion.status;
    }
    const reading: AudiogramReading = {
      right: exam.right, left: exam.left, pointConfidence: updated.pointConfidence!, confidence: 'low', source: note.source,
      observations: [updated.observations.at(-1)!], ...(note.positions ? { positions: note.positions } : {}), secondOpinion: opinion,
    };
    const patient = await this.patients.findById(organizationId, exam.patientId);
    const identity = checkReadingIdentity(undefined, { name: patient?.name ?? '', cpf: patient?.cpf ?? null, birthDate: patient?.birthDate ?? null });
    const again: ExamReading = {
      id: this.ids.next(), organizationId, examId: exam.id, fileId: file.id, fileName: file.fileName, reading, identity, reasons: ['confidence'],
      status: 'pending', createdAt: at, decidedAt: null, decidedBy: null, reviewedBy: null,
    };
    await this.uow.run(async () => {
      await this.readings.save(again);
      await this.exams.update({ ...exam, ambienteJson: { ...updated, reviewPending: { readingId: again.id, fileName: file.fileName, reasons: again.reasons } }, updatedAt: at });
    });
    return 'disagreed';
  }

  /**
   * A reading of the worker, of high confidence, for an exam without thresholds is applied now
   * (reclassifying the exam); any other waits as a pending ExamReading until the professional
   * applies or discards it, and the exam is left as it was except for its note (`heldReadingNote`).
   */
  private async settleReading(organizationId: string, exam: Exam, reading: AudiogramReading, attempts: readonly ReaderAttempt[], file: Pick<ExamFile, 'id' | 'fileName'>, at: Date, uploader?: Attribution) {
    const patient = await this.patients.findById(organizationId, exam.patientId);
    const identity = checkReadingIdentity(reading.identity, { name: patient?.name ?? '', cpf: patient?.cpf ?? null, birthDate: patient?.birthDate ?? null });
    const reasons = readingNeedsReview({ confidence: reading.confidence, identity, examHasThresholds: hasAirThresholds(exam) });
    const note = readingNoteFor({ reading, attempts, fileName: file.fileName, fileId: file.id, at });
    if (!reasons.length) {
      // the uploading member when read at upload; a slow reader's job names no one (the exam keeps its last)
      await applyReadingToExam(this, exam, reading, note, uploader);
      return null;
    }
    const held: ExamReading = {
      id: this.ids.next(), organizationId, examId: exam.id, fileId: file.id, fileName: file.fileName, reading, identity, reasons,
      status: 'pending', createdAt: at, decidedAt: null, decidedBy: null, reviewedBy: null,
    };
    const reviewPending: ReviewPendingNote = { readingId: held.id, fileName: file.fileName, reasons };
    await this.uow.run(async () => {
      await this.readings.save(held);
      await this.exams.update({ ...exam, ambienteJson: heldReadingNote(exam.ambienteJson, note, hasAirThresholds(exam), reviewPending), updatedAt: at });
    });
    return { readingId: held.id, reasons, identity };
  }
}

/**
 * Writes a reading's thresholds into the exam and reclassifies it and the worker's later exams, in
 * one transaction (the upload of a matching reading, or the professional confirming a held one).
 */
export async function applyReadingToExam(
  deps: { exams: ExamRepository; patients: PatientRepository; uow: UnitOfWork; clock: Clock },
  exam: Exam,
  reading: Pick<AudiogramReading, 'right' | 'left'>,
  note: ReadingNote,
  /** Who confirmed the reading (a held one applied by a member, issue 18); absent: the exam's `updatedBy` is kept. */
  updatedBy?: Attribution,
): Promise<Exam> {
  return deps.uow.run(() => reclassifyFrom(deps, { ...exam, right: reading.right, left: reading.left, ambienteJson: note, ...(updatedBy ? { updatedBy } : {}), updatedAt: deps.clock.now() }));
}

export type { AudiogramReader };

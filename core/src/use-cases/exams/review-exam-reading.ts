import { attribute } from '../../accounts/attribution';
import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { IdentityCheck } from '../../audiogram/identity-check';
import { hasAirThresholds, type Exam } from '../../exams/exam';
import { ExamNotFoundError, type ExamLockedByFinalizedReportError } from '../../exams/exam-errors';
import type { Clock } from '../../ports/clock';
import type { ExamReading, ExamReadingRepository } from '../../ports/exam-reading-repository';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { ReportRepository } from '../../ports/report-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { DomainError } from '../../shared/domain-error';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';
import { assertExamEditable } from './finalized-report-guard';
import { discardedReadingNote, readingNoteFor, reviewedReadingNote } from '../../audiogram/reading-note';
import { applyReadingToExam } from './upload-exam-file';

export class ExamReadingNotFoundError extends DomainError {
  readonly code = 'EXAM_READING.NOT_FOUND';
  constructor() {
    super('Leitura não encontrada');
  }
}

export class ExamReadingAlreadyDecidedError extends DomainError {
  readonly code = 'EXAM_READING.ALREADY_DECIDED';
  constructor(status: string) {
    super(status === 'applied' ? 'Esta leitura já foi aplicada ao exame.' : 'Esta leitura já foi descartada.');
  }
}

/** A reading with the worker it was compared with (the review grid says whose file it is). */
export interface ExamReadingView extends ExamReading {
  worker: { name: string; cpf: string | null; birthDate: string | null };
}

type ReviewError = ExamNotFoundError | ExamReadingNotFoundError | ExamReadingAlreadyDecidedError;

/**
 * The professional's decision on a held reading (issue 14): list the exam's readings, apply one
 * (its thresholds replace the exam's, the exam and later ones are reclassified; other pending
 * readings of the exam are discarded) or discard it. Nothing reaches the exam before `apply`.
 */
export class ReviewExamReading {
  constructor(
    private readonly readings: ExamReadingRepository,
    private readonly exams: ExamRepository,
    private readonly patients: PatientRepository,
    private readonly reports: ReportRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    /** Who applied or discarded a reading is attributed on it and on the exam (issue 18). */
    private readonly professionals: ProfessionalRepository,
  ) {}

  async list(auth: AuthContext, examId: string): Promise<Result<ExamReadingView[], ExamNotFoundError>> {
    const view = await this.exams.findById(auth.organizationId, examId);
    if (!view) return err(new ExamNotFoundError());
    const worker = await this.workerOf(auth.organizationId, view.exam);
    return ok((await this.readings.listForExam(auth.organizationId, examId)).map((r) => ({ ...r, worker })));
  }

  async apply(auth: AuthContext, examId: string, readingId: string): Promise<Result<{ reading: ExamReadingView; exam: Exam }, ReviewError | ExamLockedByFinalizedReportError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'exams.write');
    if (!allowed.ok) return allowed;
    const found = await this.pending(auth, examId, readingId);
    if (!found.ok) return found;
    const { exam, reading } = found.value;
    const editable = await assertExamEditable(this.reports, exam, 'alterado', true);
    if (!editable.ok) return editable;
    const at = this.clock.now();
    const reviewedBy = await attribute(this.professionals, auth, at);
    const read = readingNoteFor({ reading: reading.reading, attempts: exam.ambienteJson?.attempts ?? [], fileName: reading.fileName, fileId: reading.fileId, at: reading.createdAt });
    const applied = reviewedReadingNote(read, { observations: reviewObservations(reading.identity, reading.reasons.includes('existing_thresholds') && hasAirThresholds(exam)), by: auth.userId, at });
    const decided: ExamReading = { ...reading, status: 'applied', decidedAt: at, decidedBy: auth.userId, reviewedBy };
    const updated = await this.uow.run(async () => {
      const result = await applyReadingToExam({ exams: this.exams, patients: this.patients, uow: passThrough, clock: this.clock }, exam, reading.reading, applied, reviewedBy);
      await this.readings.save(decided);
      for (const other of await this.readings.listForExam(auth.organizationId, examId)) {
        if (other.id !== reading.id && other.status === 'pending') await this.readings.save({ ...other, status: 'discarded', decidedAt: at, decidedBy: auth.userId, reviewedBy });
      }
      return result;
    });
    return ok({ reading: { ...decided, worker: await this.workerOf(auth.organizationId, exam) }, exam: updated });
  }

  async discard(auth: AuthContext, examId: string, readingId: string): Promise<Result<ExamReadingView, ReviewError | ExamLockedByFinalizedReportError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'exams.write');
    if (!allowed.ok) return allowed;
    const found = await this.pending(auth, examId, readingId);
    if (!found.ok) return found;
    const { exam, reading } = found.value;
    // the decision is written into the exam's record (its reading note): read-only under a finalised laudo (issue 20)
    const editable = await assertExamEditable(this.reports, exam, 'alterado', false);
    if (!editable.ok) return editable;
    const at = this.clock.now();
    const decided: ExamReading = { ...reading, status: 'discarded', decidedAt: at, decidedBy: auth.userId, reviewedBy: await attribute(this.professionals, auth, at) };
    const ambienteJson = discardedReadingNote(exam.ambienteJson, reading.id, reading.fileName, hasAirThresholds(exam));
    await this.uow.run(async () => {
      await this.readings.save(decided);
      await this.exams.update({ ...exam, ambienteJson, updatedAt: at });
    });
    return ok({ ...decided, worker: await this.workerOf(auth.organizationId, exam) });
  }

  private async pending(auth: AuthContext, examId: string, readingId: string): Promise<Result<{ exam: Exam; reading: ExamReading }, ReviewError>> {
    const view = await this.exams.findById(auth.organizationId, examId);
    if (!view) return err(new ExamNotFoundError());
    const reading = await this.readings.findById(auth.organizationId, readingId);
    if (!reading || reading.examId !== examId) return err(new ExamReadingNotFoundError());
    if (reading.status !== 'pending') return err(new ExamReadingAlreadyDecidedError(reading.status));
    return ok({ exam: view.exam, reading });
  }

  private async workerOf(organizationId: string, exam: Exam) {
    const p = await this.patients.findById(organizationId, exam.patientId);
    return { name: p?.name ?? '', cpf: p?.cpf ?? null, birthDate: p?.birthDate ?? null };
  }
}

/** The caller's transaction already runs: nested work joins it. */
const passThrough: UnitOfWork = { run: (work) => work() };

/** pt-BR notes kept on the exam about what the professional confirmed. */
function reviewObservations(identity: IdentityCheck, replaced: boolean): string[] {
  const notes: string[] = [];
  if (identity.status === 'mismatch') notes.push(`Leitura aplicada por confirmação do profissional apesar da identificação divergente (${identity.stated.name ?? identity.stated.cpf ?? identity.stated.birthDate}).`);
  else notes.push('Leitura revisada e aplicada pelo profissional.');
  if (replaced) notes.push('Os limiares anteriores do exame foram substituídos por esta leitura.');
  return notes;
}


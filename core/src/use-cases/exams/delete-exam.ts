import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { registryLabel } from '../../accounts/registries';
import { ExamLockedByFinalizedReportError, ExamNotFoundError, InvalidExamError } from '../../exams/exam-errors';
import { PatientNotFoundError } from '../../patients/patient-errors';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { ExamDeletion, ExamDeletionLog, ExamFileRepository, ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { ReportRepository } from '../../ports/report-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';
import { assertExamEditable } from './finalized-report-guard';
import { reclassifyAfterDeletion } from './reclassify-history';

export const DELETION_REASON_MIN = 10;
export const DELETION_REASON_MAX = 500;
export const DELETION_REASON_MESSAGE = `Informe o motivo da exclusão (de ${DELETION_REASON_MIN} a ${DELETION_REASON_MAX} caracteres).`;

export interface ExamDeletionStores {
  exams: ExamRepository;
  patients: PatientRepository;
  files: ExamFileRepository;
  reports: ReportRepository;
  deletions: ExamDeletionLog;
  professionals: ProfessionalRepository;
}

/**
 * Removes a wrong or duplicate exam (issue 14) with a mandatory reason. Refused while a finalised
 * laudo depends on it (the laudo's amendment path applies); a draft laudo of the exam is discarded
 * with it. A deletion record (who, when, why, a snapshot of the exam) is kept, and the worker's
 * remaining history is reclassified, since order and reference exam may change.
 */
export class DeleteExam {
  constructor(private readonly s: ExamDeletionStores, private readonly uow: UnitOfWork, private readonly ids: IdGenerator, private readonly clock: Clock) {}

  async execute(auth: AuthContext, examId: string, reason: string): Promise<Result<ExamDeletion, ExamNotFoundError | InvalidExamError | ExamLockedByFinalizedReportError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'records.delete');
    if (!allowed.ok) return allowed;
    const view = await this.s.exams.findById(auth.organizationId, examId);
    if (!view) return err(new ExamNotFoundError());
    const text = reason.trim();
    if (text.length < DELETION_REASON_MIN || text.length > DELETION_REASON_MAX) {
      return err(new InvalidExamError(DELETION_REASON_MESSAGE, [{ path: 'reason', message: DELETION_REASON_MESSAGE }]));
    }
    const exam = view.exam;
    const editable = await assertExamEditable(this.s.reports, exam, 'excluído', true);
    if (!editable.ok) return editable;
    const who = await this.s.professionals.findById(auth.userId);
    const registry = who ? registryLabel(who) : undefined;
    const draft = await this.s.reports.findByExam(auth.organizationId, examId);
    const files = await this.s.files.listForExam(auth.organizationId, examId);
    const deletion: ExamDeletion = {
      id: this.ids.next(), organizationId: auth.organizationId, patientId: exam.patientId, examId, examDate: exam.date, reason: text,
      deletedBy: who?.id ?? null, deletedByMemberId: auth.memberId ?? null, deletedByName: who ? (registry ? `${who.name} (${registry})` : who.name) : 'Profissional', deletedAt: this.clock.now(),
      snapshot: JSON.parse(JSON.stringify({ exam, files, draftReportId: draft?.report.id ?? null })) as Record<string, unknown>,
    };
    return this.uow.run(async () => {
      await this.s.deletions.record(deletion);
      await this.s.exams.delete(auth.organizationId, examId);
      await reclassifyAfterDeletion(this.s, exam);
      return ok(deletion);
    });
  }

  /** The worker's removed exams, newest removal first. */
  async history(auth: AuthContext, patientId: string): Promise<Result<ExamDeletion[], PatientNotFoundError>> {
    if (!(await this.s.patients.findById(auth.organizationId, patientId))) return err(new PatientNotFoundError());
    return ok(await this.s.deletions.listForPatient(auth.organizationId, patientId));
  }
}

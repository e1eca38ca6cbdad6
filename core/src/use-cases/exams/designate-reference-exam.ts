import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { registryLabel } from '../../accounts/registries';
import { hasAirThresholds, REFERENCE_REASON_MAX, REFERENCE_REASON_MIN, type Exam, type ReferenceDesignation } from '../../exams/exam';
import { ExamLockedByFinalizedReportError, ExamNotFoundError, InvalidExamError } from '../../exams/exam-errors';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { ReportRepository } from '../../ports/report-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';
import { examsWithFinalizedReport } from './finalized-report-guard';
import { inTransaction } from '../../shared/in-transaction';
import { planReclassification } from './reclassify-history';

export const REFERENCE_REASON_MESSAGE = `Informe o motivo da designação (de ${REFERENCE_REASON_MIN} a ${REFERENCE_REASON_MAX} caracteres).`;
export const EMPTY_EXAM_REFERENCE_MESSAGE = 'Um exame sem limiares não pode ser o exame de referência.';

/**
 * The professional designates an exam as the reference exam with a mandatory reason (clinical-rules
 * I12: e.g. the first exam was done without the 14 h rest), or removes the designation (reason
 * null). Recorded with who and when; every classification of the worker is recomputed, since the
 * reference of every later exam may change.
 */
export class DesignateReferenceExam {
  constructor(
    private readonly exams: ExamRepository,
    private readonly patients: PatientRepository,
    private readonly professionals: ProfessionalRepository,
    private readonly reports: ReportRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(auth: AuthContext, examId: string, reason: string | null): Promise<Result<Exam, ExamNotFoundError | InvalidExamError | ExamLockedByFinalizedReportError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'exams.designate-reference');
    if (!allowed.ok) return allowed;
    const view = await this.exams.findById(auth.organizationId, examId);
    if (!view) return err(new ExamNotFoundError());
    let designation: ReferenceDesignation | null = null;
    if (reason !== null) {
      const text = reason.trim();
      if (text.length < REFERENCE_REASON_MIN || text.length > REFERENCE_REASON_MAX) {
        return err(new InvalidExamError(REFERENCE_REASON_MESSAGE, [{ path: 'reason', message: REFERENCE_REASON_MESSAGE }]));
      }
      if (!hasAirThresholds(view.exam)) {
        return err(new InvalidExamError(EMPTY_EXAM_REFERENCE_MESSAGE, [{ path: 'reason', message: EMPTY_EXAM_REFERENCE_MESSAGE }]));
      }
      const who = await this.professionals.findById(auth.userId);
      const registry = who ? registryLabel(who) : undefined;
      designation = { reason: text, designatedBy: who ? (registry ? `${who.name} (${registry})` : who.name) : 'Profissional', designatedAt: this.clock.now().toISOString() };
    }
    const signed = await examsWithFinalizedReport(this.reports, auth.organizationId, view.exam.patientId);
    return inTransaction(this.uow, async () => {
      const updated: Exam = { ...view.exam, referenceDesignation: designation, updatedAt: this.clock.now() };
      // the reference of every exam of the worker may move, earlier ones included
      const plan = await planReclassification({ exams: this.exams, patients: this.patients }, { organizationId: auth.organizationId, patientId: updated.patientId, exam: updated, fromDate: '' });
      // a finalised laudo states its exam's classification: a designation that would change it is refused (issue 15)
      if (signed.has(examId) || plan.changesClassificationOf(signed)) return err(new ExamLockedByFinalizedReportError('reclassificado'));
      return ok((await plan.commit())!);
    });
  }
}

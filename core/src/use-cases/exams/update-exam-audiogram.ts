import { attribute } from '../../accounts/attribution';
import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Exam } from '../../exams/exam';
import { ExamNotFoundError, InvalidExamError, type ExamLockedByFinalizedReportError } from '../../exams/exam-errors';
import { parseAudiogramInput, type Issue, type RawEarPair } from '../../exams/exam-input';
import type { Clock } from '../../ports/clock';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { ReportRepository } from '../../ports/report-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';
import { assertExamEditable } from './finalized-report-guard';
import { reclassifyFrom } from './reclassify-history';

/**
 * Replaces an exam's thresholds (the review grid after an AI reading, or manual entry after a
 * failed one) and re-runs the classification of that exam and the patient's later exams.
 */
export class UpdateExamAudiogram {
  constructor(
    private readonly exams: ExamRepository,
    private readonly patients: PatientRepository,
    private readonly reports: ReportRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    /** The correction is attributed on the exam (`updatedBy`, issue 18). */
    private readonly professionals: ProfessionalRepository,
  ) {}

  async execute(auth: AuthContext, examId: string, audiogram: { air?: Record<string, RawEarPair>; bone?: Record<string, RawEarPair> | null }): Promise<Result<Exam, ExamNotFoundError | InvalidExamError | ExamLockedByFinalizedReportError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'exams.write');
    if (!allowed.ok) return allowed;
    const view = await this.exams.findById(auth.organizationId, examId);
    if (!view) return err(new ExamNotFoundError());
    const editable = await assertExamEditable(this.reports, view.exam, 'alterado', true);
    if (!editable.ok) return editable;
    const issues: Issue[] = [];
    const { right, left } = parseAudiogramInput(audiogram.air, audiogram.bone, 'audiogram', issues);
    if (issues.length) return err(new InvalidExamError(issues[0].message, issues));
    const now = this.clock.now();
    const updatedBy = await attribute(this.professionals, auth, now);
    return this.uow.run(async () => {
      const updated: Exam = { ...view.exam, right, left, updatedBy, updatedAt: now };
      return ok(await reclassifyFrom({ exams: this.exams, patients: this.patients }, updated));
    });
  }
}

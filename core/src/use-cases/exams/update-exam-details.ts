import { attribute } from '../../accounts/attribution';
import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Exam } from '../../exams/exam';
import { ExamLockedByFinalizedReportError, ExamNotFoundError, InvalidExamError } from '../../exams/exam-errors';
import {
  optionalText, parseClinicalFields, parseExamDate, parseExamTypeField, parseNumber, parseSpeechTest, type ExamRecordInput, type Issue,
} from '../../exams/exam-input';
import type { Clock } from '../../ports/clock';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { ReportRepository } from '../../ports/report-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';
import { assertExamEditable } from './finalized-report-guard';
import { reclassifyFrom } from './reclassify-history';

/** A correction of an exam's record: absent (undefined) = unchanged, null or blank = cleared (not the date). */
export interface ExamCorrectionInput extends ExamRecordInput {
  date?: string;
  operatorCrm?: string | null;
  operatorCrmState?: string | null;
}

const TEXT_FIELDS = ['operatorName', 'operatorRegistration', 'operatorCrm', 'operatorCrmState', 'consultationType', 'consultationReason', 'transducer', 'observacoes'] as const;

/**
 * Corrects an exam's date, operator, equipment, conditions, observations and clinical fields (issue
 * 14); thresholds keep their own path (UpdateExamAudiogram). Every exam of the worker is reclassified,
 * because a date moves the exam in the history (and may change the reference exam) and rest hours or
 * calibration change its validity. Refused while the exam's own laudo is finalised.
 */
export class UpdateExamDetails {
  constructor(
    private readonly exams: ExamRepository,
    private readonly patients: PatientRepository,
    private readonly reports: ReportRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    /** The correction is attributed on the exam (`updatedBy`, issue 18). */
    private readonly professionals: ProfessionalRepository,
  ) {}

  async execute(auth: AuthContext, examId: string, input: ExamCorrectionInput): Promise<Result<Exam, ExamNotFoundError | InvalidExamError | ExamLockedByFinalizedReportError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'exams.write');
    if (!allowed.ok) return allowed;
    const view = await this.exams.findById(auth.organizationId, examId);
    if (!view) return err(new ExamNotFoundError());
    const parsed = this.parse(input, view.patient.birthDate);
    if (!parsed.ok) return parsed;
    const editable = await assertExamEditable(this.reports, view.exam, 'corrigido', false);
    if (!editable.ok) return editable;
    const now = this.clock.now();
    const updated: Exam = { ...view.exam, ...parsed.value, updatedBy: await attribute(this.professionals, auth, now), updatedAt: now };
    const fromDate = updated.date < view.exam.date ? updated.date : view.exam.date;
    return this.uow.run(async () => ok(await reclassifyFrom({ exams: this.exams, patients: this.patients }, updated, { fromDate })));
  }

  private parse(input: ExamCorrectionInput, birthDate: string | null): Result<Partial<Exam>, InvalidExamError> {
    const issues: Issue[] = [];
    const now = this.clock.now();
    const out: Partial<Exam> = {};
    if (input.date !== undefined) {
      const date = parseExamDate(input.date, now, 'date', issues, 'Data do exame', birthDate);
      if (date) out.date = date;
    }
    for (const key of TEXT_FIELDS) if (input[key] !== undefined) out[key] = optionalText(input[key]);
    // issue 19: absent = unchanged, null or blank = not informed
    if (input.examType !== undefined) out.examType = parseExamTypeField(input.examType, 'examType', issues);
    if (input.ambientNoiseDb !== undefined) out.ambientNoiseDb = parseNumber(input.ambientNoiseDb, 'ambientNoiseDb', issues, { label: 'Ruído ambiente (dB)', min: 0, max: 140 });
    if (input.acousticRestHours !== undefined) out.acousticRestHours = parseNumber(input.acousticRestHours, 'acousticRestHours', issues, { label: 'Repouso acústico (horas)', min: 0, max: 720 });
    if (input.calibrationDate !== undefined) {
      out.calibrationDate = optionalText(input.calibrationDate) ? parseExamDate(input.calibrationDate, now, 'calibrationDate', issues, 'Data de calibração') : null;
    }
    if (input.speechTest !== undefined) out.speechTest = parseSpeechTest(input.speechTest, issues);
    Object.assign(out, parseClinicalFields(input, issues));
    if (issues.length) return err(new InvalidExamError(issues[0].message, issues));
    return ok(out);
  }
}

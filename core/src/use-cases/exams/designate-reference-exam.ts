import { registryLabel } from '../../accounts/registries';
import { hasAirThresholds, REFERENCE_REASON_MAX, REFERENCE_REASON_MIN, type Exam, type ReferenceDesignation } from '../../exams/exam';
import { ExamNotFoundError, InvalidExamError } from '../../exams/exam-errors';
import { classifyPatientExams } from '../../exams/classify-exams';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

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
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(auth: AuthContext, examId: string, reason: string | null): Promise<Result<Exam, ExamNotFoundError | InvalidExamError>> {
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
    return this.uow.run(async () => {
      const patient = await this.patients.findById(auth.organizationId, view.exam.patientId);
      const updated: Exam = { ...view.exam, referenceDesignation: designation, updatedAt: this.clock.now() };
      const history = (await this.exams.listForPatient(auth.organizationId, view.exam.patientId)).map((e) => (e.id === examId ? updated : e));
      const classified = classifyPatientExams(history, { sex: patient?.sex });
      const mine = classified.find((e) => e.id === examId)!;
      await this.exams.update(mine);
      const others = classified.filter((e) => e.id !== examId);
      if (others.length) await this.exams.saveClassifications(auth.organizationId, others);
      return ok(mine);
    });
  }
}

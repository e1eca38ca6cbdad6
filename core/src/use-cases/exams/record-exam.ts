import { attribute, type Attribution } from '../../accounts/attribution';
import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { RawThreshold } from '../../audiogram/entry-grid';
import { DEFAULT_TRANSDUCER, type Exam } from '../../exams/exam';
import { InvalidExamError } from '../../exams/exam-errors';
import {
  examTypeOfConsultation, optionalText, parseAudiogramInput, parseClinicalFields, parseExamDate, parseExamTypeField, parseNumber, parseSpeechTest, requiredText,
  type ExamRecordInput, type Issue, type RawEarPair,
} from '../../exams/exam-input';
import type { Patient } from '../../patients/patient';
import { PatientArchivedError, PatientNotFoundError } from '../../patients/patient-errors';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { validatePatientInput } from '../../patients/patient-rules';
import { inTransaction } from '../../shared/in-transaction';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';
import { reclassifyFrom } from './reclassify-history';
import type { ManagePatients, PatientWriteError } from '../patients/manage-patients';

/** The exam fields common to both creation payloads, already mapped from the wire. */
export interface ExamDetailsInput extends ExamRecordInput {
  date: string | null | undefined;
  air?: Record<string, RawEarPair>;
  bone?: Record<string, RawEarPair> | null;
}

/** Entry form (spec §5) requires noise, calibration and operator; the wizard does not (spec §9 temporary exam). */
export interface RecordExamOptions {
  strict: boolean;
  paths: Record<'date' | 'ambientNoiseDb' | 'calibrationDate' | 'operatorName' | 'operatorRegistration' | 'acousticRestHours' | 'audiogram', string>;
}

export type RecordExamError = ForbiddenError | InvalidExamError | PatientNotFoundError | PatientArchivedError | PatientWriteError;

/**
 * Records an exam for a patient of the caller's organisation, classifies it against the reference
 * in force, and re-classifies the patient's later exams (a back-dated exam can change their reference).
 */
export class RecordExam {
  constructor(
    private readonly patients: PatientRepository,
    private readonly managePatients: ManagePatients,
    private readonly exams: ExamRepository,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** Who records is attributed on the exam (issue 18). */
    private readonly professionals: ProfessionalRepository,
  ) {}

  /** Wizard payload: an existing patient. */
  async forPatient(auth: AuthContext, patientId: string, input: ExamDetailsInput, options: RecordExamOptions): Promise<Result<Exam, RecordExamError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'exams.write');
    if (!allowed.ok) return allowed;
    const patient = await this.patients.findById(auth.organizationId, patientId);
    if (!patient) return err(new PatientNotFoundError());
    if (patient.archivedAt) return err(new PatientArchivedError());
    const parsed = this.parse(auth, patient, input, options, await this.recorder(auth));
    if (!parsed.ok) return parsed;
    return ok(await this.uow.run(() => this.store(parsed.value)));
  }

  /** Entry-form payload without a patient id: validates the exam first, then registers the patient (age 0–120). */
  async withNewPatient(auth: AuthContext, patientInput: { name?: string; age?: unknown; sex?: string }, input: ExamDetailsInput, options: RecordExamOptions): Promise<Result<Exam, RecordExamError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'exams.write');
    if (!allowed.ok) return allowed;
    // everything is checked before anything is written: a bad exam never leaves a new patient behind
    const draft = this.parse(auth, { id: 'pending' } as Patient, input, options, await this.recorder(auth));
    const patientCheck = validatePatientInput({ name: patientInput.name, age: patientInput.age as number, sex: patientInput.sex }, this.clock.now(), 120, 'paciente.');
    if (!draft.ok || !patientCheck.ok) {
      const issues = [...(patientCheck.ok ? [] : patientCheck.error.issues), ...(draft.ok ? [] : draft.error.issues)];
      return err(new InvalidExamError(issues[0]?.message ?? 'Dados do exame inválidos', issues));
    }
    return inTransaction(this.uow, async (): Promise<Result<Exam, RecordExamError>> => {
      const patient = await this.managePatients.register(auth, { name: patientInput.name, age: patientInput.age as number, sex: patientInput.sex }, { maxAge: 120, pathPrefix: 'paciente.' });
      if (!patient.ok) return patient;
      return ok(await this.store({ ...draft.value, patientId: patient.value.id }));
    });
  }

  private recorder(auth: AuthContext): Promise<Attribution> {
    return attribute(this.professionals, auth, this.clock.now());
  }

  private parse(auth: AuthContext, patient: Patient, input: ExamDetailsInput, o: RecordExamOptions, recordedBy: Attribution): Result<Exam, InvalidExamError> {
    const issues: Issue[] = [];
    const now = this.clock.now();
    const date = parseExamDate(input.date, now, o.paths.date, issues, 'Data do exame', patient.birthDate);
    const ambientNoiseDb = parseNumber(input.ambientNoiseDb, o.paths.ambientNoiseDb, issues, { label: 'Ruído ambiente (dB)', min: 0, max: 140, required: o.strict });
    const calibrationDate = input.calibrationDate?.trim() || o.strict ? parseExamDate(input.calibrationDate, now, o.paths.calibrationDate, issues, 'Data de calibração') : null;
    const operatorName = o.strict ? requiredText(input.operatorName, o.paths.operatorName, 'Nome do operador', issues) : optionalText(input.operatorName);
    const operatorRegistration = o.strict ? requiredText(input.operatorRegistration, o.paths.operatorRegistration, 'Registro do operador', issues) : optionalText(input.operatorRegistration);
    const acousticRestHours = parseNumber(input.acousticRestHours, o.paths.acousticRestHours, issues, { label: 'Repouso acústico (horas)', min: 0, max: 720 });
    const { right, left } = parseAudiogramInput(input.air, input.bone, o.paths.audiogram, issues);
    const speechTest = parseSpeechTest(input.speechTest, issues);
    const clinical = parseClinicalFields(input, issues);
    // issue 19: the type given, else the one an occupational consultation's reason implies (the wizard)
    const examType = parseExamTypeField(input.examType, 'examType', issues) ?? examTypeOfConsultation(input.consultationType, input.consultationReason);
    if (issues.length) return err(new InvalidExamError(issues[0].message, issues));
    return ok({
      id: this.ids.next(), organizationId: auth.organizationId, patientId: patient.id, date: date!, operatorName, operatorRegistration,
      operatorCrm: null, operatorCrmState: null, consultationType: optionalText(input.consultationType), consultationReason: optionalText(input.consultationReason), examType,
      ambientNoiseDb, calibrationDate, transducer: optionalText(input.transducer) ?? DEFAULT_TRANSDUCER, acousticRestHours,
      observacoes: optionalText(input.observacoes), anamnese: clinical.anamnese ?? null, meatoscopia: clinical.meatoscopia ?? null,
      mascaramento: clinical.mascaramento ?? null, right, left, speechTest,
      ambienteJson: null, classification: {}, rulesVersion: '', recordedBy, updatedBy: null, imported: false, createdAt: now, updatedAt: now,
    });
  }

  /** Inserts and (re)classifies; exams from the new one's date on get their stored output refreshed. */
  private store(exam: Exam): Promise<Exam> {
    return reclassifyFrom({ exams: this.exams, patients: this.patients }, exam, { isNew: true });
  }
}

export type { RawThreshold };

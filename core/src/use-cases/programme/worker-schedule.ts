import { PatientNotFoundError } from '../../patients/patient-errors';
import { DEFAULT_PERIODICITY_MONTHS, isExposed } from '../../programme/company';
import { computeSchedule, programmeToday, type WorkerSchedule } from '../../programme/schedule';
import type { Clock } from '../../ports/clock';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { EmploymentRepository, GheRepository } from '../../ports/programme-ports';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

/**
 * One worker's place in the hearing-conservation programme, for his page (issue 19): core `computeSchedule`
 * over his employment periods (with their GHE's exposure and periodicity) and his audiometries, for today
 * in Brazil. Computed on request from the records — the same rules the dashboard's projection stores. An
 * archived worker is out of the programme. Reading a worker needs no permission; another organisation's is 404.
 */
export class QueryWorkerSchedule {
  constructor(
    private readonly s: { patients: PatientRepository; employments: EmploymentRepository; ghes: GheRepository; exams: ExamRepository },
    private readonly clock: Clock,
  ) {}

  async execute(auth: AuthContext, patientId: string): Promise<Result<WorkerSchedule & { today: string }, PatientNotFoundError>> {
    const org = auth.organizationId;
    const patient = await this.s.patients.findById(org, patientId);
    if (!patient) return err(new PatientNotFoundError());
    const today = programmeToday(this.clock.now());
    const periods = await this.s.employments.listForPatient(org, patientId);
    const exams = await this.s.exams.listAudiometryForPatient(org, patientId);
    const ghes = new Map<string, Awaited<ReturnType<GheRepository['get']>>>();
    for (const id of new Set(periods.map((p) => p.gheId).filter((g): g is string => g !== null))) ghes.set(id, await this.s.ghes.get(org, id));
    const schedule = computeSchedule({
      today,
      periods: patient.archivedAt ? [] : periods.map((p) => {
        const ghe = p.gheId ? ghes.get(p.gheId) : undefined;
        return { ...p, exposed: !!ghe && isExposed(ghe.exposure), periodicityMonths: ghe?.periodicityMonths ?? DEFAULT_PERIODICITY_MONTHS };
      }),
      exams,
    });
    return ok({ ...schedule, today });
  }
}

import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { buildExamEvolution, type ExamEvolution } from '../../analysis/exam-evolution';
import { toAudiometricExam } from '../../exams/exam';
import { ExamNotFoundError } from '../../exams/exam-errors';
import { PatientNotFoundError } from '../../patients/patient-errors';
import type { Clock } from '../../ports/clock';
import type { DashboardCounts, DashboardQueries, ExamFile, ExamFileRepository, ExamRepository, ExamView, Page, PatientRepository } from '../../ports/patient-ports';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

/** Reads of exams, their files, the exam-based evolution and the dashboard counters. */
export class QueryExams {
  constructor(
    private readonly exams: ExamRepository,
    private readonly patients: PatientRepository,
    private readonly files: ExamFileRepository,
    private readonly dashboard: DashboardQueries,
    private readonly clock: Clock,
  ) {}

  async get(auth: AuthContext, id: string): Promise<Result<ExamView, ExamNotFoundError>> {
    const view = await this.exams.findById(auth.organizationId, id);
    return view ? ok(view) : err(new ExamNotFoundError());
  }

  list(auth: AuthContext, query: { patientId?: string; q?: string; limit: number; offset: number }): Promise<Page<ExamView>> {
    return this.exams.list({ organizationId: auth.organizationId, ...query, q: query.q?.trim() || undefined });
  }

  async listFiles(auth: AuthContext, examId: string): Promise<Result<ExamFile[], ExamNotFoundError>> {
    if (!(await this.exams.findById(auth.organizationId, examId))) return err(new ExamNotFoundError());
    return ok(await this.files.listForExam(auth.organizationId, examId));
  }

  /** Spec §3 exam-based evolution, from the NR-7 rules against the reference in force. */
  async evolution(auth: AuthContext, patientId: string): Promise<Result<ExamEvolution, PatientNotFoundError>> {
    const patient = await this.patients.findById(auth.organizationId, patientId);
    if (!patient) return err(new PatientNotFoundError());
    const exams = await this.exams.listAudiometryForPatient(auth.organizationId, patientId);
    return ok(buildExamEvolution(exams.map((e) => toAudiometricExam(e))));
  }

  /** The organisation's counters (Dashboard): the company dashboards of the permission table. */
  async dashboardCounts(auth: AuthContext): Promise<Result<DashboardCounts, ForbiddenError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    const now = this.clock.now();
    const monthStart = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
    return ok(await this.dashboard.counts(auth.organizationId, monthStart));
  }
}

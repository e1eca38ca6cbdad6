import type { ReportListQuery, ReportRepository } from '../ports/report-repository';
import type { Report, ReportView } from '../reports/report';
import { searchText, type InMemoryExamRepository, type InMemoryPatientRepository } from './in-memory-patient-exam-adapters';

type ViewDetails = Omit<ReportView, 'report'>;

/**
 * Laudos in memory. The names and exam date a view carries come from the linked worker and exam
 * twins (`inMemoryPatientExamStores()`), or are given per laudo (`describe`) when no stores are linked.
 * Versions (issue 20): every version is a row; the ones `openAmendment` replaced are not current.
 * `findByIdForUpdate` takes no lock: the unit tests run one call at a time; the row lock is
 * checked against PostgreSQL (tests/reliability/concurrency.int.test.ts).
 * Held to tests/contracts/report-repository.contract.ts with the PostgreSQL repository.
 */
export class InMemoryReportRepository implements ReportRepository {
  readonly rows = new Map<string, Report>();
  private readonly details = new Map<string, ViewDetails>();

  constructor(private readonly links?: { patients: InMemoryPatientRepository; exams: InMemoryExamRepository }) {}

  describe(reportId: string, view: ViewDetails) {
    this.details.set(reportId, view);
  }

  async findById(organizationId: string, id: string) {
    const r = this.rows.get(id);
    return r && r.organizationId === organizationId ? this.view(r) : undefined;
  }

  findByIdForUpdate(organizationId: string, id: string) {
    return this.findById(organizationId, id);
  }

  async findByExam(organizationId: string, examId: string) {
    const r = this.current(organizationId, examId);
    return r && this.view(r);
  }

  async listVersions(organizationId: string, examId: string) {
    const versions = [...this.rows.values()].filter((x) => x.organizationId === organizationId && x.examId === examId).sort((a, b) => a.version - b.version);
    return Promise.all(versions.map((r) => this.view(r)));
  }

  async hasFinalizedVersion(organizationId: string, examId: string) {
    return [...this.rows.values()].some((x) => x.organizationId === organizationId && x.examId === examId && x.status === 'Finalizado');
  }

  async findByVerificationCode(code: string) {
    const r = [...this.rows.values()].find((x) => x.verificationCode === code && x.status === 'Finalizado');
    if (!r) return undefined;
    const currentVersion = this.current(r.organizationId, r.examId)?.version ?? r.version;
    return { ...(await this.view(r)), organizationName: this.organizationNames.get(r.organizationId) ?? '', currentVersion };
  }

  async openAmendment(organizationId: string, previousId: string, amendment: Report) {
    const previous = this.rows.get(previousId);
    if (!previous || previous.organizationId !== organizationId || amendment.examId !== previous.examId) throw new Error(`no laudo ${previousId} to amend`);
    if (this.current(organizationId, previous.examId)?.id !== previousId) throw new Error(`laudo ${previousId} is not the current version`);
    this.notCurrent.add(previousId);
    this.rows.set(amendment.id, structuredClone(amendment));
  }

  async discardAmendment(organizationId: string, amendmentId: string) {
    const amendment = this.rows.get(amendmentId);
    if (!amendment || amendment.organizationId !== organizationId || !amendment.supersedesId) return;
    this.rows.delete(amendmentId);
    this.notCurrent.delete(amendment.supersedesId);
  }

  /** The organisation name a verification answers (tests name it; PostgreSQL reads it). */
  readonly organizationNames = new Map<string, string>();
  private readonly notCurrent = new Set<string>();

  private current(organizationId: string, examId: string): Report | undefined {
    return [...this.rows.values()].find((x) => x.organizationId === organizationId && x.examId === examId && !this.notCurrent.has(x.id));
  }

  async list(q: ReportListQuery) {
    const needle = q.q ? searchText(q.q) : undefined;
    const archived = (r: Report) => !!this.links?.patients.rows.get(r.patientId)?.archivedAt;
    const views = await Promise.all([...this.rows.values()]
      .filter((r) => r.organizationId === q.organizationId && !this.notCurrent.has(r.id) && (q.patientId ? r.patientId === q.patientId : !archived(r)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((r) => this.view(r)));
    const all = views.filter((v) => !needle || !q.q || searchText(v.patientName).includes(needle) || searchText(v.report.doctorName).includes(needle) || v.report.type.includes(q.q));
    return { items: all.slice(q.offset, q.offset + q.limit), total: all.length };
  }

  async save(report: Report) {
    const existing = this.rows.get(report.id);
    if (existing && existing.organizationId !== report.organizationId) return;
    if (!existing && [...this.rows.values()].some((r) => r.examId === report.examId && r.id !== report.id)) throw new Error(`exam ${report.examId} already has a laudo`);
    this.rows.set(report.id, { ...structuredClone(report), draftedBy: structuredClone(report.draftedBy ?? null), finalizedBy: structuredClone(report.finalizedBy ?? null) });
  }

  private async view(r: Report): Promise<ReportView> {
    const given = this.details.get(r.id);
    if (given || !this.links) return { patientName: '', patientCompany: null, examDate: '', ...given, report: structuredClone(r) };
    const patient = await this.links.patients.findById(r.organizationId, r.patientId);
    const exam = this.links.exams.rows.get(r.examId);
    return { report: structuredClone(r), patientName: patient?.name ?? '', patientCompany: patient?.companyName ?? null, examDate: exam?.date ?? '' };
  }
}

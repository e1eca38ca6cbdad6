import type { ReportListQuery, ReportRepository } from '../ports/report-repository';
import type { Report, ReportView } from '../reports/report';
import { searchText, type InMemoryExamRepository, type InMemoryPatientRepository } from './in-memory-patient-exam-adapters';

type ViewDetails = Omit<ReportView, 'report'>;

/**
 * Laudos in memory. The names and exam date a view carries come from the linked worker and exam
 * twins (`inMemoryPatientExamStores()`), or are given per laudo (`describe`) when no stores are linked.
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
    const r = [...this.rows.values()].find((x) => x.organizationId === organizationId && x.examId === examId);
    return r && this.view(r);
  }

  async list(q: ReportListQuery) {
    const needle = q.q ? searchText(q.q) : undefined;
    const archived = (r: Report) => !!this.links?.patients.rows.get(r.patientId)?.archivedAt;
    const views = await Promise.all([...this.rows.values()]
      .filter((r) => r.organizationId === q.organizationId && (q.patientId ? r.patientId === q.patientId : !archived(r)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((r) => this.view(r)));
    const all = views.filter((v) => !needle || !q.q || searchText(v.patientName).includes(needle) || searchText(v.report.doctorName).includes(needle) || v.report.type.includes(q.q));
    return { items: all.slice(q.offset, q.offset + q.limit), total: all.length };
  }

  async save(report: Report) {
    const existing = this.rows.get(report.id);
    if (existing && existing.organizationId !== report.organizationId) return;
    if ([...this.rows.values()].some((r) => r.examId === report.examId && r.id !== report.id)) throw new Error(`exam ${report.examId} already has a laudo`);
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

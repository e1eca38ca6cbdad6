import type { ReportListQuery, ReportRepository } from '../ports/report-repository';
import type { Report, ReportView } from '../reports/report';

/**
 * Laudos in memory, with the names and exam date a view carries given per laudo (`describe`).
 * `findByIdForUpdate` takes no lock: the unit tests run one call at a time; the row lock is
 * checked against PostgreSQL (tests/reliability/concurrency.int.test.ts).
 */
export class InMemoryReportRepository implements ReportRepository {
  readonly rows = new Map<string, Report>();
  private readonly details = new Map<string, Omit<ReportView, 'report'>>();

  describe(reportId: string, view: Omit<ReportView, 'report'>) {
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
    const all = [...this.rows.values()].filter((r) => r.organizationId === q.organizationId && (!q.patientId || r.patientId === q.patientId))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    return { items: all.slice(q.offset, q.offset + q.limit).map((r) => this.view(r)), total: all.length };
  }

  async save(report: Report) {
    const existing = this.rows.get(report.id);
    if (existing && existing.organizationId !== report.organizationId) return;
    this.rows.set(report.id, structuredClone(report));
  }

  private view(r: Report): ReportView {
    return { patientName: '', patientCompany: null, examDate: '', ...this.details.get(r.id), report: structuredClone(r) };
  }
}

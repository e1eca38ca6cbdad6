import type { Exam } from '../exams/exam';
import type { Patient } from '../patients/patient';
import type { WorklistGroup, WorklistItems, WorklistPage, WorklistQueries } from '../ports/worklist-queries';
import type { InMemoryExamReadingRepository } from './in-memory-exam-reading-repository';
import type { InMemoryExamRepository, InMemoryPatientRepository } from './in-memory-patient-exam-adapters';
import type { InMemoryReportRepository } from './in-memory-report-repository';

/** An exam with at least one air-conduction threshold in either ear. */
const hasAir = (e: Exam) => [e.right, e.left].some((ear) => Object.values(ear.air).some((t) => t !== null && t !== undefined));
const byDesc = <T>(key: (x: T) => string | number, tie: (x: T) => string) => (a: T, b: T) =>
  key(a) > key(b) ? -1 : key(a) < key(b) ? 1 : tie(a) < tie(b) ? -1 : tie(a) > tie(b) ? 1 : 0;

/**
 * The dashboard worklist over the worker, exam, laudo and held-reading twins: the same four group
 * definitions as the SQL read model, archived workers left out. Held to
 * tests/contracts/worklist-queries.contract.ts with `MikroOrmWorklistQueries`.
 */
export class InMemoryWorklistQueries implements WorklistQueries {
  constructor(private readonly s: { patients: InMemoryPatientRepository; exams: InMemoryExamRepository; reports: InMemoryReportRepository; readings: InMemoryExamReadingRepository }) {}

  async page<G extends WorklistGroup>(organizationId: string, group: G, slice: { limit: number; offset: number }): Promise<WorklistPage<WorklistItems[G]>> {
    const all = (await this.groups(organizationId)[group]()) as Array<WorklistItems[G]>;
    return { total: all.length, items: all.slice(slice.offset, slice.offset + slice.limit) };
  }

  private groups(org: string): { [G in WorklistGroup]: () => Promise<Array<WorklistItems[G]>> } {
    const active = async (patientId: string) => {
      const p = await this.s.patients.findById(org, patientId);
      return p && !p.archivedAt ? p : undefined;
    };
    const worker = (p: Patient) => ({ patientId: p.id, patientName: p.name, companyName: p.companyName ?? null });
    const exams = [...this.s.exams.rows.values()].filter((e) => e.organizationId === org);
    const reports = [...this.s.reports.rows.values()];
    const withWorker = async <T>(rows: T[], patientOf: (row: T) => string) =>
      (await Promise.all(rows.map(async (row) => ({ row, p: await active(patientOf(row)) })))).filter((x): x is { row: T; p: Patient } => !!x.p);
    return {
      examsWithoutReport: async () => (await withWorker(exams.filter((e) => !reports.some((r) => r.examId === e.id)), (e) => e.patientId))
        .sort(({ row: a }, { row: b }) => byDesc((e: Exam) => `${e.date} ${e.createdAt.toISOString()}`, (e) => e.id)(a, b))
        .map(({ row: e, p }) => ({ ...worker(p), examId: e.id, examDate: e.date, hasThresholds: hasAir(e) })),
      draftReports: async () => (await withWorker(reports.filter((r) => r.organizationId === org && r.status === 'Draft' && this.s.exams.rows.has(r.examId)), (r) => r.patientId))
        .sort(({ row: a }, { row: b }) => byDesc((r: typeof a) => r.updatedAt.toISOString(), (r) => r.id)(a, b))
        .map(({ row: r, p }) => ({ ...worker(p), reportId: r.id, examId: r.examId, examDate: this.s.exams.rows.get(r.examId)!.date, type: r.type, updatedAt: new Date(r.updatedAt) })),
      readingsToReview: async () => {
        const pending = (await withWorker(this.s.readings.rows.filter((x) => x.organizationId === org && x.status === 'pending' && this.s.exams.rows.has(x.examId)), (x) => this.s.exams.rows.get(x.examId)!.patientId))
          .map(({ row: x, p }) => ({ ...worker(p), kind: 'pending' as const, examId: x.examId, examDate: this.s.exams.rows.get(x.examId)!.date, readingId: x.id, fileName: x.fileName,
            reasons: [...x.reasons], confidence: x.reading.confidence, since: new Date(x.createdAt) }));
        const failed = (await withWorker(exams.filter((e) => e.ambienteJson?.analysisFailed === true && !hasAir(e)), (e) => e.patientId))
          .map(({ row: e, p }) => ({ ...worker(p), kind: 'failed' as const, examId: e.id, examDate: e.date, readingId: null, fileName: null, reasons: [], confidence: null, since: new Date(e.updatedAt) }));
        return [...pending, ...failed].sort(byDesc((i) => i.since.toISOString(), (i) => i.examId));
      },
      unaddressedChanges: async () => {
        const latest = new Map<string, Exam>();
        for (const e of exams.filter(hasAir)) {
          const current = latest.get(e.patientId);
          if (!current || e.date > current.date || (e.date === current.date && e.createdAt > current.createdAt)) latest.set(e.patientId, e);
        }
        const flag = (e: Exam, name: string) => e.classification[name] === true;
        const addressed = (e: Exam) => reports.some((r) => r.patientId === e.patientId && (this.s.exams.rows.get(r.examId)?.date ?? '') >= e.date);
        return (await withWorker([...latest.values()].filter((e) => (flag(e, 'desencadeamento') || flag(e, 'agravamento')) && !addressed(e)), (e) => e.patientId))
          .sort(({ row: a }, { row: b }) => byDesc((e: Exam) => e.date, (e) => e.id)(a, b))
          .map(({ row: e, p }) => ({ ...worker(p), examId: e.id, examDate: e.date, desencadeamento: flag(e, 'desencadeamento'), agravamento: flag(e, 'agravamento') }));
      },
    };
  }
}

import type { Exam } from '../../exams/exam';
import type { ReportRepository } from '../../ports/report-repository';

/**
 * True when a finalised laudo depends on `exam`: its own laudo, or (with `laterToo`) the laudo of a
 * later or same-day exam of the worker, whose history and reference exam include this one.
 */
export async function finalizedReportDependsOn(reports: ReportRepository, exam: Pick<Exam, 'id' | 'organizationId' | 'patientId' | 'date'>, laterToo: boolean): Promise<boolean> {
  const own = await reports.findByExam(exam.organizationId, exam.id);
  if (own?.report.status === 'Finalizado') return true;
  if (!laterToo) return false;
  const { items } = await reports.list({ organizationId: exam.organizationId, patientId: exam.patientId, limit: 500, offset: 0 });
  return items.some((v) => v.report.status === 'Finalizado' && v.examDate >= exam.date);
}

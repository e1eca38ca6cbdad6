import type { Exam } from '../../exams/exam';
import { ExamLockedByFinalizedReportError, type ExamLockedAction } from '../../exams/exam-errors';
import type { ReportRepository } from '../../ports/report-repository';
import { err, ok, type Result } from '../../shared/result';

type GuardedExam = Pick<Exam, 'id' | 'organizationId' | 'patientId' | 'date'>;

/**
 * True when a finalised laudo depends on `exam`: its own laudo, or (with `laterToo`) the laudo of a
 * later or same-day exam of the worker, whose history and reference exam include this one.
 */
export async function finalizedReportDependsOn(reports: ReportRepository, exam: GuardedExam, laterToo: boolean): Promise<boolean> {
  // the current version decides: an open amendment (a draft version n + 1) unlocks its exam (issue 20)
  const own = await reports.findByExam(exam.organizationId, exam.id);
  if (own?.report.status === 'Finalizado') return true;
  if (!laterToo) return false;
  const { items } = await reports.list({ organizationId: exam.organizationId, patientId: exam.patientId, limit: 500, offset: 0 });
  return items.some((v) => v.report.status === 'Finalizado' && v.examDate >= exam.date);
}

/**
 * The one guard of every use case that changes an exam (issue 15, defect 5): an exam a finalised
 * laudo depends on is read-only; a correction goes through an amendment of the laudo (issue 20:
 * while the amendment is open, its exam may be corrected; the amendment is then reorganised). `laterToo`
 * for changes that reach the worker's later classifications (thresholds, files, removal).
 */
export async function assertExamEditable(reports: ReportRepository, exam: GuardedExam, action: ExamLockedAction, laterToo: boolean): Promise<Result<void, ExamLockedByFinalizedReportError>> {
  if (await finalizedReportDependsOn(reports, exam, laterToo)) return err(new ExamLockedByFinalizedReportError(action));
  // an exam whose laudo was ever issued is never removed, even while an amendment is open: the issued versions point to it
  if (action === 'excluído' && (await reports.hasFinalizedVersion(exam.organizationId, exam.id))) return err(new ExamLockedByFinalizedReportError(action));
  return ok(undefined);
}

/** The ids of the worker's exams whose laudo is finalised (a reclassification must leave them as signed). */
export async function examsWithFinalizedReport(reports: ReportRepository, organizationId: string, patientId: string): Promise<Set<string>> {
  const { items } = await reports.list({ organizationId, patientId, limit: 500, offset: 0 });
  return new Set(items.filter((v) => v.report.status === 'Finalizado').map((v) => v.report.examId));
}

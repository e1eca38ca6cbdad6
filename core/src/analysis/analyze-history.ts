import type { WorkerHistory } from '../audiogram/audiogram';
import { walkReferenceHistory } from '../rules/nr7/reference-history';
import { RULES_VERSION } from '../rules/rules-version';
import { invariant } from '../shared/domain-error';
import { summarizeStep, type ComparisonSummary } from './comparison-summary';
import { summarizeExam, type ExamSummary } from './exam-summary';

/** The `limiar analyze` output for one worker: section-10 keys of clinical-rules.md, plus rules_version. */
export type HistoryAnalysis = { readonly rules_version: string } & ExamSummary &
  Partial<Omit<ComparisonSummary, 'sequential_date'>> & { readonly sequence?: readonly ComparisonSummary[] };

/**
 * Analyses a worker's history (the use case behind `limiar analyze`): exams are sorted by date;
 * per-exam keys describe the last exam; comparison keys describe the last exam against the
 * reference in force (NR-7 Anexo II 5.5.1); `sequence` lists every comparison when there are 3+
 * exams. A single exam gives per-exam keys only. Pure; an empty history is a caller bug
 * (throws InvariantViolation).
 */
export function analyzeHistory(history: WorkerHistory): HistoryAnalysis {
  const walk = walkReferenceHistory(history.exams);
  const last = walk.exams[walk.exams.length - 1];
  invariant(last, 'analyzeHistory needs at least one exam');
  const sex = history.worker?.sex;
  const steps: ComparisonSummary[] = [];
  let reference = walk.exams[0];
  walk.steps.forEach((step, i) => {
    steps.push(summarizeStep(step, reference, walk.exams[i + 1], sex));
    reference = step.newReference;
  });
  const lastStep = steps[steps.length - 1];
  return {
    rules_version: RULES_VERSION,
    ...summarizeExam(last),
    ...(lastStep && { ...lastStep, sequential_date: undefined }),
    sequence: steps.length >= 2 ? steps : undefined,
  };
}

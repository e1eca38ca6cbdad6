import type { WorkerHistory } from '../audiogram/audiogram';
import { walkReferenceHistory, type ExamRole, type ReferenceBasis } from '../rules/nr7/reference-history';
import { RULES_VERSION } from '../rules/rules-version';
import { invariant } from '../shared/domain-error';
import { summarizeStep, type ComparisonSummary } from './comparison-summary';
import { summarizeExam, type ExamSummary } from './exam-summary';

/** The `limiar analyze` output for one worker: section-10 keys of clinical-rules.md, plus rules_version. */
export type HistoryAnalysis = { readonly rules_version: string } & ExamSummary &
  Partial<Omit<ComparisonSummary, 'sequential_date' | 'reference_basis' | 'reference_designation_reason'>> & {
    readonly exam_role: ExamRole;
    /** Why the reference (of a reference exam: itself; of a sequential one: the one compared with) is the reference. */
    readonly reference_basis?: ReferenceBasis;
    readonly reference_designation_reason?: string;
    /** Always undefined (exam_date says it); the key is present with 2+ exams, left out of JSON. */
    readonly sequential_date?: undefined;
    readonly sequence?: readonly ComparisonSummary[];
  };

/**
 * Analyses a worker's history (the use case behind `limiar analyze`): exams are sorted by date;
 * per-exam keys describe the last exam, with its role (`exam_role`: referencia, sequencial or
 * sem_limiares); comparison keys describe the last exam against the reference in force (NR-7
 * Anexo II 5.5.1) when it is a sequential exam; `sequence` lists every comparison when there are 2+
 * of them. Pure; an empty history is a caller bug (throws InvariantViolation).
 */
export function analyzeHistory(history: WorkerHistory): HistoryAnalysis {
  const walk = walkReferenceHistory(history.exams);
  const lastEntry = walk.entries[walk.entries.length - 1];
  invariant(lastEntry, 'analyzeHistory needs at least one exam');
  const sex = history.worker?.sex;
  const steps: ComparisonSummary[] = [];
  let lastStep: ComparisonSummary | undefined;
  for (const entry of walk.entries) {
    if (!entry.step) continue;
    const summary = summarizeStep(entry.step, entry.exam, sex);
    steps.push(summary);
    if (entry === lastEntry) lastStep = summary;
  }
  const exam = summarizeExam(lastEntry.exam);
  const role = {
    exam_role: lastEntry.role,
    reference_basis: lastEntry.referenceBasis,
    reference_designation_reason: lastEntry.role === 'referencia' ? lastEntry.exam.designatedReference?.reason : undefined,
  };
  if (!lastStep) {
    return {
      rules_version: RULES_VERSION,
      ...exam,
      ...role,
      new_reference_date: lastEntry.referenceAfter?.date,
      new_reference_exam_id: lastEntry.referenceAfter?.id,
      new_reference_basis: lastEntry.referenceBasisAfter,
      sequence: steps.length >= 2 ? steps : undefined,
    };
  }
  const { sequential_date: _own, ...comparison } = lastStep;
  return { rules_version: RULES_VERSION, ...exam, ...role, ...comparison, sequential_date: undefined, sequence: steps.length >= 2 ? steps : undefined };
}

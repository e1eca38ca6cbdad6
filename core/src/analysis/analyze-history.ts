import type { WorkerHistory } from '../audiogram/audiogram';
import { walkReferenceHistory } from '../rules/nr7/reference-history';
import { RULES_VERSION } from '../rules/rules-version';
import { invariant } from '../shared/domain-error';
import { summarizeStep, type ComparisonSummary } from './comparison-summary';
import { summarizeExam, type ExamSummary } from './exam-summary';

/** The `limiar analyze` output for one worker: section-10 keys of clinical-rules.md, plus rules_version. */
export type HistoryAnalysis = { readonly rules_version: string } & ExamSummary &
  Partial<Omit<ComparisonSummary, 'sequential_date'>> & {
    /** Always undefined (exam_date says it); the key is present with 2+ exams, left out of JSON. */
    readonly sequential_date?: undefined;
    readonly sequence?: readonly ComparisonSummary[];
  };

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
  for (let i = 0; i < walk.steps.length; i++) {
    const step = walk.steps[i];
    steps.push(summarizeStep(step, reference, walk.exams[i + 1], sex));
    reference = step.newReference;
  }
  const exam = summarizeExam(last);
  const lastStep = steps[steps.length - 1];
  if (!lastStep) return { rules_version: RULES_VERSION, ...exam, sequence: undefined };
  return withComparison(exam, lastStep, steps.length >= 2 ? steps : undefined);
}

/**
 * The result for 2+ exams: rules_version, the last exam's keys, then the last comparison's keys
 * (its sequential_date is the exam_date already given, so it is left undefined) and `sequence`.
 * Written out key by key, in that order, rather than spread: one object of one shape per call is
 * cheaper to build and to serialise on 100 000-history batches.
 */
function withComparison(exam: ExamSummary, step: ComparisonSummary, sequence: readonly ComparisonSummary[] | undefined): HistoryAnalysis {
  return {
    rules_version: RULES_VERSION,
    exam_date: exam.exam_date,
    classification_right: exam.classification_right,
    pta3_right: exam.pta3_right,
    pta4_right: exam.pta4_right,
    mean_346_right: exam.mean_346_right,
    lloyd_kaplan_right: exam.lloyd_kaplan_right,
    who1997_grade_right: exam.who1997_grade_right,
    who2021_ear_grade_right: exam.who2021_ear_grade_right,
    biap_right: exam.biap_right,
    acoem_early_nihl_pattern_right: exam.acoem_early_nihl_pattern_right,
    missing_mandatory_frequencies_right: exam.missing_mandatory_frequencies_right,
    loss_type_right: exam.loss_type_right,
    classification_left: exam.classification_left,
    pta3_left: exam.pta3_left,
    pta4_left: exam.pta4_left,
    mean_346_left: exam.mean_346_left,
    lloyd_kaplan_left: exam.lloyd_kaplan_left,
    who1997_grade_left: exam.who1997_grade_left,
    who2021_ear_grade_left: exam.who2021_ear_grade_left,
    biap_left: exam.biap_left,
    acoem_early_nihl_pattern_left: exam.acoem_early_nihl_pattern_left,
    missing_mandatory_frequencies_left: exam.missing_mandatory_frequencies_left,
    loss_type_left: exam.loss_type_left,
    who2021_grade: exam.who2021_grade,
    who1997_grade: exam.who1997_grade,
    exam_complete: exam.exam_complete,
    exam_findings: exam.exam_findings,
    sequential_date: undefined,
    reference_date: step.reference_date,
    rule_set: step.rule_set,
    reference_classification_right: step.reference_classification_right,
    delta_mean_346_right: step.delta_mean_346_right,
    delta_mean_0512_right: step.delta_mean_0512_right,
    max_shift_346_right: step.max_shift_346_right,
    max_shift_any_right: step.max_shift_any_right,
    desencadeamento_right: step.desencadeamento_right,
    agravamento_right: step.agravamento_right,
    nr7_item_right: step.nr7_item_right,
    nr7_criteria_right: step.nr7_criteria_right,
    osha_avg_shift_234_right: step.osha_avg_shift_234_right,
    osha_sts_right: step.osha_sts_right,
    osha_current_avg_234_right: step.osha_current_avg_234_right,
    osha_recordable_criteria_right: step.osha_recordable_criteria_right,
    osha_age_correction_applied_right: step.osha_age_correction_applied_right,
    osha_age_adjusted_avg_shift_right: step.osha_age_adjusted_avg_shift_right,
    osha_sts_age_corrected_right: step.osha_sts_age_corrected_right,
    osha_recordable_criteria_age_corrected_sts_right: step.osha_recordable_criteria_age_corrected_sts_right,
    niosh_15db_shift_right: step.niosh_15db_shift_right,
    reference_classification_left: step.reference_classification_left,
    delta_mean_346_left: step.delta_mean_346_left,
    delta_mean_0512_left: step.delta_mean_0512_left,
    max_shift_346_left: step.max_shift_346_left,
    max_shift_any_left: step.max_shift_any_left,
    desencadeamento_left: step.desencadeamento_left,
    agravamento_left: step.agravamento_left,
    nr7_item_left: step.nr7_item_left,
    nr7_criteria_left: step.nr7_criteria_left,
    osha_avg_shift_234_left: step.osha_avg_shift_234_left,
    osha_sts_left: step.osha_sts_left,
    osha_current_avg_234_left: step.osha_current_avg_234_left,
    osha_recordable_criteria_left: step.osha_recordable_criteria_left,
    osha_age_correction_applied_left: step.osha_age_correction_applied_left,
    osha_age_adjusted_avg_shift_left: step.osha_age_adjusted_avg_shift_left,
    osha_sts_age_corrected_left: step.osha_sts_age_corrected_left,
    osha_recordable_criteria_age_corrected_sts_left: step.osha_recordable_criteria_age_corrected_sts_left,
    niosh_15db_shift_left: step.niosh_15db_shift_left,
    desencadeamento: step.desencadeamento,
    agravamento: step.agravamento,
    new_reference_date: step.new_reference_date,
    new_reference_exam_required: step.new_reference_exam_required,
    sequence,
  };
}

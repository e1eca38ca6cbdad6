import type { AudiometricExam, Ear, WorkerSex } from '../audiogram/audiogram';
import { assessOshaEar, type AgeContext } from '../rules/osha/assess-osha-ear';
import type { EarComparison } from '../rules/nr7/compare-with-reference';
import type { SequenceStep } from '../rules/nr7/reference-history';
import { round2 } from './round';

/** Section-10 comparison keys of one sequence step. */
export type ComparisonSummary = Record<string, unknown>;

function ageContext(sex: WorkerSex | undefined, reference: AudiometricExam, current: AudiometricExam): AgeContext | undefined {
  if (!sex || reference.age === undefined || current.age === undefined) return undefined;
  return { sex, baselineAge: reference.age, currentAge: current.age };
}

function earKeys(side: Ear, c: EarComparison, reference: AudiometricExam, current: AudiometricExam, sex: WorkerSex | undefined, out: ComparisonSummary): void {
  out[`reference_classification_${side}`] = c.referenceClassification;
  out[`delta_mean_346_${side}`] = round2(c.deltaMean346);
  out[`delta_mean_0512_${side}`] = round2(c.deltaMean0512);
  out[`max_shift_346_${side}`] = round2(c.maxShift346);
  out[`max_shift_any_${side}`] = round2(c.maxShiftAny);
  out[`desencadeamento_${side}`] = c.desencadeamento;
  out[`agravamento_${side}`] = c.agravamento;
  out[`nr7_item_${side}`] = c.desencadeamento === true ? c.desencadeamentoItem : c.agravamento === true ? '5.4' : null;
  out[`nr7_criteria_${side}`] = c.criteria;
  const osha = assessOshaEar(reference[side], current[side], ageContext(sex, reference, current));
  out[`osha_avg_shift_234_${side}`] = round2(osha.avgShift234);
  out[`osha_sts_${side}`] = osha.sts;
  out[`osha_current_avg_234_${side}`] = round2(osha.currentAvg234);
  out[`osha_recordable_criteria_${side}`] = osha.recordableCriteria;
  if (osha.ageCorrection) {
    out[`osha_age_correction_applied_${side}`] = osha.ageCorrection.applied;
    out[`osha_age_adjusted_avg_shift_${side}`] = round2(osha.ageCorrection.adjustedAvgShift);
    out[`osha_sts_age_corrected_${side}`] = osha.ageCorrection.sts;
    out[`osha_recordable_criteria_age_corrected_sts_${side}`] = osha.ageCorrection.recordableCriteria;
  }
  out[`niosh_15db_shift_${side}`] = osha.niosh15dbShift;
}

/**
 * Section-10 keys for one comparison with the reference in force. OSHA/NIOSH use the same
 * reference as baseline; the Appendix F age correction appears only with sex M/F and both ages.
 */
export function summarizeStep(step: SequenceStep, reference: AudiometricExam, current: AudiometricExam, sex: WorkerSex | undefined): ComparisonSummary {
  const out: ComparisonSummary = {
    sequential_date: step.comparison.sequentialDate,
    reference_date: step.comparison.referenceDate,
    rule_set: step.ruleSet,
  };
  earKeys('right', step.comparison.right, reference, current, sex, out);
  earKeys('left', step.comparison.left, reference, current, sex, out);
  out.desencadeamento = step.comparison.desencadeamento;
  out.agravamento = step.comparison.agravamento;
  out.new_reference_date = step.newReference.date;
  out.new_reference_exam_required = step.newReferenceExamRequired;
  return out;
}

import type { AudiometricExam, WorkerSex } from '../audiogram/audiogram';
import type { EarComparison } from '../rules/nr7/compare-with-reference';
import type { SequenceStep } from '../rules/nr7/reference-history';
import { assessOshaEar, type AgeContext, type OshaEarAssessment } from '../rules/osha/assess-osha-ear';
import { round2 } from './round';

function ageContext(sex: WorkerSex | undefined, reference: AudiometricExam, current: AudiometricExam): AgeContext | undefined {
  if (!sex || reference.age === undefined || current.age === undefined) return undefined;
  return { sex, baselineAge: reference.age, currentAge: current.age };
}

const itemOf = (c: EarComparison) => (c.desencadeamento === true ? c.desencadeamentoItem : c.agravamento === true ? '5.4' : null);

/**
 * Section-10 keys for one comparison with the reference in force (numbers rounded to 2 decimals).
 * `*_bound` keys say when a figure is a bound because of a no-response ('min' ≥, 'max' ≤; I11),
 * left out when exact. OSHA/NIOSH use the same reference as baseline; the Appendix F keys are present only with sex
 * M/F and both ages (undefined keys are left out of JSON). One object literal, for speed.
 */
export function summarizeStep(step: SequenceStep, current: AudiometricExam, sex: WorkerSex | undefined) {
  const reference = step.reference;
  const age = ageContext(sex, reference, current);
  const { right: r, left: l } = step.comparison;
  const or: OshaEarAssessment = assessOshaEar(reference.right, current.right, age);
  const ol: OshaEarAssessment = assessOshaEar(reference.left, current.left, age);
  return {
    sequential_date: step.comparison.sequentialDate as string | undefined,
    reference_date: step.comparison.referenceDate,
    reference_exam_id: reference.id,
    reference_basis: step.referenceBasis,
    reference_designation_reason: reference.designatedReference?.reason,
    rule_set: step.ruleSet,
    reference_classification_right: r.referenceClassification,
    delta_mean_346_right: round2(r.deltaMean346),
    delta_mean_346_right_bound: r.deltaMean346Bound,
    delta_mean_0512_right: round2(r.deltaMean0512),
    delta_mean_0512_right_bound: r.deltaMean0512Bound,
    max_shift_346_right: round2(r.maxShift346),
    max_shift_346_right_bound: r.maxShift346Bound,
    max_shift_any_right: round2(r.maxShiftAny),
    max_shift_any_right_bound: r.maxShiftAnyBound,
    desencadeamento_right: r.desencadeamento,
    agravamento_right: r.agravamento,
    nr7_item_right: itemOf(r),
    nr7_criteria_right: r.criteria,
    osha_avg_shift_234_right: round2(or.avgShift234),
    osha_sts_right: or.sts,
    osha_current_avg_234_right: round2(or.currentAvg234),
    osha_recordable_criteria_right: or.recordableCriteria,
    osha_age_correction_applied_right: or.ageCorrection?.applied,
    osha_age_adjusted_avg_shift_right: or.ageCorrection && round2(or.ageCorrection.adjustedAvgShift),
    osha_sts_age_corrected_right: or.ageCorrection?.sts,
    osha_recordable_criteria_age_corrected_sts_right: or.ageCorrection?.recordableCriteria,
    niosh_15db_shift_right: or.niosh15dbShift,
    reference_classification_left: l.referenceClassification,
    delta_mean_346_left: round2(l.deltaMean346),
    delta_mean_346_left_bound: l.deltaMean346Bound,
    delta_mean_0512_left: round2(l.deltaMean0512),
    delta_mean_0512_left_bound: l.deltaMean0512Bound,
    max_shift_346_left: round2(l.maxShift346),
    max_shift_346_left_bound: l.maxShift346Bound,
    max_shift_any_left: round2(l.maxShiftAny),
    max_shift_any_left_bound: l.maxShiftAnyBound,
    desencadeamento_left: l.desencadeamento,
    agravamento_left: l.agravamento,
    nr7_item_left: itemOf(l),
    nr7_criteria_left: l.criteria,
    osha_avg_shift_234_left: round2(ol.avgShift234),
    osha_sts_left: ol.sts,
    osha_current_avg_234_left: round2(ol.currentAvg234),
    osha_recordable_criteria_left: ol.recordableCriteria,
    osha_age_correction_applied_left: ol.ageCorrection?.applied,
    osha_age_adjusted_avg_shift_left: ol.ageCorrection && round2(ol.ageCorrection.adjustedAvgShift),
    osha_sts_age_corrected_left: ol.ageCorrection?.sts,
    osha_recordable_criteria_age_corrected_sts_left: ol.ageCorrection?.recordableCriteria,
    niosh_15db_shift_left: ol.niosh15dbShift,
    desencadeamento: step.comparison.desencadeamento,
    agravamento: step.comparison.agravamento,
    new_reference_date: step.newReference.date,
    new_reference_exam_id: step.newReference.id,
    new_reference_basis: step.newReferenceBasis,
    new_reference_exam_required: step.newReferenceExamRequired,
  };
}

export type ComparisonSummary = ReturnType<typeof summarizeStep>;

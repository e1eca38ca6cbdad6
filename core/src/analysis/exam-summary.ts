import type { AudiometricExam, EarAudiogram } from '../audiogram/audiogram';
import { acoemEarlyNihlPattern } from '../rules/clinical-pattern';
import { biapGrade, lloydKaplanGrade, who1997Grade, who2021Grade } from '../rules/degree/degree-scales';
import { betterEar, mean346, mean346Bound, pta3, pta3Bound, pta4, pta4Bound } from '../rules/degree/pure-tone-average';
import { lossTypeOf } from '../rules/loss-type';
import { classifyNr7Ear } from '../rules/nr7/classify-nr7-ear';
import { checkExamValidity } from '../rules/nr7/exam-validity';
import { missingMandatoryFrequencies } from '../rules/nr7/missing-frequencies';
import { round2 } from './round';

/** Per-ear facts of one exam (unrounded). */
function earFacts(ear: EarAudiogram) {
  const p3 = pta3(ear);
  const p4 = pta4(ear);
  return {
    classification: classifyNr7Ear(ear),
    p3,
    p4,
    m346: mean346(ear),
    p3Bound: pta3Bound(ear),
    p4Bound: pta4Bound(ear),
    m346Bound: mean346Bound(ear),
    missing: missingMandatoryFrequencies(ear),
    acoem: acoemEarlyNihlPattern(ear),
    lossType: ear.bone ? lossTypeOf(ear) : undefined,
  };
}

/**
 * Section-10 keys of one exam (clinical-rules §10): NR-7 class, PTAs, degree scales, ACOEM flag,
 * completeness, loss type (only where bone conduction was given; undefined keys are left out of
 * JSON) and NR-7 validity findings. A mean with a no-response is its lower bound, flagged by its
 * `*_bound: 'min'` key (I11). Numbers rounded to 2 decimals for display.
 * Built as one object literal so the 100 000-history batch stays fast.
 */
export function summarizeExam(exam: AudiometricExam) {
  const r = earFacts(exam.right);
  const l = earFacts(exam.left);
  const better = betterEar(r.p4, l.p4);
  return {
    exam_date: exam.date,
    classification_right: r.classification,
    pta3_right: round2(r.p3),
    pta3_right_bound: r.p3Bound,
    pta4_right: round2(r.p4),
    pta4_right_bound: r.p4Bound,
    mean_346_right: round2(r.m346),
    mean_346_right_bound: r.m346Bound,
    lloyd_kaplan_right: lloydKaplanGrade(r.p3),
    who1997_grade_right: who1997Grade(r.p4),
    who2021_ear_grade_right: who2021Grade(r.p4),
    biap_right: biapGrade(r.p4),
    acoem_early_nihl_pattern_right: r.acoem,
    missing_mandatory_frequencies_right: r.missing,
    loss_type_right: r.lossType,
    classification_left: l.classification,
    pta3_left: round2(l.p3),
    pta3_left_bound: l.p3Bound,
    pta4_left: round2(l.p4),
    pta4_left_bound: l.p4Bound,
    mean_346_left: round2(l.m346),
    mean_346_left_bound: l.m346Bound,
    lloyd_kaplan_left: lloydKaplanGrade(l.p3),
    who1997_grade_left: who1997Grade(l.p4),
    who2021_ear_grade_left: who2021Grade(l.p4),
    biap_left: biapGrade(l.p4),
    acoem_early_nihl_pattern_left: l.acoem,
    missing_mandatory_frequencies_left: l.missing,
    loss_type_left: l.lossType,
    who2021_grade: who2021Grade(better),
    who1997_grade: who1997Grade(better),
    exam_complete: r.missing.length === 0 && l.missing.length === 0,
    exam_findings: checkExamValidity(exam),
  };
}

export type ExamSummary = ReturnType<typeof summarizeExam>;

import type { AudiometricExam, Ear } from '../audiogram/audiogram';
import { acoemEarlyNihlPattern } from '../rules/clinical-pattern';
import { biapGrade, lloydKaplanGrade, who1997Grade, who2021Grade } from '../rules/degree/degree-scales';
import { betterEar, mean346, pta3, pta4 } from '../rules/degree/pure-tone-average';
import { lossTypeOf } from '../rules/loss-type';
import { classifyNr7Ear } from '../rules/nr7/classify-nr7-ear';
import { checkExamValidity } from '../rules/nr7/exam-validity';
import { isExamComplete, missingMandatoryFrequencies } from '../rules/nr7/missing-frequencies';
import { round2 } from './round';

/** Section-10 keys of one exam (clinical-rules §10), numbers rounded to 2 decimals for display. */
export type ExamSummary = Record<string, unknown>;

function earKeys(exam: AudiometricExam, side: Ear, out: ExamSummary): number | null {
  const ear = exam[side];
  const p3 = pta3(ear);
  const p4 = pta4(ear);
  out[`classification_${side}`] = classifyNr7Ear(ear);
  out[`pta3_${side}`] = round2(p3);
  out[`pta4_${side}`] = round2(p4);
  out[`mean_346_${side}`] = round2(mean346(ear));
  out[`lloyd_kaplan_${side}`] = lloydKaplanGrade(p3);
  out[`who1997_grade_${side}`] = who1997Grade(p4);
  out[`who2021_ear_grade_${side}`] = who2021Grade(p4);
  out[`biap_${side}`] = biapGrade(p4);
  out[`acoem_early_nihl_pattern_${side}`] = acoemEarlyNihlPattern(ear);
  out[`missing_mandatory_frequencies_${side}`] = missingMandatoryFrequencies(ear);
  if (ear.bone) out[`loss_type_${side}`] = lossTypeOf(ear);
  return p4;
}

/** Per-exam outputs: NR-7 class, PTAs, degree scales, ACOEM flag, completeness, validity findings. */
export function summarizeExam(exam: AudiometricExam): ExamSummary {
  const out: ExamSummary = { exam_date: exam.date };
  const right = earKeys(exam, 'right', out);
  const left = earKeys(exam, 'left', out);
  const better = betterEar(right, left);
  out.who2021_grade = who2021Grade(better);
  out.who1997_grade = who1997Grade(better);
  out.exam_complete = isExamComplete(exam);
  out.exam_findings = checkExamValidity(exam);
  return out;
}

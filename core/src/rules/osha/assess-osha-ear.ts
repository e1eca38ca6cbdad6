import type { EarAudiogram, WorkerSex } from '../../audiogram/audiogram';
import { NIOSH_FREQUENCIES, OSHA_FREQUENCIES } from '../../audiogram/frequencies';
import { boundsOf } from '../bounds';
import { airMean } from '../degree/pure-tone-average';
import { anyShiftReaches, exactShift, meanShift, reaches } from '../shift';
import { andTri, type Tri } from '../tri';
import { appendixFCorrection } from './appendix-f';

/** 29 CFR 1910.95(g)(10)(i): STS = average shift at 2/3/4 kHz of "10 decibels (dB) or more". */
export const OSHA_STS_DB = 10;
/** 29 CFR 1904.10(a): recordable when the current 2/3/4 kHz average is 25 dB or more. */
export const OSHA_RECORDABLE_DB = 25;
/** NIOSH 96-110/98-126: a shift of 15 dB or more at any of 500–6000 Hz. */
export const NIOSH_SHIFT_DB = 15;

export interface AgeContext {
  readonly sex: WorkerSex;
  readonly baselineAge: number;
  readonly currentAge: number;
}

export interface OshaEarAssessment {
  /** mean(cur 2k,3k,4k) − mean(baseline 2k,3k,4k), dB; null if missing or NR. */
  readonly avgShift234: number | null;
  readonly sts: Tri;
  /** mean(cur 2k,3k,4k), dB HL; null if missing or NR. */
  readonly currentAvg234: number | null;
  /** STS and current average ≥ 25 in the same ear (1904.10(a)); work-relatedness not evaluated. */
  readonly recordableCriteria: Tri;
  /** Present only when an age correction was computed (never applied silently). */
  readonly ageCorrection?: {
    readonly applied: { readonly 2000: number; readonly 3000: number; readonly 4000: number };
    readonly adjustedAvgShift: number | null;
    readonly sts: Tri;
    /** 1904.10(b)(3): the age correction is allowed for the STS part only, never for the 25 dB test. */
    readonly recordableCriteria: Tri;
  };
  /** NIOSH 15 dB shift at any of 500–6000 Hz (a candidate: NIOSH requires an immediate retest). */
  readonly niosh15dbShift: Tri;
}

/** `exact` is airMean(ear, OSHA_FREQUENCIES), computed once by the caller. */
function currentAverageAtLeast(ear: EarAudiogram, exact: number | null, limit: number): Tri {
  if (exact !== null) return exact >= limit;
  let lo = 0;
  let hi = 0;
  for (const f of OSHA_FREQUENCIES) {
    const b = boundsOf(ear.air[f]);
    if (!b) return null;
    lo += b.lo;
    hi += b.hi;
  }
  return reaches({ lo: lo / OSHA_FREQUENCIES.length, hi: hi / OSHA_FREQUENCIES.length }, limit);
}

/**
 * OSHA STS (1910.95(g)(10)), OSHA recordable criteria (1904.10) and NIOSH 15 dB shift of one ear
 * against the baseline (the NR-7 reference in force). The Appendix F age correction is computed
 * only when `age` is given, and reported alongside the unadjusted figures.
 */
export function assessOshaEar(baseline: EarAudiogram, current: EarAudiogram, age?: AgeContext): OshaEarAssessment {
  const shift = meanShift(baseline, current, OSHA_FREQUENCIES);
  const sts = reaches(shift, OSHA_STS_DB);
  const currentAvg234 = airMean(current, OSHA_FREQUENCIES);
  const high = currentAverageAtLeast(current, currentAvg234, OSHA_RECORDABLE_DB);
  const avgShift234 = exactShift(shift);
  const recordableCriteria = andTri(sts, high);
  const niosh15dbShift = anyShiftReaches(baseline, current, NIOSH_FREQUENCIES, NIOSH_SHIFT_DB);
  const applied = age && appendixFCorrection(age.sex, age.baselineAge, age.currentAge);
  // two literals (not a spread of one into the other): the key order is the same as before
  if (!applied) return { avgShift234, sts, currentAvg234, recordableCriteria, niosh15dbShift };
  const meanCorrection = (applied[2000] + applied[3000] + applied[4000]) / OSHA_FREQUENCIES.length;
  const adjusted = shift && { lo: shift.lo - meanCorrection, hi: shift.hi - meanCorrection };
  const ageSts = reaches(adjusted, OSHA_STS_DB);
  return {
    avgShift234,
    sts,
    currentAvg234,
    recordableCriteria,
    niosh15dbShift,
    ageCorrection: {
      applied,
      adjustedAvgShift: exactShift(adjusted),
      sts: ageSts,
      recordableCriteria: andTri(ageSts, high),
    },
  };
}

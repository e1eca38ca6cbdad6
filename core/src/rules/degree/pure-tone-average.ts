import type { EarAudiogram } from '../../audiogram/audiogram';
import { LOW_FREQUENCIES, NOTCH_FREQUENCIES, PTA4_FREQUENCIES } from '../../audiogram/frequencies';
import { valueOrLowerBound } from '../../audiogram/threshold';
import type { DbBound } from '../bounds';

/**
 * Mean of the air-conduction thresholds at `freqs`, dB HL, unrounded (clinical-rules I10).
 * null when any of them is not measured or is a no-response (exact values only: OSHA, ACOEM).
 */
export function airMean(ear: EarAudiogram, freqs: readonly number[]): number | null {
  let sum = 0;
  for (const f of freqs) {
    const t = ear.air[f as keyof EarAudiogram['air']];
    if (typeof t !== 'number') return null;
    sum += t;
  }
  return sum / freqs.length;
}

/**
 * Mean of the air-conduction thresholds at `freqs` with a no-response counted as its lower bound
 * L + 5 (clinical-rules I11): the exact mean, or a lower bound of it when an NR is among them
 * (see {@link airMeanBound}). null when any of them is not measured.
 */
export function airMeanAtLeast(ear: EarAudiogram, freqs: readonly number[]): number | null {
  let sum = 0;
  for (const f of freqs) {
    const t = valueOrLowerBound(ear.air[f as keyof EarAudiogram['air']]);
    if (t === undefined) return null;
    sum += t;
  }
  return sum / freqs.length;
}

/** 'min' when {@link airMeanAtLeast} over `freqs` is a lower bound (an NR among them, I11), else undefined. */
export function airMeanBound(ear: EarAudiogram, freqs: readonly number[]): DbBound | undefined {
  for (const f of freqs) {
    const t = ear.air[f as keyof EarAudiogram['air']];
    if (t !== null && t !== undefined && typeof t !== 'number') return 'min';
  }
  return undefined;
}

/** PTA3 = mean(500, 1000, 2000 Hz), dB HL (spec §9 "three-tone average"; Lloyd & Kaplan); a lower bound with an NR. */
export const pta3 = (ear: EarAudiogram): number | null => airMeanAtLeast(ear, LOW_FREQUENCIES);
/** PTA4 = mean(500, 1000, 2000, 4000 Hz), dB HL (WHO 1997/2021, BIAP 02/1); a lower bound with an NR. */
export const pta4 = (ear: EarAudiogram): number | null => airMeanAtLeast(ear, PTA4_FREQUENCIES);
/** Mean of 3000, 4000, 6000 Hz, dB HL (spec "média 3-6 kHz", NR-7 item 5.3 a); a lower bound with an NR. */
export const mean346 = (ear: EarAudiogram): number | null => airMeanAtLeast(ear, NOTCH_FREQUENCIES);
export const pta3Bound = (ear: EarAudiogram): DbBound | undefined => airMeanBound(ear, LOW_FREQUENCIES);
export const pta4Bound = (ear: EarAudiogram): DbBound | undefined => airMeanBound(ear, PTA4_FREQUENCIES);
export const mean346Bound = (ear: EarAudiogram): DbBound | undefined => airMeanBound(ear, NOTCH_FREQUENCIES);

/** The lower (better-ear) of two PTAs; null if either is unknown (the better ear is then unknown). */
export function betterEar(right: number | null, left: number | null): number | null {
  return right === null || left === null ? null : Math.min(right, left);
}

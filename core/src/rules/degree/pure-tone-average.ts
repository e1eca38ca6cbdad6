import type { EarAudiogram } from '../../audiogram/audiogram';
import { LOW_FREQUENCIES, NOTCH_FREQUENCIES, PTA4_FREQUENCIES } from '../../audiogram/frequencies';

/**
 * Mean of the air-conduction thresholds at `freqs`, dB HL, unrounded (clinical-rules I10).
 * null when any of them is not measured or is a no-response (NR has no numeric value).
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

/** PTA3 = mean(500, 1000, 2000 Hz), dB HL (spec §9 "three-tone average"; Lloyd & Kaplan). */
export const pta3 = (ear: EarAudiogram): number | null => airMean(ear, LOW_FREQUENCIES);
/** PTA4 = mean(500, 1000, 2000, 4000 Hz), dB HL (WHO 1997/2021, BIAP 02/1). */
export const pta4 = (ear: EarAudiogram): number | null => airMean(ear, PTA4_FREQUENCIES);
/** Mean of 3000, 4000, 6000 Hz, dB HL (spec "média 3-6 kHz", NR-7 item 5.3 a). */
export const mean346 = (ear: EarAudiogram): number | null => airMean(ear, NOTCH_FREQUENCIES);

/** The lower (better-ear) of two PTAs; null if either is unknown (the better ear is then unknown). */
export function betterEar(right: number | null, left: number | null): number | null {
  return right === null || left === null ? null : Math.min(right, left);
}

import type { EarAudiogram } from '../audiogram/audiogram';
import { LOW_FREQUENCIES, MANDATORY_AIR_FREQUENCIES, NOTCH_FREQUENCIES } from '../audiogram/frequencies';
import { airMean } from './degree/pure-tone-average';
import { NR7_ACCEPTABLE_LIMIT_DB } from './nr7/classify-nr7-ear';

function notchMax(ear: EarAudiogram): number | null {
  let max = Number.NEGATIVE_INFINITY;
  for (const f of NOTCH_FREQUENCIES) {
    const t = ear.air[f];
    if (typeof t !== 'number') return null;
    if (t > max) max = t;
  }
  return max;
}

/**
 * Recovery at 8 kHz: T(8000) < max(T3k, T4k, T6k), dB HL (ACOEM: "8000 Hz is usually better than the
 * deepest point of the notch"). null when a needed threshold is missing or is a no-response.
 */
export function hasRecoveryAt8k(ear: EarAudiogram): boolean | null {
  const max = notchMax(ear);
  const t8 = ear.air[8000];
  if (max === null || typeof t8 !== 'number') return null;
  return t8 < max;
}

/**
 * ACOEM early-NIHL pattern (clinical-rules §6.2): max(3k,4k,6k) > 25 and mean(3k,4k,6k) >
 * mean(500,1k,2k) and T(8k) < max(3k,4k,6k), air conduction. The "> 25" term reuses the NR-7 5.1
 * limit so normal ears are not flagged. A clinical flag, not a legal outcome. null when a needed
 * threshold is missing or is a no-response.
 */
export function acoemEarlyNihlPattern(ear: EarAudiogram): boolean | null {
  const max = notchMax(ear);
  const high = airMean(ear, NOTCH_FREQUENCIES);
  const low = airMean(ear, LOW_FREQUENCIES);
  const recovery = hasRecoveryAt8k(ear);
  if (max === null || high === null || low === null || recovery === null) return null;
  return max > NR7_ACCEPTABLE_LIMIT_DB && high > low && recovery;
}

/**
 * Interaural asymmetry used only by the nexo-causal suggestion (never a legal rule, clinical-rules
 * §6.2): a difference of ≥ 15 dB between ears at two or more adjacent mandatory frequencies, a
 * screening criterion common in otology (our choice, documented in docs/clinical-rules.md).
 * null when fewer than two adjacent frequencies are measured in both ears.
 */
export const ASYMMETRY_DIFFERENCE_DB = 15;
export function isAsymmetric(right: EarAudiogram, left: EarAudiogram): boolean | null {
  let previous = false;
  let comparable = false;
  let prevMeasured = false;
  for (const f of MANDATORY_AIR_FREQUENCIES) {
    const r = right.air[f];
    const l = left.air[f];
    if (typeof r !== 'number' || typeof l !== 'number') {
      previous = false;
      prevMeasured = false;
      continue;
    }
    if (prevMeasured) comparable = true;
    const differs = Math.abs(r - l) >= ASYMMETRY_DIFFERENCE_DB;
    if (differs && previous) return true;
    previous = differs;
    prevMeasured = true;
  }
  return comparable ? false : null;
}

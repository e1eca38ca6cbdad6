/**
 * The product spec's own two scales (spec §4). They are product features, not Lloyd & Kaplan, and
 * are kept as two functions on purpose (style guide: "never silently merged").
 */

export type HearingSeverity = 'Normal' | 'Leve' | 'Moderado' | 'Severo' | 'Profundo';

/**
 * Exam-based evolution severity from a PTA in dB HL (spec §4 "Hearing severity, exam-based
 * evolution": up to 25 Normal; up to 40 Leve; up to 55 Moderado; up to 70 Severo; above 70 Profundo).
 * null PTA (not computable) → null.
 */
export function severityFromPta(pta: number | null): HearingSeverity | null {
  if (pta === null) return null;
  if (pta <= 25) return 'Normal';
  if (pta <= 40) return 'Leve';
  if (pta <= 55) return 'Moderado';
  if (pta <= 70) return 'Severo';
  return 'Profundo';
}

export type LossClass = 'Normal' | 'Leve' | 'Moderada' | 'Moderadamente Severa' | 'Severa';

/**
 * Report-based evolution loss class from a mean threshold in dB HL (spec §4 "Loss classification,
 * report-based evolution": 25 or less Normal; up to 40 Leve; up to 55 Moderada; up to 70
 * Moderadamente Severa; above 70 Severa). null mean → null.
 */
export function lossClassFromMean(mean: number | null): LossClass | null {
  if (mean === null) return null;
  if (mean <= 25) return 'Normal';
  if (mean <= 40) return 'Leve';
  if (mean <= 55) return 'Moderada';
  if (mean <= 70) return 'Moderadamente Severa';
  return 'Severa';
}

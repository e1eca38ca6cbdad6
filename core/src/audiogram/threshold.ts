/**
 * A hearing threshold at one frequency, in dB HL:
 * - a finite number: the measured threshold (exact; the rules never round it, clinical-rules I10);
 * - `NoResponse`: no response up to `level` dB HL, the maximum output tested. It is a state, never
 *   a number: the true threshold is only known to be above `level` (clinical-rules I11);
 * - `null`: not measured.
 */
export type Threshold = number | NoResponse | null;

export interface NoResponse {
  readonly kind: 'no_response';
  /** Highest level presented without response, dB HL. */
  readonly level: number;
}

export const noResponse = (level: number): NoResponse => ({ kind: 'no_response', level });

export function isNoResponse(t: Threshold | undefined): t is NoResponse {
  return typeof t === 'object' && t !== null;
}

/** True for a measured number (not NR, not missing). */
export function isMeasured(t: Threshold | undefined): t is number {
  return typeof t === 'number';
}

/** True when the frequency was tested: a number or a no-response. */
export function isTested(t: Threshold | undefined): t is number | NoResponse {
  return t !== null && t !== undefined;
}

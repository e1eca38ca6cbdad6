/**
 * A hearing threshold at one frequency, in dB HL:
 * - a finite number: the measured threshold (exact; the rules never round it, clinical-rules I10);
 * - `NoResponse`: no response up to `level` dB HL, the maximum output tested. The true threshold is
 *   only known to be at least `level` + 5 (the next grid step): a lower bound (clinical-rules I11);
 * - `null`: not measured.
 */
export type Threshold = number | NoResponse | null;

export interface NoResponse {
  readonly kind: 'no_response';
  /** Highest level presented without response, dB HL. */
  readonly level: number;
}

export const noResponse = (level: number): NoResponse => ({ kind: 'no_response', level });

/** The audiometer's grid step, dB: an NR at level L means a threshold of at least L + 5 (clinical-rules I11). */
export const NO_RESPONSE_STEP_DB = 5;

/** Lower bound of a no-response, dB HL: the next step above the highest level presented (I11). */
export const noResponseLowerBound = (t: NoResponse): number => t.level + NO_RESPONSE_STEP_DB;

/**
 * The value the rules use for a threshold: the number itself, or the lower bound L + 5 of a
 * no-response (I11 "the bound is used as the value"); undefined when not measured.
 */
export function valueOrLowerBound(t: Threshold | undefined): number | undefined {
  if (t === null || t === undefined) return undefined;
  return typeof t === 'number' ? t : noResponseLowerBound(t);
}

export function isNoResponse(t: Threshold | undefined): t is NoResponse {
  return typeof t === 'object' && t !== null;
}

/** True when the frequency was tested: a number or a no-response. */
export function isTested(t: Threshold | undefined): t is number | NoResponse {
  return t !== null && t !== undefined;
}

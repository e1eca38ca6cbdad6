import { isNoResponse, noResponseLowerBound, type Threshold } from '../audiogram/threshold';

/**
 * What is known about a value in dB: it lies in [lo, hi], or in (lo, hi] when `loOpen`.
 * A measured threshold is the point [v, v]; a no-response at level L is [L + 5, +∞) — a lower
 * bound, never a point value (clinical-rules I11).
 */
export interface Bounds {
  readonly lo: number;
  readonly hi: number;
  readonly loOpen: boolean;
}

/** Bounds of a threshold, or undefined when it was not measured. */
export function boundsOf(t: Threshold | undefined): Bounds | undefined {
  if (t === null || t === undefined) return undefined;
  if (isNoResponse(t)) return { lo: noResponseLowerBound(t), hi: Number.POSITIVE_INFINITY, loOpen: false };
  return { lo: t, hi: t, loOpen: false };
}

/** Is the value certainly above `x` (true), certainly not (false), or unknown (null)? */
export function above(b: Bounds, x: number): boolean | null {
  if (b.lo > x || (b.loOpen && b.lo >= x)) return true;
  if (b.hi <= x) return false;
  return null;
}

/**
 * How a reported dB value relates to the truth (clinical-rules I11): 'min' = the true value is at
 * least it ("≥ X"), 'max' = at most it ("≤ X"); an exact value has no bound.
 */
export type DbBound = 'min' | 'max';

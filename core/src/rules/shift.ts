import type { EarAudiogram } from '../audiogram/audiogram';
import { boundsOf, type DbBound } from './bounds';
import type { Tri } from './tri';

/** Bounds of a difference seq − ref in dB (positive = worse, clinical-rules I1). */
export interface ShiftBounds {
  readonly lo: number;
  readonly hi: number;
}

/** seq(f) − ref(f) in dB as bounds, or undefined when either is not measured. NR widens the bounds. */
export function shiftAt(ref: EarAudiogram, seq: EarAudiogram, f: number): ShiftBounds | undefined {
  const rt = ref.air[f as keyof EarAudiogram['air']];
  const st = seq.air[f as keyof EarAudiogram['air']];
  if (typeof rt === 'number' && typeof st === 'number') return { lo: st - rt, hi: st - rt };
  const r = boundsOf(rt);
  const s = boundsOf(st);
  if (!r || !s) return undefined;
  return { lo: s.lo - r.hi, hi: s.hi - r.lo };
}

/** mean(seq) − mean(ref) over `freqs` as bounds; undefined if any of the values is not measured. */
export function meanShift(ref: EarAudiogram, seq: EarAudiogram, freqs: readonly number[]): ShiftBounds | undefined {
  let lo = 0;
  let hi = 0;
  for (const f of freqs) {
    const rt = ref.air[f as keyof EarAudiogram['air']];
    const st = seq.air[f as keyof EarAudiogram['air']];
    if (typeof rt === 'number' && typeof st === 'number') {
      lo += st - rt;
      hi += st - rt;
      continue;
    }
    const d = shiftAt(ref, seq, f);
    if (!d) return undefined;
    lo += d.lo;
    hi += d.hi;
  }
  return { lo: lo / freqs.length, hi: hi / freqs.length };
}

/** The exact value of a shift, or null when it is not measured or involves a no-response. */
export function exactShift(b: ShiftBounds | undefined): number | null {
  return b && b.lo === b.hi ? b.lo : null;
}

/**
 * Does the shift reach `limit` ("iguala ou ultrapassa" = ≥)? null when not evaluable (missing
 * value) or when a no-response leaves it undecided (an NR bound exactly at the limit counts as
 * undecided, which is conservative).
 */
export function reaches(b: ShiftBounds | undefined, limit: number): Tri {
  if (!b) return null;
  if (b.lo >= limit) return true;
  if (b.hi < limit) return false;
  return null;
}

/** Any single frequency of `freqs` whose shift reaches `limit` (three-valued). */
export function anyShiftReaches(ref: EarAudiogram, seq: EarAudiogram, freqs: readonly number[], limit: number): Tri {
  let unknown = false;
  for (const f of freqs) {
    const rt = ref.air[f as keyof EarAudiogram['air']];
    const st = seq.air[f as keyof EarAudiogram['air']];
    if (typeof rt === 'number' && typeof st === 'number') {
      if (st - rt >= limit) return true;
      continue;
    }
    const met = reaches(shiftAt(ref, seq, f), limit);
    if (met === true) return true;
    if (met === null) unknown = true;
  }
  return unknown ? null : false;
}

/** A shift as reported: the exact value, or the one finite end of its bounds (I11), or null. */
export interface ShiftValue {
  readonly value: number | null;
  readonly bound?: DbBound;
}

/**
 * The reportable value of a shift (clinical-rules I11): exact when known; with an NR only in the
 * sequential exam the difference is a lower bound ('min'); with an NR only in the reference an
 * upper bound ('max', also for a largest shift known only to lie between two finite values); with both ends unknown (NR in both, or not measured) null.
 */
export function shiftValue(b: ShiftBounds | undefined): ShiftValue {
  if (!b) return { value: null };
  if (b.lo === b.hi) return { value: b.lo };
  const loFinite = Number.isFinite(b.lo);
  const hiFinite = Number.isFinite(b.hi);
  if (loFinite && !hiFinite) return { value: b.lo, bound: 'min' };
  if (hiFinite) return { value: b.hi, bound: 'max' };
  return { value: null };
}

/**
 * Bounds of the largest single-frequency shift over `freqs` measured (or NR) in both exams;
 * undefined when none is.
 */
export function maxShiftBounds(ref: EarAudiogram, seq: EarAudiogram, freqs: readonly number[]): ShiftBounds | undefined {
  let lo = Number.NEGATIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let any = false;
  for (const f of freqs) {
    const d = shiftAt(ref, seq, f);
    if (!d) continue;
    any = true;
    if (d.lo > lo) lo = d.lo;
    if (d.hi > hi) hi = d.hi;
  }
  return any ? { lo, hi } : undefined;
}

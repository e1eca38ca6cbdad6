import type { EarAudiogram } from '../audiogram/audiogram';
import { boundsOf } from './bounds';
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

/**
 * Largest exact single-frequency shift over `freqs` measured in both exams (dB), or null when
 * none is, or when a no-response makes the largest one unknown.
 */
export function maxExactShift(ref: EarAudiogram, seq: EarAudiogram, freqs: readonly number[]): number | null {
  let max: number | null = null;
  for (const f of freqs) {
    const rt = ref.air[f as keyof EarAudiogram['air']];
    const st = seq.air[f as keyof EarAudiogram['air']];
    if (rt === null || rt === undefined || st === null || st === undefined) continue;
    if (typeof rt !== 'number' || typeof st !== 'number') return null;
    if (max === null || st - rt > max) max = st - rt;
  }
  return max;
}

import type { EarAudiogram } from '../../audiogram/audiogram';
import { AIR_FREQUENCIES, type AirFrequency } from '../../audiogram/frequencies';
import { above, boundsOf, greaterThan, maxBounds, type Bounds } from '../bounds';
import { allTri, anyTri, type Tri } from '../tri';

/** NR-7 Anexo II item 5 outcome of one ear (= Portaria 19 item 4.1). */
export type Nr7Classification = 'aceitavel' | 'sugestivo_painpse' | 'nao_sugestivo';

/** NR-7 Anexo II 5.1 / 5.2: "25 (vinte e cinco) dB (NA)". */
export const NR7_ACCEPTABLE_LIMIT_DB = 25;

const isNotch = (f: AirFrequency): boolean => f === 3000 || f === 4000 || f === 6000;

/**
 * Classifies one ear under NR-7 Anexo II item 5 (Portaria 19 item 4.1), air conduction in dB HL,
 * evaluated on the frequencies actually tested (clinical-rules I4; a missing frequency is ignored).
 * - aceitavel (5.1): every tested threshold ≤ 25.
 * - sugestivo_painpse (5.2): H = max(3k,4k,6k) > 25 and H > every other tested frequency, 8 kHz and
 *   250 Hz included (I2), unless bone conduction at a 3/4 kHz frequency carrying the notch is
 *   measured and ≤ 25 (pattern absent by bone conduction, I3).
 * - nao_sugestivo (5.2.1): otherwise.
 * NR (no response at level L) counts as "above L"; returns null when an NR leaves the outcome
 * undecided (e.g. NR at 20 dB, or NR at both a notch and a non-notch frequency), and null when no
 * air-conduction frequency was tested at all.
 */
export function classifyNr7Ear(ear: EarAudiogram): Nr7Classification | null {
  // No memo here: walkReferenceHistory classifies each exam's ears once per history and passes the
  // classes down (a process-wide WeakMap cost more in lookups and GC than it saved).
  return classifyMeasured(ear) ?? classifyWithBounds(ear);
}

/** Fast path when every tested air threshold is a number; undefined when an NR needs the bounds path. */
function classifyMeasured(ear: EarAudiogram): Nr7Classification | null | undefined {
  let tested = 0;
  let h = Number.NEGATIVE_INFINITY;
  let o = Number.NEGATIVE_INFINITY;
  for (const f of AIR_FREQUENCIES) {
    const t = ear.air[f];
    if (t === null || t === undefined) continue;
    if (typeof t !== 'number') return undefined;
    tested++;
    if (isNotch(f)) h = Math.max(h, t);
    else o = Math.max(o, t);
  }
  if (tested === 0) return null;
  if (Math.max(h, o) <= NR7_ACCEPTABLE_LIMIT_DB) return 'aceitavel';
  if (!(h > NR7_ACCEPTABLE_LIMIT_DB && h > o)) return 'nao_sugestivo';
  if (!ear.bone) return 'sugestivo_painpse';
  const absentByBone = boneExcludesPattern(ear, o === Number.NEGATIVE_INFINITY ? undefined : { lo: o, hi: o, loOpen: false });
  if (absentByBone === null) return null;
  return absentByBone ? 'nao_sugestivo' : 'sugestivo_painpse';
}

function classifyWithBounds(ear: EarAudiogram): Nr7Classification | null {
  const notch: (Bounds | undefined)[] = [];
  const other: (Bounds | undefined)[] = [];
  const allAbove25: Tri[] = [];
  for (const f of AIR_FREQUENCIES) {
    const b = boundsOf(ear.air[f]);
    if (!b) continue;
    (isNotch(f) ? notch : other).push(b);
    allAbove25.push(above(b, NR7_ACCEPTABLE_LIMIT_DB));
  }
  if (allAbove25.length === 0) return null; // nothing examined: 5.1 cannot be evaluated
  const altered = anyTri(allAbove25); // negation of 5.1
  if (altered === false) return 'aceitavel';
  if (altered === null) return null;

  const h = maxBounds(notch);
  if (!h) return 'nao_sugestivo';
  const o = maxBounds(other);
  const pattern = allTri([above(h, NR7_ACCEPTABLE_LIMIT_DB), o ? greaterThan(h, o) : true]);
  if (pattern === false) return 'nao_sugestivo';
  if (pattern === null) return null;

  const absentByBone = boneExcludesPattern(ear, o);
  if (absentByBone === null) return null;
  return absentByBone ? 'nao_sugestivo' : 'sugestivo_painpse';
}

/**
 * I3: for f in {3000, 4000} whose air threshold is > 25 and > O, a measured bone threshold ≤ 25
 * means the elevation is not sensorineural there, so the 5.2 pattern is absent. 6 kHz has no bone
 * conduction and is judged on air conduction alone.
 */
function boneExcludesPattern(ear: EarAudiogram, o: Bounds | undefined): Tri {
  if (!ear.bone) return false;
  const checks: Tri[] = [];
  for (const f of [3000, 4000] as const) {
    const air = boundsOf(ear.air[f]);
    const bone = boundsOf(ear.bone[f]);
    if (!air || !bone) continue;
    const carriesNotch = allTri([above(air, NR7_ACCEPTABLE_LIMIT_DB), o ? greaterThan(air, o) : true]);
    const boneAbove = above(bone, NR7_ACCEPTABLE_LIMIT_DB);
    checks.push(allTri([carriesNotch, boneAbove === null ? null : !boneAbove]));
  }
  return anyTri(checks);
}

import type { EarAudiogram } from '../../audiogram/audiogram';
import { AIR_FREQUENCIES, type AirFrequency } from '../../audiogram/frequencies';
import { valueOrLowerBound } from '../../audiogram/threshold';

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
 *   250 Hz included (I2) — unless bone conduction shows the notch is conductive (I3, below).
 * - nao_sugestivo (5.2.1): otherwise.
 * A no-response at level L counts as its lower bound L + 5 (I11: "the bound is used as the value").
 * null only when no air-conduction frequency was tested at all.
 */
export function classifyNr7Ear(ear: EarAudiogram): Nr7Classification | null {
  let tested = 0;
  let h = Number.NEGATIVE_INFINITY;
  let o = Number.NEGATIVE_INFINITY;
  for (const f of AIR_FREQUENCIES) {
    const t = valueOrLowerBound(ear.air[f]);
    if (t === undefined) continue;
    tested++;
    if (isNotch(f)) h = Math.max(h, t);
    else o = Math.max(o, t);
  }
  if (tested === 0) return null;
  if (Math.max(h, o) <= NR7_ACCEPTABLE_LIMIT_DB) return 'aceitavel';
  if (!(h > NR7_ACCEPTABLE_LIMIT_DB && h > o)) return 'nao_sugestivo';
  return notchIsConductive(ear, o) ? 'nao_sugestivo' : 'sugestivo_painpse';
}

/**
 * I3 ("tanto no teste da via aérea quanto da via óssea", read with the norm's "3.000 e/ou 4.000 e/ou
 * 6.000 Hz"): one frequency where the pattern holds is enough, so bone conduction overturns the air
 * pattern only when the notch is conductive everywhere it can be checked. E34 = the 3/4 kHz
 * frequencies whose air threshold is > 25 and > O. The notch is conductive when E34 is not empty and,
 * at EVERY f in E34, bone conduction was measured and is ≤ 25. With bone missing at one of them, or
 * > 25 at one of them, the air pattern stands; a notch carried only by 6 kHz (no bone conduction
 * there) is judged on air conduction alone.
 */
function notchIsConductive(ear: EarAudiogram, o: number): boolean {
  const bone = ear.bone;
  if (!bone) return false;
  let elevated = 0;
  for (const f of [3000, 4000] as const) {
    const air = valueOrLowerBound(ear.air[f]);
    if (air === undefined || !(air > NR7_ACCEPTABLE_LIMIT_DB && air > o)) continue;
    elevated++;
    const b = valueOrLowerBound(bone[f]);
    if (b === undefined || b > NR7_ACCEPTABLE_LIMIT_DB) return false;
  }
  return elevated > 0;
}

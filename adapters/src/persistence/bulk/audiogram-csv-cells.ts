import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../../../core/src';
import { csv, dec } from './csv-cells';
import { firstMember, isNumberToken, isObjectToken, keyIs, nextMember, stringEnd, tokenText, valueEnd } from './jsonb-text';

const AIR_SLOT = new Map<number, number>(AIR_FREQUENCIES.map((hz, i) => [hz, i]));
const BONE_SLOT = new Map<number, number>(BONE_FREQUENCIES.map((hz, i) => [hz, 2 * AIR_FREQUENCIES.length + i]));

/** The frequency a member key `"250"` names, or -1 (jsonb prints the key 250 only as `"250"`: no sign, no leading zero). */
function hzKey(a: string, k: number, keyEnd: number): number {
  if (keyEnd - k > 7 || a.charCodeAt(k + 1) === 48) return -1;
  let hz = 0;
  for (let j = k + 1; j < keyEnd - 1; j++) {
    const d = a.charCodeAt(j) - 48;
    if (d < 0 || d > 9) return -1;
    hz = hz * 10 + d;
  }
  return hz;
}
/** The row being read (reused: rows are formatted one at a time). */
const cells: string[] = new Array<string>(2 * (AIR_FREQUENCIES.length + BONE_FREQUENCIES.length)).fill('');

/** One threshold cell: a number → decimal comma; `{"nr": level}` → `NR<level>`; anything else → empty. */
function threshold(a: string, start: number, end: number): string {
  if (isNumberToken(a, start)) return dec(a.slice(start, end))!;
  if (!isObjectToken(a, start)) return '';
  for (let k = firstMember(a, start); k >= 0;) {
    const keyEnd = stringEnd(a, k);
    const end = valueEnd(a, keyEnd + 2);
    if (keyIs(a, k, keyEnd, 'nr')) {
      const nr = tokenText(a.slice(keyEnd + 2, end));
      return nr === null ? '' : csv(`NR${dec(nr)}`);
    }
    k = nextMember(a, end);
  }
  return '';
}

/** Reads `{"le": t, "re": t}` at `i` into the cells; returns the index past it. */
function readEars(a: string, i: number, slot: number, left: number): number {
  let end = i + 1;
  for (let k = firstMember(a, i); k >= 0; k = nextMember(a, end)) {
    const keyEnd = stringEnd(a, k);
    end = valueEnd(a, keyEnd + 2);
    if (keyIs(a, k, keyEnd, 're')) cells[slot] = threshold(a, keyEnd + 2, end);
    else if (keyIs(a, k, keyEnd, 'le')) cells[slot + left] = threshold(a, keyEnd + 2, end);
  }
  return end + 1;
}

/** Reads `{"250": {…}, …}` at `i` into the cells; returns the index past it. */
function readFrequencies(a: string, i: number, slots: Map<number, number>, left: number): number {
  let end = i + 1;
  for (let k = firstMember(a, i); k >= 0; k = nextMember(a, end)) {
    const keyEnd = stringEnd(a, k);
    const slot = slots.get(hzKey(a, k, keyEnd));
    end = slot !== undefined && isObjectToken(a, keyEnd + 2) ? readEars(a, keyEnd + 2, slot, left) : valueEnd(a, keyEnd + 2);
  }
  return end + 1;
}

/**
 * The 26 threshold cells of an audiogram (its jsonb text, read in one pass), `;`-joined: air OD, air
 * OE, bone OD, bone OE. The cells the former SQL `audiogram->'air'->'250'->'re'` gave: a number →
 * decimal comma, `{"nr": level}` → `NR<level>`, anything else (null, a string, a missing key,
 * another shape) → empty.
 */
export function thresholdCells(a: string | null): string {
  cells.fill('');
  if (a === null || !isObjectToken(a, 0)) return cells.join(';');
  let end = 1;
  for (let k = firstMember(a, 0); k >= 0; k = nextMember(a, end)) {
    const keyEnd = stringEnd(a, k);
    const v = keyEnd + 2;
    if (keyIs(a, k, keyEnd, 'air') && isObjectToken(a, v)) end = readFrequencies(a, v, AIR_SLOT, AIR_FREQUENCIES.length);
    else if (keyIs(a, k, keyEnd, 'bone') && isObjectToken(a, v)) end = readFrequencies(a, v, BONE_SLOT, BONE_FREQUENCIES.length);
    else end = valueEnd(a, v);
  }
  return cells.join(';');
}

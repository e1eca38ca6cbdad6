import { AIR_FREQUENCIES, BONE_FREQUENCIES, isNoResponse, noResponse, type EarAudiogram, type Threshold } from '../../../core/src';

/**
 * How an exam row stores its thresholds (ADR 0026): a `bytea` of one slot per (ear, conduction,
 * frequency) in a fixed order — air OD 250…8000, air OE 250…8000, then, only when the exam has bone
 * conduction, bone OD 500…4000 and bone OE 500…4000 (16 or 26 slots).
 *
 * - **Narrow** (1 byte a slot, 16 or 26 bytes): every value on the entry grid (−10…120 dB HL in 5 dB
 *   steps, which every input path enforces): `(dB + 10) / 5` (0…26) for a threshold, `0x80 + (L + 10) / 5`
 *   for no response at L, `0xFF` for not measured.
 * - **Wide** (2 bytes a slot, big-endian, 32 or 52 bytes): when a value is off the grid (the rules accept
 *   exact values, clinical-rules I10): tenths of a dB as int16, no response at L as `20000 + 10·L`,
 *   not measured as −32768.
 *
 * The length says which. The former jsonb wire shape took ~440 bytes a row; this takes 17–27.
 * SQL reads it with `limiar_audiogram_has_air(bytea)` (Migration20261130000000CompactExamRow).
 */
export const AIR_SLOTS = 2 * AIR_FREQUENCIES.length;
export const BONE_SLOTS = 2 * BONE_FREQUENCIES.length;

const NOT_MEASURED = 0xff;
const NR_BASE = 0x80;
const WIDE_NOT_MEASURED = -32768;
const WIDE_NR_BASE = 20000;

/** The slot's value in narrow form, or -1 when it needs the wide form. */
function narrow(t: Threshold | undefined): number {
  if (t === undefined || t === null) return NOT_MEASURED;
  const value = isNoResponse(t) ? t.level : t;
  if (!Number.isInteger(value) || value % 5 !== 0 || value < -10 || value > 120) return -1;
  return (isNoResponse(t) ? NR_BASE : 0) + (value + 10) / 5;
}

function wide(t: Threshold | undefined): number {
  if (t === undefined || t === null) return WIDE_NOT_MEASURED;
  const value = isNoResponse(t) ? t.level : t;
  const tenths = Math.round(value * 10);
  if (!Number.isFinite(value) || Math.abs(tenths - value * 10) > 1e-6 || tenths < -1000 || tenths > 1500) {
    throw new RangeError(`Limiar ${value} dB não pode ser gravado (fora de −100…150 dB ou com mais de uma casa decimal)`);
  }
  return isNoResponse(t) ? WIDE_NR_BASE + tenths : tenths;
}

function slotsOf(right: EarAudiogram, left: EarAudiogram): Array<Threshold | undefined> {
  const slots: Array<Threshold | undefined> = [];
  for (const ear of [right, left]) for (const hz of AIR_FREQUENCIES) slots.push(ear.air[hz]);
  if (right.bone || left.bone) for (const ear of [right, left]) for (const hz of BONE_FREQUENCIES) slots.push(ear.bone?.[hz]);
  return slots;
}

/** Both ears → the stored bytes (narrow when every value is on the grid). */
export function encodeStoredAudiogram(right: EarAudiogram, left: EarAudiogram): Buffer {
  const slots = slotsOf(right, left);
  const bytes = Buffer.allocUnsafe(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const b = narrow(slots[i]);
    if (b < 0) return encodeWide(slots);
    bytes[i] = b;
  }
  return bytes;
}

function encodeWide(slots: ReadonlyArray<Threshold | undefined>): Buffer {
  const bytes = Buffer.allocUnsafe(2 * slots.length);
  for (let i = 0; i < slots.length; i++) bytes.writeInt16BE(wide(slots[i]), 2 * i);
  return bytes;
}

/** The threshold of slot `i` of stored bytes (undefined: not measured). */
function slotValue(bytes: Uint8Array, i: number, isWide: boolean): Threshold | undefined {
  if (isWide) {
    const v = (bytes[2 * i] << 24 >> 16) | bytes[2 * i + 1];
    if (v === WIDE_NOT_MEASURED) return undefined;
    return v >= WIDE_NR_BASE - 1000 ? noResponse((v - WIDE_NR_BASE) / 10) : v / 10;
  }
  const b = bytes[i];
  if (b === NOT_MEASURED) return undefined;
  if (b >= NR_BASE) return noResponse((b - NR_BASE) * 5 - 10);
  return b * 5 - 10;
}

function shapeOf(length: number): { isWide: boolean; slots: number } {
  if (length === AIR_SLOTS || length === AIR_SLOTS + BONE_SLOTS) return { isWide: false, slots: length };
  if (length === 2 * AIR_SLOTS || length === 2 * (AIR_SLOTS + BONE_SLOTS)) return { isWide: true, slots: length / 2 };
  throw new RangeError(`Audiograma gravado com ${length} bytes (esperados ${AIR_SLOTS}, ${AIR_SLOTS + BONE_SLOTS} ou o dobro)`);
}

/**
 * Stored bytes → both ears; not-measured values are left out, and a bone map without any value is
 * absent (as the wire shape's reading did).
 */
export function decodeStoredAudiogram(bytes: Uint8Array): { right: EarAudiogram; left: EarAudiogram } {
  const { isWide, slots } = shapeOf(bytes.length);
  const ear = (side: 0 | 1): EarAudiogram => {
    const air: Record<number, Threshold> = {};
    for (let i = AIR_FREQUENCIES.length - 1; i >= 0; i--) {
      const t = slotValue(bytes, side * AIR_FREQUENCIES.length + i, isWide);
      if (t !== undefined) air[AIR_FREQUENCIES[i]] = t;
    }
    if (slots === AIR_SLOTS) return { air };
    const bone: Record<number, Threshold> = {};
    let any = false;
    for (let i = BONE_FREQUENCIES.length - 1; i >= 0; i--) {
      const t = slotValue(bytes, AIR_SLOTS + side * BONE_FREQUENCIES.length + i, isWide);
      if (t !== undefined) {
        bone[BONE_FREQUENCIES[i]] = t;
        any = true;
      }
    }
    return any ? { air, bone } : { air };
  };
  return { right: ear(0), left: ear(1) };
}

/**
 * Every slot of stored bytes in layout order — air OD, air OE, then (26 slots) bone OD, bone OE; undefined
 * when not measured. For readers that walk the slots rather than the ears (the CSV export).
 */
export function storedSlots(bytes: Uint8Array): Array<Threshold | undefined> {
  const { isWide, slots } = shapeOf(bytes.length);
  return Array.from({ length: slots }, (_, i) => slotValue(bytes, i, isWide));
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIR_FREQUENCIES, BONE_FREQUENCIES, fromWireAudiogram, noResponse, toWireAudiogram, type EarAudiogram, type Threshold } from '../../../core/src';
import { decodeStoredAudiogram, encodeStoredAudiogram, storedSlots } from './stored-audiogram';

// ADR 0026: the thresholds of an exam row as 16–52 bytes. Whatever the wire shape held must come back
// exactly as the wire shape's own reading gave it (fromWireAudiogram ∘ toWireAudiogram).

const onGrid = fc.integer({ min: -2, max: 24 }).map((n) => n * 5);
const offGrid = fc.integer({ min: -100, max: 1500 }).map((n) => n / 10);
const threshold = (value: fc.Arbitrary<number>): fc.Arbitrary<Threshold | undefined> => fc.oneof(
  { weight: 6, arbitrary: value },
  { weight: 1, arbitrary: value.map((v) => noResponse(v)) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.constant(undefined) },
);
const map = (hzs: readonly number[], value: fc.Arbitrary<number>) => fc.tuple(...hzs.map(() => threshold(value)))
  .map((ts) => Object.fromEntries(hzs.flatMap((hz, i) => (ts[i] === undefined ? [] : [[hz, ts[i]]]))) as Record<number, Threshold>);
const ear = (value: fc.Arbitrary<number>): fc.Arbitrary<EarAudiogram> => fc.record({ air: map(AIR_FREQUENCIES, value), bone: fc.option(map(BONE_FREQUENCIES, value), { nil: undefined }) })
  .map(({ air, bone }) => (bone ? { air, bone } : { air }));
const ears = (value: fc.Arbitrary<number>) => fc.tuple(ear(value), ear(value));
const viaWire = (right: EarAudiogram, left: EarAudiogram) => fromWireAudiogram(toWireAudiogram(right, left));

describe('stored audiogram (ADR 0026)', () => {
  it('gives back what the wire shape gave back, on the grid in one byte a slot', () => {
    fc.assert(fc.property(ears(onGrid), ([right, left]) => {
      const bytes = encodeStoredAudiogram(right, left);
      expect([16, 26]).toContain(bytes.length);
      expect(bytes.length === 26).toBe(!!(right.bone || left.bone));
      expect(decodeStoredAudiogram(bytes)).toEqual(viaWire(right, left));
    }), { numRuns: 500, seed: 2226 });
  });

  it('keeps values off the grid exactly, two bytes a slot (tenths of a dB)', () => {
    fc.assert(fc.property(ears(offGrid), ([right, left]) => {
      const bytes = encodeStoredAudiogram(right, left);
      expect(decodeStoredAudiogram(bytes)).toEqual(viaWire(right, left));
      const anyOff = [right, left].some((e) => [...Object.values(e.air), ...Object.values(e.bone ?? {})]
        .some((t) => t !== null && (typeof t === 'number' ? t : t.level) % 5 !== 0));
      expect([32, 52].includes(bytes.length)).toBe(anyOff);
    }), { numRuns: 500, seed: 2227 });
  });

  it('lays the slots out as documented: air OD, air OE, bone OD, bone OE; 0xFF not measured, 0x80+ no response', () => {
    const bytes = encodeStoredAudiogram({ air: { 250: -10, 8000: 120 }, bone: { 500: noResponse(70) } }, { air: { 500: 0 } });
    expect(bytes.toString('hex')).toBe(`00${'ff'.repeat(6)}1a` + `ff02${'ff'.repeat(6)}` + `90${'ff'.repeat(4)}` + 'ff'.repeat(5));
  });

  it('refuses what it cannot keep exactly, and bytes of an unknown length', () => {
    expect(() => encodeStoredAudiogram({ air: { 500: 12.34 } }, { air: {} })).toThrow(/não pode ser gravado/);
    expect(() => encodeStoredAudiogram({ air: { 500: 200 } }, { air: {} })).toThrow(/não pode ser gravado/);
    expect(() => decodeStoredAudiogram(Buffer.alloc(17))).toThrow(/17 bytes/);
  });

  it('walks the slots in layout order for the export (air OD, air OE, bone OD, bone OE)', () => {
    const slots = storedSlots(encodeStoredAudiogram({ air: { 250: 5, 500: noResponse(120) }, bone: { 4000: 12.5 } }, { air: { 8000: -10 } }));
    expect(slots).toHaveLength(26);
    expect([slots[0], slots[1], slots[15], slots[20], slots[25]]).toEqual([5, noResponse(120), -10, 12.5, undefined]);
    expect(storedSlots(encodeStoredAudiogram({ air: { 250: 5 } }, { air: {} }))).toHaveLength(16);
  });
});

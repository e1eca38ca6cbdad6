import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anEar, anExam } from '../../audiogram/audiogram-builder';
import type { EarAudiogram } from '../../audiogram/audiogram';
import { MANDATORY_AIR_FREQUENCIES } from '../../audiogram/frequencies';
import { noResponse } from '../../audiogram/threshold';
import { compareEarWithReference, compareWithReference } from './compare-with-reference';

const ref = anEar(10);
const notched = anEar(10, { 3000: 30, 4000: 45, 6000: 40 });

describe('compareEarWithReference — desencadeamento (5.3 / 5.3.1)', () => {
  it.each([
    ['mean 3/4/6 +10 exactly → true (a)', anEar(10, { 3000: 20, 4000: 20, 6000: 20 }), true, ['a']],
    ['mean 3/4/6 +9.99 → false', anEar(10, { 3000: 19.99, 4000: 20, 6000: 20 }), false, []],
    ['single 4 kHz +15 exactly → true (b)', anEar(10, { 4000: 25 }), true, ['b']],
    ['single 4 kHz +14.9 → false', anEar(10, { 4000: 24.9 }), false, []],
    ['+15 at 2 kHz only → false (b is 3/4/6 kHz)', anEar(10, { 2000: 25 }), false, []],
    ['improvement never triggers (I1)', anEar(-10), false, []],
  ])('%s', (_n, seq, expected, criteria) => {
    const c = compareEarWithReference(ref, seq);
    expect(c.desencadeamento).toBe(expected);
    expect(c.agravamento).toBe(false);
    expect(c.criteria).toEqual(criteria);
  });

  it('uses item 5.3 while the sequential ear stays ≤ 25, 5.3.1 once it exceeds 25', () => {
    expect(compareEarWithReference(ref, anEar(10, { 4000: 25 })).desencadeamentoItem).toBe('5.3');
    expect(compareEarWithReference(ref, anEar(10, { 4000: 30 })).desencadeamentoItem).toBe('5.3.1');
  });

  it('does not apply when the reference is altered but not suggestive (I8)', () => {
    const c = compareEarWithReference(anEar(40), anEar(60));
    expect(c).toMatchObject({ referenceClassification: 'nao_sugestivo', desencadeamento: false, agravamento: false });
  });
});

describe('compareEarWithReference — agravamento (5.4)', () => {
  it.each([
    ['mean 0.5/1/2 +10 → true (a)', anEar(20, { 3000: 30, 4000: 45, 6000: 40 }), true],
    ['mean 3/4/6 +10 → true (a)', anEar(10, { 3000: 40, 4000: 55, 6000: 50 }), true],
    ['single +15 at 8 kHz → true (b, any frequency, I5)', anEar(10, { 3000: 30, 4000: 45, 6000: 40, 8000: 25 }), true],
    ['single +10 only → false', anEar(10, { 3000: 30, 4000: 45, 6000: 40, 8000: 20 }), false],
  ])('%s', (_n, seq, expected) => {
    expect(compareEarWithReference(notched, seq).agravamento).toBe(expected);
  });

  it('lets the physician override "já confirmado" (I6)', () => {
    const seq = anEar(10, { 3000: 40, 4000: 55, 6000: 50 });
    expect(compareEarWithReference(notched, seq, { confirmedPainpse: false }).agravamento).toBe(false);
  });
});

describe('missing frequencies and no-response (three-valued)', () => {
  it('is null when 6 kHz is missing and no evaluable criterion is met', () => {
    const c = compareEarWithReference(anEar(10, { 6000: null }), anEar(10, { 4000: 20 }));
    expect(c).toMatchObject({ desencadeamento: null, deltaMean346: null, maxShift346: 10 });
  });
  it('is true when an evaluable criterion is met despite a missing frequency', () => {
    expect(compareEarWithReference(anEar(10, { 6000: null }), anEar(10, { 4000: 25 })).desencadeamento).toBe(true);
  });
  it('an NR in the sequential exam is a lower bound L + 5: a criterion met with it is true (I11)', () => {
    const c = compareEarWithReference(anEar(10, { 4000: 20 }), anEar(10, { 4000: noResponse(35) }));
    expect(c).toMatchObject({ desencadeamento: true, maxShift346: 20, maxShift346Bound: 'min', criteria: ['b'] });
    expect(c.deltaMean346).toBeCloseTo(20 / 3, 10);
    expect(c.deltaMean346Bound).toBe('min');
  });
  it('an NR in the sequential exam that does not reach the limit with its bound leaves the criterion null', () => {
    const c = compareEarWithReference(anEar(10, { 4000: 20 }), anEar(10, { 4000: noResponse(25) }));
    expect(c).toMatchObject({ desencadeamento: null, maxShift346: 10, maxShift346Bound: 'min' });
  });
  it('the issue scenario: 6 kHz NR at 80 in a sequential exam decides desencadeamento, mean shown as a bound', () => {
    const ref = anEar(10, { 3000: 15, 4000: 20, 6000: 20 });
    const c = compareEarWithReference(ref, anEar(10, { 3000: 15, 4000: 20, 6000: noResponse(80) }));
    expect(c).toMatchObject({ desencadeamento: true, deltaMean346Bound: 'min', maxShift346: 65, maxShift346Bound: 'min', criteria: ['a', 'b'] });
    expect(c.deltaMean346).toBeCloseTo(65 / 3, 10);
  });
  it('an NR only in the reference is an upper bound: not met → false, met → null', () => {
    const notMet = compareEarWithReference(anEar(10, { 4000: noResponse(20) }), anEar(10, { 4000: 30 }));
    expect(notMet).toMatchObject({ referenceClassification: 'aceitavel', desencadeamento: false, maxShift346: 5, maxShift346Bound: 'max' });
    const met = compareEarWithReference(anEar(10, { 4000: noResponse(20) }), anEar(10, { 4000: 40 }));
    expect(met).toMatchObject({ referenceClassification: 'aceitavel', desencadeamento: null, maxShift346: 15, maxShift346Bound: 'max' });
  });
  it('an NR at the same frequency in both exams makes that difference unknown (null)', () => {
    const c = compareEarWithReference(anEar(10, { 4000: noResponse(90) }), anEar(10, { 4000: noResponse(90) }));
    expect(c).toMatchObject({ referenceClassification: 'sugestivo_painpse', agravamento: null, deltaMean346: null, deltaMean0512: 0 });
    expect(c.deltaMean346Bound).toBeUndefined();
  });
});

const threshold = fc.integer({ min: -2, max: 20 }).map((k) => k * 5);
const earArb = fc.tuple(...MANDATORY_AIR_FREQUENCIES.map(() => threshold)).map((values) => {
  const air: Record<number, number> = {};
  MANDATORY_AIR_FREQUENCIES.forEach((f, i) => (air[f] = values[i]));
  return { air } as EarAudiogram;
});
const shifted = (ear: EarAudiogram, d: number): EarAudiogram => ({
  air: Object.fromEntries(Object.entries(ear.air).map(([f, v]) => [f, (v as number) + d])),
});

describe('properties', () => {
  it('adding the same shift to both exams never changes the differences or a desencadeamento on a normal reference', () => {
    fc.assert(
      fc.property(earArb, earArb, fc.integer({ min: -3, max: 3 }).map((k) => k * 5), (r, s, d) => {
        const a = compareEarWithReference(r, s);
        const b = compareEarWithReference(shifted(r, d), shifted(s, d));
        expect([b.deltaMean346, b.deltaMean0512, b.maxShift346, b.maxShiftAny]).toEqual([a.deltaMean346, a.deltaMean0512, a.maxShift346, a.maxShiftAny]);
        if (a.referenceClassification === b.referenceClassification) {
          expect([b.desencadeamento, b.agravamento]).toEqual([a.desencadeamento, a.agravamento]);
        }
      }),
    );
  });

  it('swapping ears swaps the per-ear outputs and keeps the worker flags', () => {
    fc.assert(
      fc.property(earArb, earArb, earArb, earArb, (r1, l1, r2, l2) => {
        const a = compareWithReference(anExam('2023-01-01', r1, l1), anExam('2024-01-01', r2, l2));
        const b = compareWithReference(anExam('2023-01-01', l1, r1), anExam('2024-01-01', l2, r2));
        expect(b.right).toEqual(a.left);
        expect(b.left).toEqual(a.right);
        expect([b.desencadeamento, b.agravamento]).toEqual([a.desencadeamento, a.agravamento]);
      }),
    );
  });

  it('comparing an exam with itself never triggers', () => {
    fc.assert(fc.property(earArb, (e) => {
      const c = compareEarWithReference(e, e);
      expect([c.desencadeamento, c.agravamento]).toEqual([false, false]);
    }));
  });
});

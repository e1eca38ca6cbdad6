import { describe, expect, it } from 'vitest';
import { anEar } from '../../audiogram/audiogram-builder';
import { appendixFCorrection, appendixFRow } from './appendix-f';
import { assessOshaEar } from './assess-osha-ear';

describe('OSHA STS, recordable criteria and NIOSH shift', () => {
  it('reproduces the Appendix F worked example (male 27 → 32)', () => {
    const base = anEar(0, { 4000: 5, 6000: 5, 8000: 5 });
    const cur = anEar(0, { 1000: 5, 2000: 10, 3000: 10, 4000: 25, 6000: 20, 8000: 5 });
    const r = assessOshaEar(base, cur, { sex: 'M', baselineAge: 27, currentAge: 32 });
    expect(r.avgShift234).toBeCloseTo(40 / 3, 10);
    expect(r.sts).toBe(true);
    expect(r.ageCorrection?.applied).toEqual({ 2000: 1, 3000: 1, 4000: 3 });
    expect(r.ageCorrection?.adjustedAvgShift).toBeCloseTo(35 / 3, 10);
    expect(r.recordableCriteria).toBe(false);
    expect(r.niosh15dbShift).toBe(true);
  });

  it.each([
    ['average shift exactly 10 → STS', anEar(10, { 2000: 20, 3000: 20, 4000: 20 }), true, false],
    ['average shift 9.99 → no STS', anEar(10, { 2000: 19.97, 3000: 20, 4000: 20 }), false, false],
    ['STS and current average exactly 25 → recordable', anEar(10, { 2000: 25, 3000: 25, 4000: 25 }), true, true],
  ])('%s', (_n, cur, sts, recordable) => {
    const r = assessOshaEar(anEar(10), cur);
    expect(r.sts).toBe(sts);
    expect(r.recordableCriteria).toBe(recordable);
    expect(r.ageCorrection).toBeUndefined();
  });

  it('never age-corrects the 25 dB part of the recordable test (1904.10(b)(3))', () => {
    // Shift 25, correction (F 20 → 40) 3/5/5: adjusted 20.67 → STS; the current average stays 25, not 20.67.
    const r = assessOshaEar(anEar(0), anEar(0, { 2000: 25, 3000: 25, 4000: 25 }), { sex: 'F', baselineAge: 20, currentAge: 40 });
    expect(r.ageCorrection?.applied).toEqual({ 2000: 3, 3000: 5, 4000: 5 });
    expect(r.ageCorrection?.sts).toBe(true);
    expect(r.ageCorrection?.recordableCriteria).toBe(true);
  });

  it.each([
    ['15 dB at 500 Hz', { 500: 25 }, true],
    ['14 dB at 6000 Hz', { 6000: 24 }, false],
    ['15 dB at 8000 Hz only (not a NIOSH frequency)', { 8000: 25 }, false],
  ])('NIOSH: %s', (_n, overrides, expected) => {
    expect(assessOshaEar(anEar(10), anEar(10, overrides)).niosh15dbShift).toBe(expected);
  });

  it('clamps ages to the 20 and 60 rows and has no table for sex O', () => {
    expect(appendixFRow('M', 15)).toEqual(appendixFRow('M', 20));
    expect(appendixFRow('F', 75)).toEqual([12, 16, 17]);
    expect(appendixFCorrection('O', 20, 40)).toBeUndefined();
  });
});

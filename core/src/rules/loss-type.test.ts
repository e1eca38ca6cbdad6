import { describe, expect, it } from 'vitest';
import { anEar } from '../audiogram/audiogram-builder';
import { noResponse } from '../audiogram/threshold';
import { acoemEarlyNihlPattern, isAsymmetric } from './clinical-pattern';
import { lossTypeOf } from './loss-type';

describe('lossTypeOf (CFFa, clinical-rules §5.5)', () => {
  it.each([
    ['no bone conduction → null', anEar(40), null],
    ['air ≤ 25 → normal', anEar(20, {}, { 500: 15, 1000: 15, 2000: 15, 3000: 15, 4000: 15 }), 'normal'],
    ['BC 15, gap 25 → condutiva', anEar(40, {}, { 500: 15, 1000: 15, 2000: 15, 3000: 15, 4000: 15 }), 'condutiva'],
    ['BC 40, gap 0 → sensorioneural', anEar(40, {}, { 500: 40, 1000: 40, 2000: 40, 3000: 40, 4000: 40 }), 'sensorioneural'],
    ['BC 30, gap 10 → sensorioneural', anEar(40, {}, { 500: 30, 1000: 30, 2000: 30, 3000: 30, 4000: 30 }), 'sensorioneural'],
    ['BC 25, gap 15 → mista', anEar(40, {}, { 500: 25, 1000: 25, 2000: 25, 3000: 25, 4000: 25 }), 'mista'],
    ['gap 12 → indeterminado', anEar(40, {}, { 500: 28, 1000: 28, 2000: 28, 3000: 28, 4000: 28 }), 'indeterminado'],
    ['air NR at an altered frequency → indeterminado', anEar(40, { 4000: noResponse(120) }, { 4000: 50 }), 'indeterminado'],
  ])('%s', (_n, ear, expected) => expect(lossTypeOf(ear)).toBe(expected));
});

describe('clinical flags (not legal outcomes)', () => {
  it.each([
    ['classic notch with 8 kHz recovery', anEar(10, { 3000: 35, 4000: 50, 6000: 45, 8000: 30 }), true],
    ['notch ≤ 25', anEar(10, { 4000: 25 }), false],
    ['no recovery at 8 kHz', anEar(10, { 4000: 50, 8000: 50 }), false],
    ['6 kHz missing → null', anEar(10, { 4000: 50, 6000: null }), null],
  ])('ACOEM early NIHL pattern: %s', (_n, ear, expected) => expect(acoemEarlyNihlPattern(ear)).toBe(expected));

  it('flags asymmetry only with ≥ 15 dB at two adjacent frequencies', () => {
    expect(isAsymmetric(anEar(10), anEar(10, { 4000: 25 }))).toBe(false);
    expect(isAsymmetric(anEar(10), anEar(10, { 3000: 25, 4000: 25 }))).toBe(true);
    expect(isAsymmetric(anEar(10), anEar(10, { 3000: 25, 4000: 24, 6000: 25 }))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { anEar } from '../../audiogram/audiogram-builder';
import { noResponse } from '../../audiogram/threshold';
import { classifyNr7Ear } from './classify-nr7-ear';

describe('classifyNr7Ear (NR-7 Anexo II item 5)', () => {
  it.each([
    ['all 25 → aceitavel (5.1 "menores ou iguais a 25")', anEar(25), 'aceitavel'],
    ['4 kHz 26, rest 10 → sugestivo (5.2 "acima de 25")', anEar(10, { 4000: 26 }), 'sugestivo_painpse'],
    ['4 kHz 25.5 exact value → sugestivo (I10, no rounding)', anEar(10, { 4000: 25.5 }), 'sugestivo_painpse'],
    ['6 kHz 30 only → sugestivo', anEar(10, { 6000: 30 }), 'sugestivo_painpse'],
    ['3 kHz 26 equal to 8 kHz 26 → nao_sugestivo (H must be strictly higher, I2)', anEar(10, { 3000: 26, 8000: 26 }), 'nao_sugestivo'],
    ['worst at 8 kHz → nao_sugestivo (I2)', anEar(10, { 4000: 40, 8000: 45 }), 'nao_sugestivo'],
    ['worst at 500 Hz → nao_sugestivo', anEar(10, { 500: 45, 4000: 30 }), 'nao_sugestivo'],
    ['250 Hz counts as a tested frequency (I2)', anEar(10, { 250: 50, 4000: 40 }), 'nao_sugestivo'],
    ['flat 40 → nao_sugestivo', anEar(40), 'nao_sugestivo'],
    ['altered only at 2 kHz → nao_sugestivo', anEar(10, { 2000: 30 }), 'nao_sugestivo'],
  ])('%s', (_name, ear, expected) => {
    expect(classifyNr7Ear(ear)).toBe(expected);
  });

  it.each([
    ['missing 6 kHz, rest ≤ 25 → aceitavel on examined frequencies (I4)', anEar(10, { 6000: null }), 'aceitavel'],
    ['missing 3/4/6 kHz and altered → nao_sugestivo', anEar(30, { 3000: null, 4000: null, 6000: null }), 'nao_sugestivo'],
    ['nothing tested → null', { air: {} }, null],
  ])('missing data: %s', (_n, ear, expected) => {
    expect(classifyNr7Ear(ear)).toBe(expected);
  });

  it.each([
    ['NR at 4 kHz (120), rest normal → sugestivo (NR > 120 > others)', anEar(10, { 4000: noResponse(120) }), 'sugestivo_painpse'],
    ['NR at 8 kHz (120) and 4 kHz 60 → nao_sugestivo (8 kHz certainly higher)', anEar(10, { 4000: 60, 8000: noResponse(120) }), 'nao_sugestivo'],
    ['NR at 4 kHz and 8 kHz at the same level → nao_sugestivo (both 115: H not above O, I11 bound as value)', anEar(10, { 4000: noResponse(110), 8000: noResponse(110) }), 'nao_sugestivo'],
    ['NR at 4 kHz 110 and 8 kHz 100 → sugestivo (115 > 105)', anEar(10, { 4000: noResponse(110), 8000: noResponse(100) }), 'sugestivo_painpse'],
    ['NR at 20 dB, rest 10 → aceitavel (bound 25 ≤ 25, I11)', anEar(10, { 4000: noResponse(20) }), 'aceitavel'],
    ['NR at 80 at 6 kHz, rest 10 → sugestivo (85 > 25 and above the others)', anEar(10, { 6000: noResponse(80) }), 'sugestivo_painpse'],
    ['NR at 500 Hz (120), notch 60 → nao_sugestivo', anEar(10, { 500: noResponse(120), 4000: 60 }), 'nao_sugestivo'],
  ])('no response: %s', (_n, ear, expected) => {
    expect(classifyNr7Ear(ear)).toBe(expected);
  });

  it.each([
    ['BC at 4 kHz ≤ 25 under an air notch → nao_sugestivo (I3)', anEar(10, { 4000: 40 }, { 4000: 25 }), 'nao_sugestivo'],
    ['the issue: AC 3k 30 / 4k 40, BC 3k 25 / 4k 35 → sugestivo (4 kHz sensorineural, I3)', anEar(15, { 500: 10, 3000: 30, 4000: 40, 6000: 35, 8000: 20 }, { 500: 5, 1000: 10, 2000: 15, 3000: 25, 4000: 35 }), 'sugestivo_painpse'],
    ['AC 3k 30 / 4k 40, BC ≤ 25 at both → nao_sugestivo (conductive notch, I3)', anEar(10, { 3000: 30, 4000: 40 }, { 3000: 20, 4000: 25 }), 'nao_sugestivo'],
    ['AC 3k 30 / 4k 40, BC 3k 10, 4k not measured → sugestivo (BC missing at an elevated point, I3)', anEar(10, { 3000: 30, 4000: 40 }, { 3000: 10 }), 'sugestivo_painpse'],
    ['AC notch at 3/4/6 kHz, BC ≤ 25 at 3 and 4 kHz → nao_sugestivo (6 kHz has no BC; every checkable point conductive)', anEar(10, { 3000: 35, 4000: 40, 6000: 45 }, { 3000: 10, 4000: 15 }), 'nao_sugestivo'],
    ['BC at 3 kHz only, not elevated there → air pattern stands', anEar(10, { 4000: 40 }, { 3000: 5 }), 'sugestivo_painpse'],
    ['BC at 4 kHz 26 → sugestivo', anEar(10, { 4000: 40 }, { 4000: 26 }), 'sugestivo_painpse'],
    ['notch only at 6 kHz, BC normal → sugestivo (6 kHz judged on air, I3)', anEar(10, { 6000: 40 }, { 3000: 10, 4000: 10 }), 'sugestivo_painpse'],
    ['BC NR at 4 kHz (70) → sugestivo', anEar(10, { 4000: 60 }, { 4000: noResponse(70) }), 'sugestivo_painpse'],
  ])('bone conduction: %s', (_n, ear, expected) => {
    expect(classifyNr7Ear(ear)).toBe(expected);
  });
});

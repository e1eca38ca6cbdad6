import { describe, expect, it } from 'vitest';
import { anEar } from '../../audiogram/audiogram-builder';
import { noResponse } from '../../audiogram/threshold';
import { biapGrade, lloydKaplanGrade, who1997Grade, who2021Grade } from './degree-scales';
import { betterEar, pta3, pta4, pta4Bound } from './pure-tone-average';
import { lossClassFromMean, severityFromPta } from './spec-scales';

describe('degree scales at their band limits (clinical-rules §5)', () => {
  it.each([
    [25, 'normal'], [25.01, 'leve'], [40, 'leve'], [41, 'moderado'], [55, 'moderado'], [56, 'moderadamente_severo'],
    [70, 'moderadamente_severo'], [71, 'severo'], [90, 'severo'], [91, 'profundo'],
  ])('Lloyd & Kaplan PTA3 %d → %s', (v, g) => expect(lloydKaplanGrade(v)).toBe(g));

  it.each([[25, 0], [26, 1], [40, 1], [41, 2], [60, 2], [61, 3], [80, 3], [81, 4]])('WHO 1997 PTA4 %d → %d', (v, g) =>
    expect(who1997Grade(v)).toBe(g));

  it.each([
    [19.99, 'normal'], [20, 'mild'], [34.99, 'mild'], [35, 'moderate'], [50, 'moderately_severe'], [65, 'severe'],
    [80, 'profound'], [94.99, 'profound'], [95, 'complete'],
  ])('WHO 2021 PTA4 %d → %s (limits exclusive)', (v, g) => expect(who2021Grade(v)).toBe(g));

  it.each([
    [20, 'normal'], [21, 'leve'], [40, 'leve'], [55, 'moderada_1'], [70, 'moderada_2'], [80, 'severa_1'], [90, 'severa_2'],
    [100, 'profunda_1'], [110, 'profunda_2'], [119, 'profunda_3'], [120, 'total'],
  ])('BIAP PTA4 %d → %s', (v, g) => expect(biapGrade(v)).toBe(g));

  it('every scale maps an unknown PTA to null', () => {
    expect([lloydKaplanGrade(null), who1997Grade(null), who2021Grade(null), biapGrade(null)]).toEqual([null, null, null, null]);
  });
});

describe("the spec's two scales (spec §4), kept apart", () => {
  it.each([
    [25, 'Normal', 'Normal'], [25.01, 'Leve', 'Leve'], [40, 'Leve', 'Leve'], [40.01, 'Moderado', 'Moderada'],
    [55, 'Moderado', 'Moderada'], [55.01, 'Severo', 'Moderadamente Severa'], [70, 'Severo', 'Moderadamente Severa'],
    [70.01, 'Profundo', 'Severa'],
  ])('%d dB → exam-based %s, report-based %s', (v, severity, lossClass) => {
    expect(severityFromPta(v)).toBe(severity);
    expect(lossClassFromMean(v)).toBe(lossClass);
  });
});

describe('PTAs', () => {
  it('are unrounded means of 500/1k/2k and 500/1k/2k/4k', () => {
    const ear = anEar(10, { 2000: 15, 4000: 50 });
    expect(pta3(ear)).toBeCloseTo(35 / 3, 10);
    expect(pta4(ear)).toBe(21.25);
  });
  it('are null with a missing frequency, a lower bound with a no-response (I11), and so is the better ear', () => {
    expect(pta3(anEar(10, { 1000: null }))).toBeNull();
    expect(pta4(anEar(10, { 4000: noResponse(120) }))).toBe((10 + 10 + 10 + 125) / 4);
    expect(pta4Bound(anEar(10, { 4000: noResponse(120) }))).toBe('min');
    expect(pta4Bound(anEar(10))).toBeUndefined();
    expect(betterEar(10, null)).toBeNull();
    expect(betterEar(30, 12.5)).toBe(12.5);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EarAudiogram } from '../../audiogram/audiogram';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../audiogram/frequencies';
import { isNoResponse, noResponse, type Threshold } from '../../audiogram/threshold';
import { audiogramText } from './import-exams';

/** The natural-key text as the first version wrote it: stored keys depend on it, it must never change. */
function firstVersionText(right: EarAudiogram, left: EarAudiogram): string {
  const t = (v: Threshold | undefined) => (v === undefined || v === null ? '' : isNoResponse(v) ? `NR${v.level}` : String(v));
  const m = (map: Readonly<Partial<Record<number, Threshold>>> | undefined) => Object.keys(map ?? {}).sort().map((hz) => `${hz}=${t(map![Number(hz)])}`).join(',');
  const part = (ear: EarAudiogram) => `${m(ear.air)}/${m(ear.bone)}`;
  return `${part(right)}|${part(left)}`;
}

const threshold = fc.oneof(fc.integer({ min: -2, max: 24 }).map((k) => k * 5), fc.integer({ min: 0, max: 24 }).map((k) => noResponse(k * 5)));
const map = (freqs: readonly number[]) => fc.dictionary(fc.constantFrom(...freqs.map(String)), threshold).map((d) => Object.fromEntries(Object.entries(d).map(([k, v]) => [Number(k), v])) as Record<number, Threshold>);
const ear = fc.record({ air: map(AIR_FREQUENCIES), bone: fc.option(map(BONE_FREQUENCIES), { nil: undefined }) }).map((e) => (e.bone ? e : { air: e.air }) as EarAudiogram);

describe('audiogramText (natural key of imported exams)', () => {
  it('is the text of the first version for any audiogram', () => {
    fc.assert(fc.property(ear, ear, (r, l) => audiogramText(r, l) === firstVersionText(r, l)), { numRuns: 500 });
  });
  it('lists keys sorted as text', () => {
    expect(audiogramText({ air: { 250: 10, 1000: noResponse(120) }, bone: { 500: 5 } }, { air: {} })).toBe('1000=NR120,250=10/500=5|/');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyHistoryForImport, classifyPatientExams, noResponse, type Threshold } from '../../core/src';
import { loadNhanesParticipants } from '../fixtures/nhanes';

const people = loadNhanesParticipants();
const AIR = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];

const threshold = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -2, max: 24 }).map((n) => n * 5) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.integer({ min: 18, max: 24 }).map((n) => noResponse(n * 5)) },
);
const ear = fc.array(threshold, { minLength: AIR.length, maxLength: AIR.length }).map((ts) => {
  const air: Record<number, Threshold> = {};
  ts.forEach((t, i) => { if (t !== null) air[AIR[i]] = t; });
  return { air };
});
const exam = fc.record({
  date: fc.integer({ min: 0, max: 40 * 12 }).map((m) => `${1990 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-${m % 3 ? '10' : '20'}`),
  right: ear, left: ear,
  acousticRestHours: fc.constantFrom(null, 14, 10),
  calibrationDate: fc.constantFrom(null, '1995-01-01', '2020-06-01'),
  createdAt: fc.integer({ min: 0, max: 5 }).map((s) => new Date(Date.UTC(2026, 0, 1, 0, 0, s))),
});

const same = (exams: Parameters<typeof classifyPatientExams>[0], sex: 'M' | 'F' | 'O' | undefined) => {
  const expected = classifyPatientExams(exams, { sex });
  const actual = classifyHistoryForImport(exams, { sex });
  expect(actual.map((a) => a.exam)).toEqual(expected.map(({ classification: _c, rulesVersion: _r, ...e }) => e));
  expect(actual.map((a) => JSON.parse(a.classificationJson))).toEqual(expected.map((e) => e.classification));
  expect(actual.map((a) => a.rulesVersion)).toEqual(expected.map((e) => e.rulesVersion));
};

describe('classifyHistoryForImport (the bulk path) equals classifyPatientExams (the web app)', () => {
  it('on random histories: same dates, no-responses, missing frequencies, both rule sets, every sex', () => {
    fc.assert(fc.property(fc.array(exam, { minLength: 1, maxLength: 9 }), fc.constantFrom('M' as const, 'F' as const, 'O' as const, undefined), (exams, sex) => same(exams, sex)), { numRuns: 300 });
  });

  it('on NHANES workers with a drifting 4 kHz notch (triggers, new references, diagnosis notice)', () => {
    for (let w = 0; w < 60; w++) {
      const base = people[(w * 37) % people.length];
      const exams = Array.from({ length: 2 + (w % 8) }, (_, k) => {
        const drift = (t: Threshold | undefined, hz: number): Threshold =>
          typeof t === 'number' && hz >= 3000 && hz <= 6000 ? Math.min(120, Math.round((t + k * 5 * ((w % 3) + 1)) / 5) * 5) : (t ?? null);
        const shift = (air: Record<number, Threshold>) => Object.fromEntries(Object.entries(air).map(([hz, t]) => [hz, drift(t, Number(hz))]));
        return {
          date: `${1994 + k * 3 + (w % 3)}-0${1 + (k % 9)}-15`, right: { air: shift(base.right as Record<number, Threshold>) }, left: { air: shift(base.left as Record<number, Threshold>) },
          acousticRestHours: 14, calibrationDate: null, createdAt: new Date(Date.UTC(2026, 0, 1)),
        };
      });
      same(exams, w % 2 ? 'M' : 'F');
    }
  });
});

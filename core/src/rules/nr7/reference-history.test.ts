import { describe, expect, it } from 'vitest';
import { anEar, anExam } from '../../audiogram/audiogram-builder';
import { walkReferenceHistory } from './reference-history';

const normal = anEar(10);
const shifted = anEar(10, { 3000: 20, 4000: 20, 6000: 20 });
const worse = anEar(10, { 3000: 20, 4000: 25, 6000: 20 });

describe('walkReferenceHistory', () => {
  it('promotes the triggering sequential exam under NR-7 Anexo II (item 5.5.1)', () => {
    const w = walkReferenceHistory([anExam('2022-01-10', normal), anExam('2023-01-10', shifted), anExam('2024-01-10', worse)]);
    expect(w.steps.map((s) => [s.comparison.referenceDate, s.newReference.date])).toEqual([
      ['2022-01-10', '2023-01-10'],
      ['2023-01-10', '2023-01-10'],
    ]);
  });
  it('does not auto-promote under Portaria 19 (item 4.2.4); the next exam becomes the reference', () => {
    const w = walkReferenceHistory([anExam('2019-01-10', normal), anExam('2020-01-10', shifted), anExam('2021-01-10', worse), anExam('2021-06-10', worse)]);
    expect(w.steps.map((s) => [s.ruleSet, s.comparison.referenceDate, s.newReference.date, s.newReferenceExamRequired])).toEqual([
      ['portaria19', '2019-01-10', '2019-01-10', true],
      ['portaria19', '2019-01-10', '2021-01-10', false],
      ['portaria19', '2021-01-10', '2021-01-10', false],
    ]);
  });
  it('sorts by date and keeps the reference when a comparison is indeterminate', () => {
    const missing = anEar(10, { 6000: null });
    const w = walkReferenceHistory([anExam('2024-01-10', anEar(10, { 4000: 20 })), anExam('2023-01-10', missing)]);
    expect(w.exams.map((e) => e.date)).toEqual(['2023-01-10', '2024-01-10']);
    expect(w.steps[0].comparison.desencadeamento).toBeNull();
    expect(w.referenceInForce?.date).toBe('2023-01-10');
  });
});

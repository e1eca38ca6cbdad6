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

describe('walkReferenceHistory: exams without thresholds and designated references', () => {
  const empty = { air: {} };
  it('never takes an exam without air values as the reference (I11) and gives it the role sem_limiares', () => {
    const w = walkReferenceHistory([anExam('2022-01-10', empty), anExam('2023-01-10', normal), anExam('2024-01-10', shifted)]);
    expect(w.entries.map((e) => e.role)).toEqual(['sem_limiares', 'referencia', 'sequencial']);
    expect(w.entries[1].referenceBasis).toBe('primeiro_exame');
    expect(w.steps).toHaveLength(1);
    expect(w.steps[0].comparison.referenceDate).toBe('2023-01-10');
    expect(w.steps[0].comparison.desencadeamento).toBe(true);
    expect(w.referenceInForce?.date).toBe('2024-01-10');
    expect(w.referenceBasis).toBe('substituido_5_5_1');
  });
  it('a worker whose only exams are empty has no reference yet', () => {
    const w = walkReferenceHistory([anExam('2022-01-10', empty), anExam('2023-01-10', empty)]);
    expect(w.referenceInForce).toBeUndefined();
    expect(w.steps).toHaveLength(0);
  });
  it('an NR-only exam is an exam for the rules (NR is a value)', () => {
    const nr = { air: { 4000: { kind: 'no_response' as const, level: 90 } } };
    expect(walkReferenceHistory([anExam('2022-01-10', nr)]).entries[0].role).toBe('referencia');
  });
  it('a designated exam is the reference from its date on, not compared, and later exams use it', () => {
    const designated = { ...anExam('2023-01-10', shifted), designatedReference: { reason: 'Exame de 2022 sem repouso de 14 h' } };
    const w = walkReferenceHistory([anExam('2022-01-10', normal), designated, anExam('2024-01-10', shifted)]);
    expect(w.entries.map((e) => [e.role, e.referenceBasis ?? e.step?.referenceBasis])).toEqual([
      ['referencia', 'primeiro_exame'],
      ['referencia', 'designado'],
      ['sequencial', 'designado'],
    ]);
    expect(w.steps[0].comparison.referenceDate).toBe('2023-01-10');
    expect(w.steps[0].comparison.desencadeamento).toBe(false);
  });
});

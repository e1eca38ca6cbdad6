import { describe, expect, it } from 'vitest';
import { outcomeSummary, outcomesByYear, periodOfRow, projectWorker, type OrderedOutcome, type ProjectedPeriod } from './programme-projection';

const loud = { metric: 'LAVG' as const, levelDbA: 90, dosePercent: null, assessedAt: null, source: null };
const quiet = { ...loud, levelDbA: 70 };
const period = (over: Partial<ProjectedPeriod>): ProjectedPeriod => ({
  id: 'e1', companyId: 'c', sectorId: 's', gheId: 'g', admissionDate: '2020-01-01', dismissalDate: null, startDate: '2020-01-01', endDate: null,
  exposure: loud, periodicityMonths: 12, ...over,
});

describe('projectWorker', () => {
  it('is the schedule of core plus where the worker is filed and until when the row holds', () => {
    expect(projectWorker({ patientId: 'p', today: '2026-06-15', periods: [period({})], exams: [{ date: '2025-03-01' }, { date: '2026-09-01' }] })).toEqual({
      patientId: 'p', employmentId: 'e1', companyId: 'c', sectorId: 's', gheId: 'g', exposed: true, dueDate: '2026-03-01', reason: 'periodico',
      lastExamDate: '2025-03-01', withoutReference: false, validUntil: '2026-09-01', // the exam dated ahead counts from its day
    });
  });

  it('holds until the current period ends, the next one starts or the day after the dismissal', () => {
    const moving = [period({ endDate: '2026-07-01' }), period({ id: 'e2', gheId: 'g2', exposure: quiet, startDate: '2026-07-01' })];
    expect(projectWorker({ patientId: 'p', today: '2026-06-15', periods: moving, exams: [] })).toMatchObject({ employmentId: 'e1', exposed: true, withoutReference: true, validUntil: '2026-07-01' });
    expect(projectWorker({ patientId: 'p', today: '2026-07-01', periods: moving, exams: [] })).toMatchObject({ employmentId: 'e2', gheId: 'g2', exposed: false, validUntil: null });
    const leaving = [period({ dismissalDate: '2026-06-30' })];
    expect(projectWorker({ patientId: 'p', today: '2026-06-15', periods: leaving, exams: [{ date: '2026-01-10' }] })).toMatchObject({ exposed: true, dueDate: '2026-06-30', reason: 'demissao', validUntil: '2026-07-01' });
    expect(projectWorker({ patientId: 'p', today: '2026-07-01', periods: leaving, exams: [{ date: '2026-01-10' }] })).toMatchObject({ employmentId: 'e1', exposed: false, validUntil: null });
  });

  it('files a worker admitted ahead under the coming period; without employment, a row filed nowhere (exams only); no GHE, not exposed', () => {
    expect(projectWorker({ patientId: 'p', today: '2026-06-15', periods: [period({ admissionDate: '2026-08-01', startDate: '2026-08-01' })], exams: [] }))
      .toMatchObject({ exposed: true, dueDate: '2026-08-01', reason: 'admissao', withoutReference: true, validUntil: '2026-08-01' });
    expect(projectWorker({ patientId: 'p', today: '2026-06-15', periods: [], exams: [{ date: '2026-01-01' }, { date: '2026-07-01' }] })).toEqual({
      patientId: 'p', employmentId: null, companyId: null, sectorId: null, gheId: null, exposed: false, dueDate: null, reason: null, lastExamDate: '2026-01-01',
      withoutReference: false, validUntil: '2026-07-01',
    });
    expect(projectWorker({ patientId: 'p', today: '2026-06-15', periods: [], exams: [] })).toBeUndefined();
    expect(projectWorker({ patientId: 'p', today: '2026-06-15', periods: [period({ gheId: null })], exams: [] })).toMatchObject({ exposed: false, dueDate: null });
  });

  it('periodOfRow: in force, else the next, else the latest', () => {
    const ps = [{ startDate: '2021-01-01', endDate: '2022-01-01', dismissalDate: null }, { startDate: '2023-01-01', endDate: null, dismissalDate: '2024-01-01' }];
    expect(periodOfRow(ps, '2021-06-01')).toBe(ps[0]);
    expect(periodOfRow(ps, '2022-06-01')).toBe(ps[1]);
    expect(periodOfRow(ps, '2025-06-01')).toBe(ps[1]);
  });
});

describe('outcomeSummary and outcomesByYear', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  const o = (id: string, date: string, result: OrderedOutcome['result'], over: Partial<OrderedOutcome> = {}): OrderedOutcome =>
    ({ id, date, createdAt: at(0), result, desencadeamento: false, agravamento: false, ...over });
  const exams = [
    o('a', '2025-03-01', 'sugestivo', { desencadeamento: true }),
    o('b', '2025-11-20', 'dentro_limites'),
    o('c', '2026-02-01', 'nao_sugestivo', { agravamento: true }),
    o('e', '2026-02-01', 'sugestivo', { createdAt: at(5) }), // same day, recorded later: the latest
    o('d', '2026-02-01', 'dentro_limites', { createdAt: at(5) }), // same day and instant: the smaller id wins
    o('f', '2026-09-01', 'sugestivo', { desencadeamento: true }), // ahead of today: not yet
  ];

  it('gives the latest exam up to today and the latest flagged ones', () => {
    expect(outcomeSummary(exams, '2026-06-15')).toEqual({ lastResult: 'dentro_limites', lastDesencadeamentoDate: '2025-03-01', lastAgravamentoDate: '2026-02-01' });
    expect(outcomeSummary(exams, '2026-09-01')).toEqual({ lastResult: 'sugestivo', lastDesencadeamentoDate: '2026-09-01', lastAgravamentoDate: '2026-02-01' });
    expect(outcomeSummary([], '2026-09-01')).toEqual({ lastResult: null, lastDesencadeamentoDate: null, lastAgravamentoDate: null });
  });

  it('gives per year the latest result and any flag', () => {
    expect(outcomesByYear(exams)).toEqual([
      { year: 2025, result: 'dentro_limites', desencadeamento: true, agravamento: false },
      { year: 2026, result: 'sugestivo', desencadeamento: true, agravamento: true },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, addMonths, computeSchedule, programmeToday, stateOf, type SchedulePeriod } from './schedule';

const period = (over: Partial<SchedulePeriod> = {}): SchedulePeriod => ({
  companyId: 'c1', admissionDate: '2020-03-10', dismissalDate: null, startDate: '2020-03-10', endDate: null, exposed: true, periodicityMonths: 12, ...over,
});
const exams = (...dates: string[]) => dates.map((date) => ({ date }));

describe('date arithmetic', () => {
  it('adds months clamping to the end of shorter months, leap years included', () => {
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2023-02-28', 12)).toBe('2024-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
    expect(addMonths('2025-12-15', 12)).toBe('2026-12-15');
  });
  it('adds and subtracts days across months and leap days', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-11-25', 30)).toBe('2026-12-25');
    expect(addDays('2026-06-30', -120)).toBe('2026-03-02');
  });
});

describe('stateOf', () => {
  it('is overdue the day after the due date, due soon up to 30 days ahead, on time after', () => {
    expect(stateOf('2026-11-24', '2026-11-25')).toBe('vencido');
    expect(stateOf('2026-11-25', '2026-11-25')).toBe('vence_30');
    expect(stateOf('2026-12-25', '2026-11-25')).toBe('vence_30');
    expect(stateOf('2026-12-26', '2026-11-25')).toBe('em_dia');
  });
});

describe('computeSchedule', () => {
  const today = '2026-11-25';

  it('leaves out a worker whose GHE is below the action level or who has no employment in force', () => {
    expect(computeSchedule({ today, periods: [period({ exposed: false })], exams: [] })).toMatchObject({ exposed: false, state: null, dueDate: null });
    expect(computeSchedule({ today, periods: [], exams: exams('2026-01-01') })).toMatchObject({ exposed: false, lastExamDate: '2026-01-01' });
    expect(computeSchedule({ today, periods: [period({ dismissalDate: '2026-01-31', endDate: null })], exams: [] }).exposed).toBe(false);
  });

  it('with no audiometry at all: sem exame de referência, due at admission', () => {
    expect(computeSchedule({ today, periods: [period()], exams: [] })).toEqual({
      exposed: true, state: 'sem_referencia', dueDate: '2020-03-10', reason: 'admissao', exposureStart: '2020-03-10', lastExamDate: null,
    });
  });

  it('yearly from the admission exam, on the same day the next year', () => {
    const s = computeSchedule({ today, periods: [period({ admissionDate: '2026-03-10', startDate: '2026-03-10' })], exams: exams('2026-03-09') });
    expect(s).toMatchObject({ state: 'em_dia', dueDate: '2027-03-09', reason: 'periodico' });
  });

  it('an exam done early restarts the count: the next is 12 months after it, never 12 months after the anniversary', () => {
    const s = computeSchedule({ today, periods: [period()], exams: exams('2020-03-05', '2021-03-01', '2022-01-15', '2023-01-10', '2024-01-10', '2025-01-08', '2025-12-01') });
    expect(s.dueDate).toBe('2026-12-01');
    expect(s.state).toBe('vence_30');
  });

  it('an exam done on a leap day is due on 28 February the next year', () => {
    const s = computeSchedule({ today: '2025-02-20', periods: [period()], exams: exams('2024-02-29') });
    expect(s).toMatchObject({ dueDate: '2025-02-28', state: 'vence_30' });
    expect(computeSchedule({ today: '2025-03-01', periods: [period()], exams: exams('2024-02-29') }).state).toBe('vencido');
  });

  it('overdue when the last audiometry is more than a year old', () => {
    const s = computeSchedule({ today, periods: [period()], exams: exams('2020-03-01', '2025-10-01') });
    expect(s).toMatchObject({ state: 'vencido', dueDate: '2026-10-01', reason: 'periodico', lastExamDate: '2025-10-01' });
  });

  it('a shorter periodicity set for the GHE (item 4.2) shortens the interval', () => {
    const s = computeSchedule({ today, periods: [period({ periodicityMonths: 6 })], exams: exams('2026-06-01') });
    expect(s).toMatchObject({ dueDate: '2026-12-01', state: 'vence_30' });
  });

  it('no admission exam on file: an exam of a previous job older than 90 days does not count, the admission exam is due', () => {
    const periods = [period({ admissionDate: '2026-09-01', startDate: '2026-09-01' })];
    expect(computeSchedule({ today, periods, exams: exams('2025-01-10') })).toMatchObject({ state: 'vencido', dueDate: '2026-09-01', reason: 'admissao' });
    // one done within 90 days before admission is accepted (NR-7 item 7.5.17)
    expect(computeSchedule({ today, periods, exams: exams('2026-06-03') })).toMatchObject({ dueDate: '2027-06-03', state: 'em_dia' });
    expect(computeSchedule({ today, periods, exams: exams('2026-06-02') }).reason).toBe('admissao');
  });

  it('an admission ahead of today is scheduled for its date', () => {
    const s = computeSchedule({ today, periods: [period({ admissionDate: '2026-12-10', startDate: '2026-12-10' })], exams: [] });
    expect(s).toMatchObject({ state: 'sem_referencia', dueDate: '2026-12-10', reason: 'admissao' });
  });

  it('a worker who changed from an unexposed GHE into an exposed one owes an exam on the day of the change', () => {
    const periods = [
      period({ startDate: '2020-03-10', endDate: '2026-08-01', exposed: false }),
      period({ startDate: '2026-08-01', endDate: null, exposed: true }),
    ];
    expect(computeSchedule({ today, periods, exams: exams('2020-03-01', '2021-02-01') })).toMatchObject({
      state: 'vencido', dueDate: '2026-08-01', reason: 'mudanca_riscos', exposureStart: '2026-08-01',
    });
    expect(computeSchedule({ today, periods, exams: exams('2020-03-01', '2026-08-20') })).toMatchObject({ state: 'em_dia', dueDate: '2027-08-20' });
  });

  it('a worker who changed between two exposed GHEs keeps the count, under the new GHE’s periodicity', () => {
    const periods = [
      period({ startDate: '2020-03-10', endDate: '2026-05-01', exposed: true }),
      period({ startDate: '2026-05-01', endDate: null, exposed: true, periodicityMonths: 6 }),
    ];
    const s = computeSchedule({ today, periods, exams: exams('2020-03-01', '2026-01-15') });
    expect(s).toMatchObject({ dueDate: '2026-07-15', state: 'vencido', reason: 'periodico', exposureStart: '2020-03-10' });
  });

  it('dismissal: an exam up to 120 days before the end of the contract covers it', () => {
    const periods = [period({ dismissalDate: '2027-01-31' })];
    expect(computeSchedule({ today, periods, exams: exams('2026-10-03') })).toMatchObject({ state: 'em_dia', dueDate: null, reason: null });
    // 121 days before: the dismissal exam is due on the last day of the contract
    expect(computeSchedule({ today, periods, exams: exams('2026-10-01') })).toMatchObject({ dueDate: '2027-01-31', reason: 'demissao', state: 'em_dia' });
    // a periodic exam falling before the dismissal comes first
    expect(computeSchedule({ today, periods, exams: exams('2025-12-20') })).toMatchObject({ dueDate: '2026-12-20', reason: 'periodico', state: 'vence_30' });
  });

  it('ignores exams dated after today and counts exams of any type', () => {
    const s = computeSchedule({ today, periods: [period()], exams: [{ date: '2026-02-01', examType: 'monitoracao_pontual' }, { date: '2027-01-01', examType: 'periodico' }] });
    expect(s).toMatchObject({ lastExamDate: '2026-02-01', dueDate: '2027-02-01' });
  });

  it('a rehire in another company starts a new exposure at the new admission', () => {
    const periods = [
      period({ companyId: 'c1', admissionDate: '2018-01-01', startDate: '2018-01-01', dismissalDate: '2025-12-31', endDate: '2025-12-31' }),
      period({ companyId: 'c2', admissionDate: '2026-04-01', startDate: '2026-04-01' }),
    ];
    expect(computeSchedule({ today, periods, exams: exams('2025-11-01') })).toMatchObject({ reason: 'admissao', dueDate: '2026-04-01', state: 'vencido' });
    expect(computeSchedule({ today, periods, exams: exams('2026-01-05') })).toMatchObject({ reason: 'periodico', dueDate: '2027-01-05' });
  });
});

describe('programmeToday', () => {
  it('is the date in Brazil: 01:00 UTC is still the previous day in São Paulo', () => {
    expect(programmeToday(new Date('2026-11-25T01:00:00Z'))).toBe('2026-11-24');
    expect(programmeToday(new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-25');
  });
});

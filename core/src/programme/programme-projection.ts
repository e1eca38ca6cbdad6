import type { ExamType } from '../exams/exam-type';
import { isExposed, type NoiseExposure } from './company';
import type { Employment } from './employment';
import { periodOn } from './employment';
import { addDays, computeSchedule, type DueReason } from './schedule';

/** A worker's employment period with what the schedule needs of its GHE (null GHE: not exposed). */
export type ProjectedPeriod = Pick<Employment, 'id' | 'companyId' | 'sectorId' | 'gheId' | 'admissionDate' | 'dismissalDate' | 'startDate' | 'endDate'> & {
  exposure: NoiseExposure | null;
  /** The GHE's periodicity (12 without a GHE). */
  periodicityMonths: number;
};

/**
 * One worker's row of the programme read model (issue 19): where the worker is (the period in force,
 * or the next one for an admission ahead, or the last one once it is over) and the schedule as core
 * `computeSchedule` gives it. The state is left to the reader (it moves with the date, the row does not).
 */
export interface ProgrammeRow {
  patientId: string;
  employmentId: string;
  companyId: string;
  sectorId: string | null;
  gheId: string | null;
  exposed: boolean;
  dueDate: string | null;
  reason: DueReason | null;
  lastExamDate: string | null;
  withoutReference: boolean;
  /** The first day after `today` on which the row may change with no write (a period starts or ends, the dismissal passes, a future exam comes due); null: never. */
  validUntil: string | null;
}

/** The period the row is filed under: in force today, else the next one, else the latest. */
export function periodOfRow<P extends Pick<Employment, 'startDate' | 'endDate' | 'dismissalDate'>>(periods: readonly P[], today: string): P | undefined {
  const sorted = [...periods].sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  return periodOn(sorted, today) ?? sorted.find((p) => p.startDate > today) ?? sorted.at(-1);
}

/** The row of a worker with at least one period; undefined without employment (not in the programme). */
export function projectWorker(input: {
  patientId: string;
  today: string;
  periods: readonly ProjectedPeriod[];
  exams: ReadonlyArray<{ date: string; examType?: ExamType | null }>;
}): ProgrammeRow | undefined {
  const { today, periods, exams } = input;
  const period = periodOfRow(periods, today);
  if (!period) return undefined;
  const schedule = computeSchedule({
    today,
    periods: periods.map((p) => ({ ...p, exposed: p.gheId !== null && isExposed(p.exposure) })),
    exams,
  });
  const changes = [
    ...periods.flatMap((p) => [p.startDate, p.endDate, p.dismissalDate === null ? null : addDays(p.dismissalDate, 1)]),
    ...exams.map((e) => e.date),
  ].filter((d): d is string => d !== null && d > today).sort();
  return {
    patientId: input.patientId,
    employmentId: period.id,
    companyId: period.companyId,
    sectorId: period.sectorId,
    gheId: period.gheId,
    exposed: schedule.exposed,
    dueDate: schedule.dueDate,
    reason: schedule.reason,
    lastExamDate: schedule.lastExamDate,
    withoutReference: schedule.state === 'sem_referencia',
    validUntil: changes[0] ?? null,
  };
}

import type { ExamType } from '../exams/exam-type';
import { isExposed, type NoiseExposure } from './company';
import type { ExamResult } from './outcomes';
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
 * or the next one for an admission ahead, or the last one once it is over; none without employment)
 * and the schedule as core `computeSchedule` gives it. The state is left to the reader (it moves with
 * the date, the row does not).
 */
export interface ProgrammeRow {
  patientId: string;
  employmentId: string | null;
  companyId: string | null;
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

/**
 * The row of a worker with a period or an exam (undefined with neither). Without employment the row
 * is not exposed and filed nowhere: it only carries the exams for the organisation's prevalence.
 */
export function projectWorker(input: {
  patientId: string;
  today: string;
  periods: readonly ProjectedPeriod[];
  exams: ReadonlyArray<{ date: string; examType?: ExamType | null }>;
}): ProgrammeRow | undefined {
  const { today, periods, exams } = input;
  const period = periodOfRow(periods, today);
  if (!period && exams.length === 0) return undefined;
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
    employmentId: period?.id ?? null,
    companyId: period?.companyId ?? null,
    sectorId: period?.sectorId ?? null,
    gheId: period?.gheId ?? null,
    exposed: schedule.exposed,
    dueDate: schedule.dueDate,
    reason: schedule.reason,
    lastExamDate: schedule.lastExamDate,
    withoutReference: schedule.state === 'sem_referencia',
    validUntil: changes[0] ?? null,
  };
}

/** One audiometry's outcome with what orders it: the latest is the latest date, then the latest recorded, then the smallest id. */
export interface OrderedOutcome {
  id: string;
  /** ISO YYYY-MM-DD. */
  date: string;
  createdAt: Date;
  result: ExamResult | null;
  desencadeamento: boolean;
  agravamento: boolean;
}

const later = (a: OrderedOutcome, b: OrderedOutcome) =>
  a.date !== b.date ? a.date > b.date : a.createdAt.getTime() !== b.createdAt.getTime() ? a.createdAt > b.createdAt : a.id < b.id;

/**
 * What a worker contributes to core `prevalence` over any window ending `today`: the window [from, today]
 * counts the worker when `lastExamDate ≥ from`, as sugestivo when `lastResult` is, and with a flag when the
 * latest exam showing it is on or after `from`. Exams dated after today are not yet counted.
 */
export function outcomeSummary(outcomes: readonly OrderedOutcome[], today: string): {
  lastResult: ExamResult | null; lastDesencadeamentoDate: string | null; lastAgravamentoDate: string | null;
} {
  let last: OrderedOutcome | undefined;
  let desencadeamento: string | null = null;
  let agravamento: string | null = null;
  for (const o of outcomes) {
    if (o.date > today) continue;
    if (!last || later(o, last)) last = o;
    if (o.desencadeamento && (desencadeamento === null || o.date > desencadeamento)) desencadeamento = o.date;
    if (o.agravamento && (agravamento === null || o.date > agravamento)) agravamento = o.date;
  }
  return { lastResult: last?.result ?? null, lastDesencadeamentoDate: desencadeamento, lastAgravamentoDate: agravamento };
}

/** Per calendar year: the latest exam's result and whether any exam showed a flag (core `prevalenceByYear`, one worker). */
export function outcomesByYear(outcomes: readonly OrderedOutcome[]): Array<{ year: number; result: ExamResult | null; desencadeamento: boolean; agravamento: boolean }> {
  const years = new Map<number, { last: OrderedOutcome; desencadeamento: boolean; agravamento: boolean }>();
  for (const o of outcomes) {
    const year = Number(o.date.slice(0, 4));
    const seen = years.get(year);
    if (!seen) years.set(year, { last: o, desencadeamento: o.desencadeamento, agravamento: o.agravamento });
    else {
      if (later(o, seen.last)) seen.last = o;
      seen.desencadeamento ||= o.desencadeamento;
      seen.agravamento ||= o.agravamento;
    }
  }
  return [...years].sort(([a], [b]) => a - b).map(([year, y]) => ({ year, result: y.last.result, desencadeamento: y.desencadeamento, agravamento: y.agravamento }));
}

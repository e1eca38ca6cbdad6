import type { ExamType } from '../exams/exam-type';
import type { Employment } from './employment';

/**
 * When each exposed worker's next audiometry is due (issue 19; docs/programme.md "Schedule"). Pure:
 * the caller gives today's date, the worker's employment periods with their GHE's exposure and
 * periodicity, and the worker's audiometries.
 *
 * Rules (NR-7 Anexo II item 4, clinical-rules §2.4; the choices P1–P5 are documented in docs/programme.md):
 * - P1 A worker is in the programme while the period in force (or the next one, for an admission ahead)
 *   is in a GHE at or above the action level.
 * - P2 Exposure starts at the admission (item 4.1 a) or, for a worker moved from an unexposed GHE into an
 *   exposed one, at the day of the move (mudança de riscos, item 2). An audiometry done in the 90 days
 *   before that day is accepted (item 7.5.17); otherwise one is due on that day.
 * - P3 Then one every `periodicityMonths` (12, item 4.1 b, or shorter, item 4.2) counted from the latest
 *   audiometry: an exam done early restarts the count, so no interval ever exceeds the period. A month
 *   past the 28th/29th/30th/31st ends on the last day of the shorter month (29/02/2024 + 12 → 28/02/2025).
 * - P4 With a dismissal date on file, an audiometry done up to 120 days before it covers the dismissal
 *   (item 4.1.1); otherwise one is due by that date, unless a periodic one is due earlier.
 * - P5 No audiometry on file at all: "sem exame de referência" (the first exam will be the reference, item 4.3.1 a).
 */
export const SCHEDULE_STATES = ['em_dia', 'vence_30', 'vencido', 'sem_referencia'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

export const SCHEDULE_STATE_LABELS: Record<ScheduleState, string> = {
  em_dia: 'Em dia',
  vence_30: 'Vence em ≤ 30 dias',
  vencido: 'Vencido',
  sem_referencia: 'Sem exame de referência',
};

/** What the due audiometry is for. */
export type DueReason = 'admissao' | 'mudanca_riscos' | 'periodico' | 'demissao';

export const DUE_REASON_LABELS: Record<DueReason, string> = {
  admissao: 'Admissional',
  mudanca_riscos: 'Mudança de riscos ocupacionais',
  periodico: 'Periódico',
  demissao: 'Demissional',
};

/** Days before admission (or a move into exposure) in which an audiometry is accepted (NR-7 item 7.5.17). */
export const ENTRY_ACCEPTANCE_DAYS = 90;
/** Days before the end of the contract in which the last audiometry covers the dismissal (Anexo II item 4.1.1). */
export const DISMISSAL_ACCEPTANCE_DAYS = 120;
/** "Vence em ≤ 30 dias". */
export const DUE_SOON_DAYS = 30;

export type SchedulePeriod = Pick<Employment, 'companyId' | 'admissionDate' | 'dismissalDate' | 'startDate' | 'endDate'> & {
  /** The period's GHE is at or above the action level. */
  exposed: boolean;
  /** The period's GHE periodicity (12 when none). */
  periodicityMonths: number;
};

export interface ScheduleInput {
  /** ISO YYYY-MM-DD. */
  today: string;
  periods: readonly SchedulePeriod[];
  exams: ReadonlyArray<{ date: string; examType?: ExamType | null }>;
}

export interface WorkerSchedule {
  /** In the programme now (P1). */
  exposed: boolean;
  /** null when not exposed. */
  state: ScheduleState | null;
  /** ISO date the next audiometry is due; null when not exposed or nothing more is due (dismissal covered). */
  dueDate: string | null;
  reason: DueReason | null;
  /** First day of the current exposure (P2); null when not exposed. */
  exposureStart: string | null;
  /** Latest audiometry on or before today, of any type; null when none. */
  lastExamDate: string | null;
}

const NOT_EXPOSED = (lastExamDate: string | null): WorkerSchedule => ({ exposed: false, state: null, dueDate: null, reason: null, exposureStart: null, lastExamDate });

export function computeSchedule(input: ScheduleInput): WorkerSchedule {
  const { today } = input;
  const examDates = input.exams.map((e) => e.date).filter((d) => d <= today).sort();
  const lastExamDate = examDates.at(-1) ?? null;
  const periods = [...input.periods].sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  const inForce = (p: SchedulePeriod) => p.startDate <= today && (p.endDate === null || today < p.endDate) && (p.dismissalDate === null || today <= p.dismissalDate);
  const current = periods.find(inForce) ?? periods.find((p) => p.startDate > today);
  if (!current || !current.exposed) return NOT_EXPOSED(lastExamDate);

  // P2: walk back through the contract's contiguous exposed periods.
  const sameContract = periods.filter((p) => p.companyId === current.companyId && p.admissionDate === current.admissionDate);
  let start = current;
  for (;;) {
    const previous = sameContract.find((p) => p.endDate === start.startDate);
    if (!previous || !previous.exposed) break;
    start = previous;
  }
  const movedIn = start.startDate > start.admissionDate && sameContract.some((p) => p.endDate === start.startDate);
  const exposureStart = movedIn ? start.startDate : start.admissionDate;
  const entryReason: DueReason = movedIn ? 'mudanca_riscos' : 'admissao';
  const exposed = (state: ScheduleState, dueDate: string | null, reason: DueReason | null): WorkerSchedule =>
    ({ exposed: true, state, dueDate, reason, exposureStart, lastExamDate });

  if (!lastExamDate) return exposed('sem_referencia', exposureStart, entryReason); // P5

  const accepted = examDates.filter((d) => d >= addDays(exposureStart, -ENTRY_ACCEPTANCE_DAYS));
  const last = accepted.at(-1);
  let due: string | null;
  let reason: DueReason | null;
  if (!last) {
    due = exposureStart;
    reason = entryReason;
  } else {
    due = addMonths(last, current.periodicityMonths); // P3
    reason = 'periodico';
  }
  const dismissal = current.dismissalDate; // P4
  if (dismissal && last && last >= addDays(dismissal, -DISMISSAL_ACCEPTANCE_DAYS)) {
    if (due > dismissal) {
      due = null;
      reason = null;
    }
  } else if (dismissal && due > dismissal) {
    due = dismissal;
    reason = 'demissao';
  }
  return exposed(stateOf(due, today), due, reason);
}

/** The state of a due date seen from today. */
export function stateOf(dueDate: string | null, today: string): Exclude<ScheduleState, 'sem_referencia'> {
  if (dueDate === null) return 'em_dia';
  if (dueDate < today) return 'vencido';
  return dueDate <= addDays(today, DUE_SOON_DAYS) ? 'vence_30' : 'em_dia';
}

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (d: Date) => d.toISOString().slice(0, 10);

/** ISO date plus (or minus) whole days. */
export function addDays(iso: string, days: number): string {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** ISO date plus whole months, clamped to the last day of the target month (31/01 + 1 → 28/02 or 29/02). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return toIso(target);
}

/** Today's date in Brazil (America/Sao_Paulo, where the programme's deadlines are kept), ISO YYYY-MM-DD. */
export function programmeToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

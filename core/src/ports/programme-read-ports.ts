import type { ExposureStatus } from '../programme/company';
import type { Prevalence } from '../programme/outcomes';
import type { ScheduleState } from '../programme/schedule';
import type { ProgrammeFilter, ProgrammeWorker } from './programme-ports';

/*
 * The programme dashboard's read side (issue 19). Every method is scoped to one organisation (ids of
 * another one match nothing) and answers for the `today` given (Brazil's date, `programmeToday`).
 * Who is counted: the non-archived workers with an employment whose period in force (or the next one)
 * is in a GHE at or above the action level — `computeSchedule`'s "exposed". A worker is filed under the
 * company, sector and GHE of that period (for the prevalence: of the latest period once dismissed).
 */

/** Counts of exposed workers: due in [today, today + N] (cumulative; overdue and "sem referência" not included). */
export interface ProgrammeCounts {
  exposedWorkers: number;
  dueIn30: number;
  dueIn60: number;
  dueIn90: number;
  overdue: number;
  withoutReference: number;
}

export interface ProgrammeCompanyCounts extends ProgrammeCounts {
  companyId: string;
  name: string;
  cnpj: string | null;
}

export interface ProgrammeGheCounts extends ProgrammeCounts {
  gheId: string;
  companyId: string;
  companyName: string;
  sectorId: string | null;
  sectorName: string | null;
  name: string;
  exposureStatus: ExposureStatus;
}

/** The counts in total, per company and per GHE of the filter (every company and GHE matching, zeros included), ordered by name. */
export interface ProgrammeOverviewCounts {
  totals: ProgrammeCounts;
  companies: ProgrammeCompanyCounts[];
  ghes: ProgrammeGheCounts[];
}

/** The worker list's states: the schedule's four, plus "due within 60/90 days" (today ≤ due ≤ today + N). */
export const PROGRAMME_WORKER_STATES = ['vencido', 'vence_30', 'em_dia', 'sem_referencia', 'due60', 'due90'] as const;
export type ProgrammeWorkerState = (typeof PROGRAMME_WORKER_STATES)[number];

export interface ProgrammeWorkerQuery extends ProgrammeFilter {
  state?: ProgrammeWorkerState;
}

export interface ProgrammeWorkerPage {
  total: number;
  /** Due date ascending (overdue first; nothing due last), then name. */
  items: Array<ProgrammeWorker & { state: ScheduleState }>;
}

/** ISO dates, inclusive. */
export interface DateWindow {
  from: string;
  to: string;
}

export interface ProgrammePrevalence {
  current: Prevalence;
  byYear: Array<Prevalence & { year: number }>;
}

export interface ProgrammeQueries {
  overview(organizationId: string, filter: ProgrammeFilter, today: string): Promise<ProgrammeOverviewCounts>;
  workers(organizationId: string, query: ProgrammeWorkerQuery, today: string, slice: { limit: number; offset: number }): Promise<ProgrammeWorkerPage>;
  /**
   * Core `prevalence` over the window and per calendar year (fromYear..toYear, within the last
   * PREVALENCE_TREND_YEARS years of `today`: a stored read model may keep no older ones) among the filter's
   * non-archived workers (no filter: every non-archived worker of the organisation, with or without employment).
   */
  prevalence(organizationId: string, filter: ProgrammeFilter, today: string, window: DateWindow, years: { fromYear: number; toYear: number }): Promise<ProgrammePrevalence>;
}

/**
 * Keeps a stored read model current: recomputes the organisation's workers changed since the last
 * refresh and those whose row changes by itself by `today`. A no-op for a read model computed on demand.
 */
export interface ProgrammeProjection {
  refresh(organizationId: string, today: string): Promise<{ refreshed: number }>;
  /** Organisations with workers marked for a refresh (a background refresh visits them); [] when computed on demand. */
  organizationsToRefresh(): Promise<string[]>;
}

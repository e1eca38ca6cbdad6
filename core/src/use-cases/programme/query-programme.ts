import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { percent, type Prevalence } from '../../programme/outcomes';
import { addDays, addMonths, programmeToday, SCHEDULE_STATE_LABELS, DUE_REASON_LABELS, type DueReason, type ScheduleState } from '../../programme/schedule';
import type { Clock } from '../../ports/clock';
import type { ProgrammeFilter, ProgrammeWorker } from '../../ports/programme-ports';
import type {
  DateWindow, ProgrammeCompanyCounts, ProgrammeCounts, ProgrammeGheCounts, ProgrammeProjection, ProgrammeQueries, ProgrammeWorkerQuery,
} from '../../ports/programme-read-ports';
import { DomainError } from '../../shared/domain-error';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

/** A filter the dashboard cannot answer (bad date, window upside down or too long). */
export class InvalidProgrammeFilterError extends DomainError {
  readonly code = 'PROGRAMME.INVALID_FILTER' as const;
  constructor(path: string, message: string) {
    super(message, [{ path, message }]);
  }
}

/** The dashboard figures: the counts plus the coverage, % with one decimal of the exposed workers neither overdue nor without reference. */
export type ProgrammeFigures = ProgrammeCounts & { coverage: number | null };
export interface ProgrammeOverview {
  today: string;
  totals: ProgrammeFigures;
  companies: Array<ProgrammeCompanyCounts & { coverage: number | null; needsCompletion: boolean }>;
  ghes: Array<ProgrammeGheCounts & { coverage: number | null }>;
}

export type PrevalenceFigures = Prevalence & { sugestivoPercent: number | null; desencadeamentoPercent: number | null; agravamentoPercent: number | null };
export interface ProgrammePrevalenceView {
  window: DateWindow;
  current: PrevalenceFigures;
  byYear: Array<PrevalenceFigures & { year: number }>;
}

export type ProgrammeWorkerItem = ProgrammeWorker & { reasonLabel: string | null; stateLabel: string };
export interface ProgrammeWorkersView {
  today: string;
  total: number;
  items: ProgrammeWorkerItem[];
}

/** Longest prevalence window (ten years): beyond it the question is the trend by year. */
export const MAX_PREVALENCE_WINDOW_YEARS = 10;
/** Years of the trend, the current one included. */
export const PREVALENCE_TREND_YEARS = 5;
export const WORKERS_PAGE_MAX = 500;
/** The CSV of a list (every row asked; an organisation of 100 000 workers fits). */
export const WORKERS_CSV_MAX = 200_000;

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => ISO.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

export const withCoverage = <C extends ProgrammeCounts>(c: C): C & { coverage: number | null } =>
  ({ ...c, coverage: percent(c.exposedWorkers - c.overdue - c.withoutReference, c.exposedWorkers) });
const withPercents = <P extends Prevalence>(p: P): P & Omit<PrevalenceFigures, keyof Prevalence> => ({
  ...p,
  sugestivoPercent: percent(p.sugestivo, p.workersExamined),
  desencadeamentoPercent: percent(p.desencadeamento, p.workersExamined),
  agravamentoPercent: percent(p.agravamento, p.workersExamined),
});

/**
 * The programme dashboard (issue 19): compliance per company and GHE, the workers by schedule state,
 * and the prevalence of PAINPSE, desencadeamento and agravamento. A view of the company dashboards
 * (`dashboards.export`, not the técnico). The stored read model is refreshed before each answer.
 */
export class QueryProgramme {
  constructor(
    private readonly queries: ProgrammeQueries,
    private readonly projection: ProgrammeProjection,
    private readonly clock: Clock,
  ) {}

  async overview(auth: AuthContext, filter: ProgrammeFilter): Promise<Result<ProgrammeOverview, ForbiddenError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    const today = await this.fresh(auth);
    const counts = await this.queries.overview(auth.organizationId, filter, today);
    return ok({
      today,
      totals: withCoverage(counts.totals),
      companies: counts.companies.map((c) => ({ ...withCoverage(c), needsCompletion: c.cnpj === null })),
      ghes: counts.ghes.map(withCoverage),
    });
  }

  async workers(auth: AuthContext, query: ProgrammeWorkerQuery, slice: { limit?: number; offset?: number } = {}): Promise<Result<ProgrammeWorkersView, ForbiddenError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    const today = await this.fresh(auth);
    const limit = Math.max(1, Math.min(WORKERS_CSV_MAX, Math.floor(slice.limit ?? 50) || 50));
    const offset = Math.max(0, Math.floor(slice.offset ?? 0) || 0);
    const page = await this.queries.workers(auth.organizationId, query, today, { limit, offset });
    return ok({
      today,
      total: page.total,
      items: page.items.map((w) => ({ ...w, reasonLabel: w.reason ? DUE_REASON_LABELS[w.reason as DueReason] : null, stateLabel: SCHEDULE_STATE_LABELS[w.state as ScheduleState] })),
    });
  }

  async prevalence(auth: AuthContext, filter: ProgrammeFilter & Partial<DateWindow>): Promise<Result<ProgrammePrevalenceView, ForbiddenError | InvalidProgrammeFilterError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    const today = programmeToday(this.clock.now());
    const window = prevalenceWindow(today, filter.from, filter.to);
    if (!window.ok) return window;
    await this.projection.refresh(auth.organizationId, today);
    const toYear = Number(today.slice(0, 4));
    const { companyId, sectorId, gheId } = filter;
    const figures = await this.queries.prevalence(auth.organizationId, { companyId, sectorId, gheId }, today, window.value, { fromYear: toYear - PREVALENCE_TREND_YEARS + 1, toYear });
    return ok({ window: window.value, current: withPercents(figures.current), byYear: figures.byYear.map(withPercents) });
  }

  private async fresh(auth: AuthContext): Promise<string> {
    const today = programmeToday(this.clock.now());
    await this.projection.refresh(auth.organizationId, today);
    return today;
  }
}

/** The window asked, or the last 12 months up to today: (today − 12 months, today]. */
export function prevalenceWindow(today: string, from?: string, to?: string): Result<DateWindow, InvalidProgrammeFilterError> {
  if (from !== undefined && !isRealDay(from)) return err(new InvalidProgrammeFilterError('from', 'Data inicial inválida: use AAAA-MM-DD'));
  if (to !== undefined && !isRealDay(to)) return err(new InvalidProgrammeFilterError('to', 'Data final inválida: use AAAA-MM-DD'));
  const end = to ?? today;
  const start = from ?? addDays(addMonths(end, -12), 1);
  if (start > end) return err(new InvalidProgrammeFilterError('from', 'A data inicial é posterior à data final'));
  if (start < addMonths(end, -12 * MAX_PREVALENCE_WINDOW_YEARS)) return err(new InvalidProgrammeFilterError('from', `O período pode ter no máximo ${MAX_PREVALENCE_WINDOW_YEARS} anos`));
  return ok({ from: start, to: end });
}

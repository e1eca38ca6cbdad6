import { attributionOf } from '../../accounts/attribution';
import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import type { ExamType } from '../../exams/exam-type';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { ProgrammeOutcome, ProgrammeOutcomeSource } from '../../ports/programme-ports';
import { Cnpj, formatCnpj, type InvalidCnpjError } from '../../programme/cnpj';
import type { Company } from '../../programme/company';
import { percent, reportFigures, type ExamResult, type ReportFigures } from '../../programme/outcomes';
import { addDays, addMonths, programmeToday } from '../../programme/schedule';
import { DomainError, fixedError } from '../../shared/domain-error';
import { err, ok, type Result } from '../../shared/result';
import type { ClinicHeader } from '../accounts/manage-organization';
import { ReportRenderFailedError } from '../reports/manage-reports';
import type { AuthContext } from '../accounts/session-policy';

/*
 * The audiometry part of the NR-7 item 7.6.2 analytical report (relatório analítico) of one company and
 * one period — usually a calendar year — compared with the same period one year earlier (issue 19).
 * An exam belongs to the company when the worker's employment period in force on the exam date is in
 * the company (`periodOn`), so a worker who moved between companies is counted where they were.
 */

export class ReportCompanyNotFoundError extends fixedError('COMPANY.NOT_FOUND', 'Empresa não encontrada') {}

/** A period the report cannot cover (HTTP 400, CLI exit 2). */
export class InvalidReportPeriodError extends DomainError {
  readonly code = 'ANNUAL_REPORT.INVALID_PERIOD';
  constructor(message: string, field = 'year') {
    super(message, [{ path: field, message }]);
  }
}

/** Which company (by id, or by CNPJ as the CLI names it) and which period (a year, or from/to within one year). */
export interface AnnualReportQuery {
  companyId?: string;
  cnpj?: string;
  year?: number;
  /** ISO YYYY-MM-DD, inclusive; with `to`, instead of `year`. */
  from?: string;
  to?: string;
}

/** Shares (%, one decimal, null when there is nothing to divide by) of a period's figures. */
export interface ReportPercents {
  /** Per result, of the audiometries. */
  byResult: Record<ExamResult | 'sem_classificacao', number | null>;
  /** Of the workers examined. */
  desencadeamentoWorkers: number | null;
  agravamentoWorkers: number | null;
  referredWorkers: number | null;
}

export interface PeriodFigures extends ReportFigures {
  percents: ReportPercents;
}

/** One row of the breakdown by sector or by GHE (where the worker was on the exam date). */
export interface ReportGroupRow {
  /** Sector or GHE id; null = the exams of workers without one on the exam date. */
  id: string | null;
  name: string;
  /** For a GHE: its sector at the time of the exam (the period's sector). */
  sectorName: string | null;
  figures: PeriodFigures;
}

/** A worker listed by the report (desencadeamento/agravamento cases, referrals): the exam that put them there. */
export interface ReportWorkerRow {
  patientId: string;
  name: string;
  registration: string | null;
  sectorName: string | null;
  gheName: string | null;
  /** ISO date of the exam. */
  examDate: string;
  examType: ExamType | null;
  result: ExamResult | null;
  desencadeamento: boolean;
  agravamento: boolean;
}

export interface AnnualReportData {
  organizationId: string;
  /** The clinic header (Configurações → Clínica), as laudos print it. */
  clinic: ClinicHeader;
  company: { id: string; name: string; tradeName: string | null; cnpj: string | null; cnpjFormatted: string | null; address: string | null; cnae: string | null };
  /** The calendar year when the report is of a year; null for a from/to period. */
  year: number | null;
  period: { from: string; to: string };
  previousPeriod: { from: string; to: string };
  current: PeriodFigures;
  previous: PeriodFigures;
  bySector: ReportGroupRow[];
  byGhe: ReportGroupRow[];
  /** Workers with desencadeamento or agravamento in the period (NR-7 Anexo II item 9 b), one row per exam showing it. */
  cases: ReportWorkerRow[];
  /** Workers to refer for specialised evaluation (Anexo II item 10 b): one row per worker, the latest exam of the period with an alteration not suggestive of PAINPSE. */
  referrals: ReportWorkerRow[];
  generatedAt: string;
  generatedBy: { name: string; registry: string | null };
}

/** Renders the report as an A4 PDF (Handlebars + Chromium in the adapters). */
export interface AnnualReportRenderer {
  renderAnnualReport(report: AnnualReportData): Promise<Uint8Array>;
}

/** The company lookups the report needs (`CompanyRecords` satisfies it). */
export interface AnnualReportCompanies {
  get(organizationId: string, id: string): Promise<Company | undefined>;
  findByCnpj(organizationId: string, cnpj: string): Promise<Company | undefined>;
}

export interface AnnualReportDeps {
  outcomes: ProgrammeOutcomeSource;
  companies: AnnualReportCompanies;
  clinic: { header(organizationId: string): Promise<ClinicHeader | undefined> };
  professionals: Pick<ProfessionalRepository, 'findById'>;
  clock: Clock;
  renderer?: AnnualReportRenderer;
}

type Failure = ReportCompanyNotFoundError | InvalidReportPeriodError | InvalidCnpjError | ForbiddenError;

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => ISO.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** The period of the query: a calendar year, or from/to no longer than one year. */
export function reportPeriod(q: Pick<AnnualReportQuery, 'year' | 'from' | 'to'>): Result<{ year: number | null; from: string; to: string }, InvalidReportPeriodError> {
  if (q.from !== undefined || q.to !== undefined) {
    if (q.year !== undefined) return err(new InvalidReportPeriodError('Informe o ano ou o período (de/até), não os dois'));
    if (!q.from || !q.to || !isRealDay(q.from) || !isRealDay(q.to)) return err(new InvalidReportPeriodError('Período inválido: informe as datas de início e de fim (AAAA-MM-DD)', 'from'));
    if (q.from > q.to) return err(new InvalidReportPeriodError('Período inválido: a data de início é posterior à de fim', 'from'));
    if (q.to >= addMonths(q.from, 12)) return err(new InvalidReportPeriodError('O relatório analítico cobre no máximo um ano', 'to'));
    if (q.from < '1900-01-01' || q.to > '2999-12-31') return err(new InvalidReportPeriodError('Período fora do intervalo 1900–2999', 'from'));
    return ok({ year: null, from: q.from, to: q.to });
  }
  if (q.year === undefined || !Number.isInteger(q.year) || q.year < 1900 || q.year > 2999) return err(new InvalidReportPeriodError('Ano inválido: informe um ano entre 1900 e 2999'));
  return ok({ year: q.year, from: `${q.year}-01-01`, to: `${q.year}-12-31` });
}

/** The same period one year earlier (29/02 → 28/02). */
export function previousPeriod(p: { from: string; to: string }): { from: string; to: string } {
  const to = addMonths(p.to, -12);
  // a period ending on 28/02 of a leap year's previous year still ends on the last day of February
  return { from: addMonths(p.from, -12), to: p.to.slice(5) === '02-28' && addDays(to, 1).slice(5) === '02-29' ? addDays(to, 1) : to };
}

function withPercents(f: ReportFigures): PeriodFigures {
  const byResult = Object.fromEntries(Object.entries(f.byResult).map(([k, n]) => [k, percent(n, f.audiometries)])) as ReportPercents['byResult'];
  return {
    ...f,
    percents: {
      byResult,
      desencadeamentoWorkers: percent(f.desencadeamentoWorkers, f.workersExamined),
      agravamentoWorkers: percent(f.agravamentoWorkers, f.workersExamined),
      referredWorkers: percent(f.referredWorkers, f.workersExamined),
    },
  };
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

function groups(rows: readonly ProgrammeOutcome[], from: string, to: string, keyOf: (o: ProgrammeOutcome) => { id: string | null; name: string | null; sectorName: string | null }, none: string): ReportGroupRow[] {
  const byKey = new Map<string, { id: string | null; name: string; sectorName: string | null; rows: ProgrammeOutcome[] }>();
  for (const o of rows) {
    const k = keyOf(o);
    const key = k.id ?? '';
    const g = byKey.get(key) ?? { id: k.id, name: k.name ?? none, sectorName: k.sectorName, rows: [] };
    g.rows.push(o);
    byKey.set(key, g);
  }
  return [...byKey.values()]
    .sort((a, b) => (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) || collator.compare(a.name, b.name))
    .map((g) => ({ id: g.id, name: g.name, sectorName: g.sectorName, figures: withPercents(reportFigures(g.rows, from, to)) }));
}

const workerRow = (o: ProgrammeOutcome): ReportWorkerRow => ({
  patientId: o.patientId, name: o.workerName, registration: o.registration, sectorName: o.sectorName, gheName: o.gheName,
  examDate: o.date, examType: o.examType, result: o.result, desencadeamento: o.desencadeamento, agravamento: o.agravamento,
});

const byNameThenDate = (a: ReportWorkerRow, b: ReportWorkerRow) => collator.compare(a.name, b.name) || a.examDate.localeCompare(b.examDate);

/** The figures of the report from the outcomes of both periods (pure: the use case's core, tested alone). */
export function annualReportFigures(outcomes: readonly ProgrammeOutcome[], period: { from: string; to: string }, previous: { from: string; to: string }) {
  const inPeriod = outcomes.filter((o) => o.date >= period.from && o.date <= period.to);
  const cases = inPeriod.filter((o) => o.desencadeamento || o.agravamento).map(workerRow).sort(byNameThenDate);
  // one row per worker to refer: the latest exam of the period with an alteration not suggestive of PAINPSE
  const toRefer = new Map<string, ProgrammeOutcome>();
  for (const o of inPeriod) {
    const seen = toRefer.get(o.patientId);
    if (o.result === 'nao_sugestivo' && (!seen || o.date >= seen.date)) toRefer.set(o.patientId, o);
  }
  const referrals = [...toRefer.values()].map(workerRow).sort(byNameThenDate);
  return {
    current: withPercents(reportFigures(inPeriod, period.from, period.to)),
    previous: withPercents(reportFigures(outcomes, previous.from, previous.to)),
    bySector: groups(inPeriod, period.from, period.to, (o) => ({ id: o.sectorId, name: o.sectorName, sectorName: null }), 'Sem setor informado'),
    byGhe: groups(inPeriod, period.from, period.to, (o) => ({ id: o.gheId, name: o.gheName, sectorName: o.sectorName }), 'Sem GHE informado'),
    cases,
    referrals,
  };
}

/**
 * The NR-7 7.6.2 analytical report (audiometry part) of a company: figures, breakdowns and lists as JSON,
 * and the PDF through the renderer. Viewing it is the dashboards' permission (`dashboards.export`).
 */
export class AnnualReport {
  constructor(private readonly d: AnnualReportDeps) {}

  /** A member's report (the API): permission, then the report of the caller's organisation. */
  async build(auth: AuthContext, query: AnnualReportQuery): Promise<Result<AnnualReportData, Failure>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    const me = await this.d.professionals.findById(auth.userId);
    const by = attributionOf(auth, me, this.d.clock.now());
    return this.buildFor(auth.organizationId, { name: by.name, registry: by.registry }, query);
  }

  /** The report of an organisation for a driver that checked the permission itself (the CLI). */
  async buildFor(organizationId: string, generatedBy: AnnualReportData['generatedBy'], query: AnnualReportQuery): Promise<Result<AnnualReportData, ReportCompanyNotFoundError | InvalidReportPeriodError | InvalidCnpjError>> {
    const period = reportPeriod(query);
    if (!period.ok) return period;
    const company = await this.company(organizationId, query);
    if (!company.ok) return company;
    const previous = previousPeriod(period.value);
    const now = this.d.clock.now();
    const [outcomes, header] = await Promise.all([
      this.d.outcomes.outcomesForCompany(organizationId, company.value.id, previous.from, period.value.to),
      this.d.clinic.header(organizationId),
    ]);
    const c = company.value;
    return ok({
      organizationId,
      clinic: header ?? { name: '', cnpj: null, address: null, phone: null, email: null, logo: null },
      company: { id: c.id, name: c.name, tradeName: c.tradeName, cnpj: c.cnpj, cnpjFormatted: c.cnpj ? formatCnpj(c.cnpj) : null, address: c.address, cnae: c.cnae },
      year: period.value.year,
      period: { from: period.value.from, to: period.value.to },
      previousPeriod: previous,
      ...annualReportFigures(outcomes, period.value, previous),
      generatedAt: now.toISOString(),
      generatedBy,
    });
  }

  /** The report as a PDF (and the data it shows, for the file name). */
  async pdf(auth: AuthContext, query: AnnualReportQuery): Promise<Result<{ report: AnnualReportData; bytes: Uint8Array }, Failure | ReportRenderFailedError>> {
    const built = await this.build(auth, query);
    if (!built.ok) return built;
    return this.render(built.value);
  }

  async render(report: AnnualReportData): Promise<Result<{ report: AnnualReportData; bytes: Uint8Array }, ReportRenderFailedError>> {
    if (!this.d.renderer) return err(new ReportRenderFailedError('no renderer'));
    try {
      return ok({ report, bytes: await this.d.renderer.renderAnnualReport(report) });
    } catch (e) {
      return err(new ReportRenderFailedError(e));
    }
  }

  /** The date (Brazil) the report is generated, for file names. */
  today(): string {
    return programmeToday(this.d.clock.now());
  }

  private async company(organizationId: string, q: AnnualReportQuery): Promise<Result<Company, ReportCompanyNotFoundError | InvalidCnpjError>> {
    if (q.companyId) {
      const found = await this.d.companies.get(organizationId, q.companyId);
      return found ? ok(found) : err(new ReportCompanyNotFoundError());
    }
    if (q.cnpj !== undefined) {
      const parsed = Cnpj.parse(q.cnpj);
      if (!parsed.ok) return parsed;
      const found = await this.d.companies.findByCnpj(organizationId, parsed.value.value);
      return found ? ok(found) : err(new ReportCompanyNotFoundError());
    }
    return err(new ReportCompanyNotFoundError());
  }
}

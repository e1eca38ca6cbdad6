import type { Exam } from '../exams/exam';
import type { ExamType } from '../exams/exam-type';
import type { Patient } from '../patients/patient';
import { searchText } from './in-memory-patient-exam-adapters';
import { exposureStatus, type Company, type Ghe, type Sector } from '../programme/company';
import type { Employment } from '../programme/employment';
import { prevalence, prevalenceByYear, resultOf, type ExamOutcome } from '../programme/outcomes';
import { projectWorker, type ProgrammeRow } from '../programme/programme-projection';
import { addDays, stateOf, type ScheduleState } from '../programme/schedule';
import type { ProgrammeFilter } from '../ports/programme-ports';
import type {
  DateWindow, ProgrammeCounts, ProgrammeOverviewCounts, ProgrammePrevalence, ProgrammeProjection, ProgrammeQueries, ProgrammeWorkerPage, ProgrammeWorkerQuery,
} from '../ports/programme-read-ports';

/** The programme's records as the twin reads them (live: read on every query). */
export interface ProgrammeRecordSet {
  companies: readonly Company[];
  sectors: readonly Sector[];
  ghes: readonly Ghe[];
  employments: readonly Employment[];
}

/** Plain arrays of programme records for tests (the records' own in-memory repositories may be passed instead). */
export class InMemoryProgrammeRecords implements ProgrammeRecordSet {
  companies: Company[] = [];
  sectors: Sector[] = [];
  ghes: Ghe[] = [];
  employments: Employment[] = [];
  upsert<K extends keyof ProgrammeRecordSet>(kind: K, row: ProgrammeRecordSet[K][number]): void {
    const list = this[kind] as Array<{ id: string }>;
    const at = list.findIndex((r) => r.id === row.id);
    if (at >= 0) list[at] = structuredClone(row);
    else list.push(structuredClone(row));
  }
  remove(kind: keyof ProgrammeRecordSet, id: string): void {
    const list = this[kind] as Array<{ id: string }>;
    const at = list.findIndex((r) => r.id === id);
    if (at >= 0) list.splice(at, 1);
  }
}

interface Sources {
  patients: { rows: Map<string, Patient> };
  exams: { rows: Map<string, Exam> };
  records: () => ProgrammeRecordSet;
}

const examTypeOf = (e: Exam): ExamType | null => (e as Exam & { examType?: ExamType | null }).examType ?? null;
/** The SQL order: `limiar_search_text(name)` (lower case, no accents), then id. */
const compareText = (a: string, b: string) => (searchText(a) < searchText(b) ? -1 : searchText(a) > searchText(b) ? 1 : 0);
const byName = <T extends { name: string; id: string }>(a: T, b: T) => compareText(a.name, b.name) || (a.id < b.id ? -1 : 1);
const matches = (row: Pick<ProgrammeRow, 'companyId' | 'sectorId' | 'gheId'>, f: ProgrammeFilter) =>
  (!f.companyId || row.companyId === f.companyId) && (!f.sectorId || row.sectorId === f.sectorId) && (!f.gheId || row.gheId === f.gheId);

/**
 * The programme dashboard computed on demand from the entities with the core rules (`projectWorker` →
 * `computeSchedule`, `prevalence`, `prevalenceByYear`): the reference the SQL read model is held to
 * (tests/contracts/programme-queries.contract.ts). Also its own (no-op) projection.
 */
export class InMemoryProgrammeQueries implements ProgrammeQueries, ProgrammeProjection {
  constructor(private readonly s: Sources) {}

  async refresh(): Promise<{ refreshed: number }> {
    return { refreshed: 0 };
  }

  /** Computed on demand: nothing is ever waiting. */
  async organizationsToRefresh(): Promise<string[]> {
    return [];
  }

  /** Every active worker of the organisation with an employment, with the row core computes for `today`. */
  rows(organizationId: string, today: string): Array<{ patient: Patient; row: ProgrammeRow }> {
    const records = this.s.records();
    const ghes = new Map(records.ghes.map((g) => [g.id, g]));
    const periods = new Map<string, Employment[]>();
    for (const e of records.employments) if (e.organizationId === organizationId) periods.set(e.patientId, [...(periods.get(e.patientId) ?? []), e]);
    const exams = new Map<string, Exam[]>();
    for (const e of this.s.exams.rows.values()) if (e.organizationId === organizationId) exams.set(e.patientId, [...(exams.get(e.patientId) ?? []), e]);
    const out: Array<{ patient: Patient; row: ProgrammeRow }> = [];
    for (const [patientId, list] of periods) {
      const patient = this.s.patients.rows.get(patientId);
      if (!patient || patient.organizationId !== organizationId || patient.archivedAt) continue;
      const row = projectWorker({
        patientId, today,
        periods: list.map((p) => {
          const ghe = p.gheId ? ghes.get(p.gheId) : undefined;
          return { ...p, exposure: ghe?.exposure ?? null, periodicityMonths: ghe?.periodicityMonths ?? 12 };
        }),
        exams: (exams.get(patientId) ?? []).map((e) => ({ date: e.date, examType: examTypeOf(e) })),
      });
      if (row) out.push({ patient, row });
    }
    return out;
  }

  async overview(organizationId: string, filter: ProgrammeFilter, today: string): Promise<ProgrammeOverviewCounts> {
    const records = this.s.records();
    const exposed = this.rows(organizationId, today).filter(({ row }) => row.exposed && matches(row, filter)).map(({ row }) => row);
    const count = (rows: ProgrammeRow[]): ProgrammeCounts => {
      const due = (n: number) => rows.filter((r) => !r.withoutReference && r.dueDate !== null && r.dueDate >= today && r.dueDate <= addDays(today, n)).length;
      return {
        exposedWorkers: rows.length, dueIn30: due(30), dueIn60: due(60), dueIn90: due(90),
        overdue: rows.filter((r) => !r.withoutReference && r.dueDate !== null && r.dueDate < today).length,
        withoutReference: rows.filter((r) => r.withoutReference).length,
      };
    };
    const companies = records.companies.filter((c) => c.organizationId === organizationId && (!filter.companyId || c.id === filter.companyId)
      && (!filter.sectorId || records.sectors.some((s) => s.id === filter.sectorId && s.companyId === c.id))
      && (!filter.gheId || records.ghes.some((g) => g.id === filter.gheId && g.companyId === c.id)));
    const companyName = new Map(records.companies.map((c) => [c.id, c.name]));
    const sectorName = new Map(records.sectors.map((s) => [s.id, s.name]));
    const ghes = records.ghes.filter((g) => g.organizationId === organizationId && (!filter.companyId || g.companyId === filter.companyId)
      && (!filter.sectorId || g.sectorId === filter.sectorId) && (!filter.gheId || g.id === filter.gheId));
    return {
      totals: count(exposed),
      companies: [...companies].sort(byName).map((c) => ({ companyId: c.id, name: c.name, cnpj: c.cnpj, ...count(exposed.filter((r) => r.companyId === c.id)) })),
      ghes: [...ghes].sort((a, b) => compareText(companyName.get(a.companyId) ?? '', companyName.get(b.companyId) ?? '') || (a.companyId < b.companyId ? -1 : a.companyId > b.companyId ? 1 : 0) || byName(a, b)).map((g) => ({
        gheId: g.id, companyId: g.companyId, companyName: companyName.get(g.companyId) ?? '', sectorId: g.sectorId, sectorName: g.sectorId ? sectorName.get(g.sectorId) ?? null : null,
        name: g.name, exposureStatus: exposureStatus(g.exposure), ...count(exposed.filter((r) => r.gheId === g.id)),
      })),
    };
  }

  async workers(organizationId: string, query: ProgrammeWorkerQuery, today: string, slice: { limit: number; offset: number }): Promise<ProgrammeWorkerPage> {
    const records = this.s.records();
    const stateOfRow = (r: ProgrammeRow): ScheduleState => (r.withoutReference ? 'sem_referencia' : stateOf(r.dueDate, today));
    const within = (r: ProgrammeRow, n: number) => !r.withoutReference && r.dueDate !== null && r.dueDate >= today && r.dueDate <= addDays(today, n);
    const rows = this.rows(organizationId, today).filter(({ row }) => row.exposed && matches(row, query)).filter(({ row }) => {
      switch (query.state) {
        case undefined: return true;
        case 'due60': return within(row, 60);
        case 'due90': return within(row, 90);
        default: return stateOfRow(row) === query.state;
      }
    });
    rows.sort((a, b) => {
      const da = a.row.dueDate ?? '9999-12-31';
      const db = b.row.dueDate ?? '9999-12-31';
      return da < db ? -1 : da > db ? 1 : compareText(a.patient.name, b.patient.name) || (a.patient.id < b.patient.id ? -1 : 1);
    });
    const find = <T extends { id: string }>(list: readonly T[], id: string | null) => (id ? list.find((x) => x.id === id) : undefined);
    return {
      total: rows.length,
      items: rows.slice(slice.offset, slice.offset + slice.limit).map(({ patient, row }) => ({
        patientId: patient.id, name: patient.name, cpf: patient.cpf, companyId: row.companyId ?? '', companyName: find(records.companies, row.companyId)?.name ?? '',
        sectorId: row.sectorId, sectorName: find(records.sectors, row.sectorId)?.name ?? null, gheId: row.gheId, gheName: find(records.ghes, row.gheId)?.name ?? null,
        registration: find(records.employments, row.employmentId)?.registration ?? null, lastExamDate: row.lastExamDate, dueDate: row.dueDate, reason: row.reason, state: stateOfRow(row),
      })),
    };
  }

  async prevalence(organizationId: string, filter: ProgrammeFilter, today: string, window: DateWindow, years: { fromYear: number; toYear: number }): Promise<ProgrammePrevalence> {
    const filtered = Boolean(filter.companyId || filter.sectorId || filter.gheId);
    const included = filtered
      ? new Set(this.rows(organizationId, today).filter(({ row }) => matches(row, filter)).map(({ patient }) => patient.id))
      : undefined;
    const outcomes: ExamOutcome[] = [...this.s.exams.rows.values()]
      .filter((e) => e.organizationId === organizationId && (included ? included.has(e.patientId) : !this.s.patients.rows.get(e.patientId)?.archivedAt))
      // among exams of one day, the latest recorded counts as the latest (prevalence keeps the first it sees on a tie)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1)))
      .map((e) => ({ patientId: e.patientId, date: e.date, examType: examTypeOf(e), ...resultOf(e.classification) }));
    return { current: prevalence(outcomes, window.from, window.to), byYear: prevalenceByYear(outcomes, years.fromYear, years.toYear) };
  }
}

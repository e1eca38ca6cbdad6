import type { Company, Ghe, Sector } from '../programme/company';
import type { Employment } from '../programme/employment';
import type { ExamOutcome } from '../programme/outcomes';
import type { DueReason, ScheduleState } from '../programme/schedule';

/*
 * Ports of the hearing-conservation programme (issue 19). Every method is scoped to one organisation:
 * another organisation's rows do not exist (404, ADR 0004).
 */

/** Companies as records; `CompanyRepository` (patient-ports) keeps the find-or-create by name of the worker form. */
export interface CompanyRecords {
  /**
   * The organisation's companies by name (accent- and case-insensitive), each with its active workers (not
   * archived, `patient.company_id` = the company of the current employment); `q` matches razão social, nome
   * fantasia or CNPJ (digits or letters, with or without the mask).
   */
  list(organizationId: string, query: { q?: string }): Promise<Array<Company & { activeWorkers: number }>>;
  get(organizationId: string, id: string): Promise<(Company & { activeWorkers: number }) | undefined>;
  /** A duplicate CNPJ, or razão social among the companies without CNPJ (unique per organisation), is answered, never thrown — races included. */
  insert(company: Company): Promise<'inserted' | 'duplicate-cnpj' | 'duplicate-name'>;
  update(company: Company): Promise<'updated' | 'duplicate-cnpj' | 'duplicate-name'>;
  findByCnpj(organizationId: string, cnpj: string): Promise<Company | undefined>;
}

export interface SectorRepository {
  /** By name. */
  listForCompany(organizationId: string, companyId: string): Promise<Sector[]>;
  get(organizationId: string, id: string): Promise<Sector | undefined>;
  /** Names are unique per company (accent- and case-insensitive). */
  insert(sector: Sector): Promise<'inserted' | 'duplicate-name'>;
  rename(organizationId: string, id: string, name: string): Promise<'updated' | 'duplicate-name' | 'not-found'>;
}

export interface GheRepository {
  /** By name. */
  listForCompany(organizationId: string, companyId: string): Promise<Ghe[]>;
  get(organizationId: string, id: string): Promise<Ghe | undefined>;
  /** Names are unique per company (accent- and case-insensitive). */
  insert(ghe: Ghe): Promise<'inserted' | 'duplicate-name'>;
  update(ghe: Ghe): Promise<'updated' | 'duplicate-name'>;
}

export interface EmploymentRepository {
  /** Every period of the worker, oldest first (start date, then admission, then creation). */
  listForPatient(organizationId: string, patientId: string): Promise<Employment[]>;
  get(organizationId: string, id: string): Promise<Employment | undefined>;
  /** One current period (no end) per worker, company and admission date: a second is answered, never thrown. */
  insert(employment: Employment): Promise<'inserted' | 'duplicate-current'>;
  update(employment: Employment): Promise<'updated' | 'duplicate-current'>;
  /**
   * Workers in each GHE of the company today: current periods (no end) of contracts not dismissed
   * before `today`, by GHE id (GHEs without any are absent).
   */
  currentWorkersByGhe(organizationId: string, companyId: string, today: string): Promise<Record<string, number>>;
}

/** One worker in the programme (the schedule projection), as the dashboard lists it. */
export interface ProgrammeWorker {
  patientId: string;
  name: string;
  cpf: string | null;
  companyId: string;
  companyName: string;
  sectorId: string | null;
  sectorName: string | null;
  gheId: string | null;
  gheName: string | null;
  registration: string | null;
  lastExamDate: string | null;
  dueDate: string | null;
  reason: DueReason | null;
  state: ScheduleState;
}

/** Filters of the programme dashboard; ids of another organisation match nothing. */
export interface ProgrammeFilter {
  companyId?: string;
  sectorId?: string;
  gheId?: string;
}

/** One audiometry of a company's worker with where the worker was on the exam date (the period in force then). */
export interface ProgrammeOutcome extends ExamOutcome {
  examId: string;
  workerName: string;
  /** Matrícula of the contract in force on the exam date. */
  registration: string | null;
  sectorId: string | null;
  sectorName: string | null;
  gheId: string | null;
  gheName: string | null;
}

/**
 * The audiometry outcomes of a company's workers for the analytical report (NR-7 7.6.2): every exam dated
 * `from`..`to` (inclusive) of a worker whose employment period in force on the exam date (`periodOn`) is in
 * the company; archived workers' exams are left out. Ordered by date, then worker name.
 */
export interface ProgrammeOutcomeSource {
  outcomesForCompany(organizationId: string, companyId: string, from: string, to: string): Promise<ProgrammeOutcome[]>;
}

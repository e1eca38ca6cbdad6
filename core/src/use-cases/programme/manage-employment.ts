import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { PatientNotFoundError } from '../../patients/patient-errors';
import type { Patient } from '../../patients/patient';
import { exposureStatus, type ExposureStatus, type Ghe, type Sector } from '../../programme/company';
import {
  validateEmploymentCorrection, validateEmploymentInput, validateTransferDate, type EmploymentInput,
} from '../../programme/company-rules';
import type { Employment } from '../../programme/employment';
import {
  CompanyNotFoundError, EmploymentClosedError, EmploymentDuplicateError, EmploymentNotFoundError, GheNotFoundError, InvalidEmploymentError, SectorNotFoundError,
} from '../../programme/programme-errors';
import { programmeToday } from '../../programme/schedule';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { PatientRepository } from '../../ports/patient-ports';
import type { CompanyRecords, EmploymentRepository, GheRepository, SectorRepository } from '../../ports/programme-ports';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { inTransaction } from '../../shared/in-transaction';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

/** A period as the worker page shows it: names of its company, sector and GHE, the GHE's exposure, and whether it is in force today. */
export type EmploymentView = Employment & {
  companyName: string;
  companyCnpj: string | null;
  sectorName: string | null;
  gheName: string | null;
  exposureStatus: ExposureStatus;
  current: boolean;
};

export interface EmploymentStores {
  patients: PatientRepository;
  companies: CompanyRecords;
  sectors: SectorRepository;
  ghes: GheRepository;
  employments: EmploymentRepository;
}

export type EmploymentWriteError =
  | ForbiddenError | PatientNotFoundError | CompanyNotFoundError | SectorNotFoundError | GheNotFoundError | EmploymentNotFoundError
  | InvalidEmploymentError | EmploymentClosedError | EmploymentDuplicateError;

export interface TransferInput {
  date?: string | null;
  sectorId?: string | null;
  gheId?: string | null;
  jobTitle?: string | null;
}

const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const invalid = (path: string, message: string) => err(new InvalidEmploymentError(message, [{ path, message }]));
const byStart = (a: Employment, b: Employment) =>
  a.startDate !== b.startDate ? (a.startDate < b.startDate ? -1 : 1) : a.admissionDate !== b.admissionDate ? (a.admissionDate < b.admissionDate ? -1 : 1) : +a.createdAt - +b.createdAt;

/** In force today: not ended by a transfer, and the contract not dismissed before today. */
export const isCurrentPeriod = (p: Pick<Employment, 'endDate' | 'dismissalDate'>, today: string) => p.endDate === null && (p.dismissalDate === null || p.dismissalDate >= today);

/**
 * The company the worker's lists show (`patient.company_id`): that of the latest period in force today,
 * else of the latest open period (a dismissed worker keeps the last employer); undefined without periods.
 */
export function currentCompanyOf(periods: readonly Employment[], today: string): string | undefined {
  const open = periods.filter((p) => p.endDate === null);
  const inForce = open.filter((p) => isCurrentPeriod(p, today));
  const pool = (inForce.length ? inForce : open).slice().sort(byStart);
  return pool.at(-1)?.companyId;
}

/**
 * A worker's employment (issue 19): contracts with a company (matrícula, admission, dismissal) and the
 * periods of each (cargo, setor, GHE). A transfer closes the current period and opens the next one of the
 * same contract; a correction edits one period (cargo, setor, GHE) or its contract (matrícula, admission,
 * dismissal, on every period of it). Writing needs `workers.write`; another organisation's ids are 404.
 * The worker's `company` (patient.company_id) follows the company of the current period.
 */
export class ManageEmployment {
  constructor(
    private readonly s: EmploymentStores,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async list(auth: AuthContext, patientId: string): Promise<Result<EmploymentView[], PatientNotFoundError>> {
    if (!(await this.s.patients.findById(auth.organizationId, patientId))) return err(new PatientNotFoundError());
    return ok(await this.views(auth, await this.s.employments.listForPatient(auth.organizationId, patientId)));
  }

  /** A new contract: its first period starts on the admission date. */
  async admit(auth: AuthContext, patientId: string, input: EmploymentInput): Promise<Result<EmploymentView, EmploymentWriteError>> {
    const allowed = requirePermission(auth, 'workers.write');
    if (!allowed.ok) return allowed;
    const patient = await this.s.patients.findById(auth.organizationId, patientId);
    if (!patient) return err(new PatientNotFoundError());
    const valid = validateEmploymentInput(input);
    if (!valid.ok) return valid;
    if (!(await this.s.companies.get(auth.organizationId, valid.value.companyId))) return err(new CompanyNotFoundError());
    const placement = await this.placement(auth, valid.value.companyId, valid.value.sectorId ?? undefined, valid.value.gheId, null);
    if (!placement.ok) return placement;
    const now = this.clock.now();
    const period: Employment = {
      id: this.ids.next(), organizationId: auth.organizationId, patientId, ...valid.value, ...placement.value,
      startDate: valid.value.admissionDate, endDate: null, createdAt: now, updatedAt: now,
    };
    return inTransaction(this.uow, async (): Promise<Result<EmploymentView, EmploymentWriteError>> => {
      if ((await this.s.employments.insert(period)) === 'duplicate-current') return err(new EmploymentDuplicateError());
      await this.followCompany(auth, patient);
      return ok((await this.views(auth, [period]))[0]);
    });
  }

  /** A change of sector, GHE or cargo on `date`: the current period ends that day and the next one starts. */
  async transfer(auth: AuthContext, patientId: string, employmentId: string, input: TransferInput): Promise<Result<EmploymentView, EmploymentWriteError>> {
    const allowed = requirePermission(auth, 'workers.write');
    if (!allowed.ok) return allowed;
    const found = await this.periodOf(auth, patientId, employmentId);
    if (!found.ok) return found;
    const { patient, period } = found.value;
    const date = validateTransferDate(input.date);
    if (!date.ok) return date;
    if (period.endDate !== null) return err(new EmploymentClosedError());
    if (date.value <= period.startDate) return invalid('date', `A transferência deve ser posterior ao início do período atual (${br(period.startDate)})`);
    if (period.dismissalDate !== null && date.value > period.dismissalDate) return invalid('date', `A transferência não pode ser posterior à demissão (${br(period.dismissalDate)})`);
    const jobTitle = input.jobTitle === undefined ? period.jobTitle : input.jobTitle?.trim() || null;
    if (jobTitle && jobTitle.length > 200) return invalid('jobTitle', 'Cargo deve ter no máximo 200 caracteres');
    const placement = await this.placement(auth, period.companyId, input.sectorId === undefined ? undefined : input.sectorId?.trim() || null,
      input.gheId === undefined ? period.gheId : input.gheId?.trim() || null, period);
    if (!placement.ok) return placement;
    const now = this.clock.now();
    const next: Employment = {
      ...period, id: this.ids.next(), jobTitle, ...placement.value, startDate: date.value, endDate: null, createdAt: now, updatedAt: now,
    };
    return inTransaction(this.uow, async (): Promise<Result<EmploymentView, EmploymentWriteError>> => {
      await this.s.employments.update({ ...period, endDate: date.value, updatedAt: now });
      if ((await this.s.employments.insert(next)) === 'duplicate-current') return err(new EmploymentDuplicateError());
      await this.followCompany(auth, patient);
      return ok((await this.views(auth, [next]))[0]);
    });
  }

  /**
   * Corrects a period: cargo, setor and GHE of this period; matrícula, admission and dismissal of its
   * contract (every period of it). Absent fields keep their value; null clears an optional one.
   */
  async correct(auth: AuthContext, patientId: string, employmentId: string, input: Omit<EmploymentInput, 'companyId'>): Promise<Result<EmploymentView, EmploymentWriteError>> {
    const allowed = requirePermission(auth, 'workers.write');
    if (!allowed.ok) return allowed;
    const found = await this.periodOf(auth, patientId, employmentId);
    if (!found.ok) return found;
    const { patient, period, periods } = found.value;
    const fix = validateEmploymentCorrection(input);
    if (!fix.ok) return fix;
    const contract = periods.filter((p) => p.companyId === period.companyId && p.admissionDate === period.admissionDate).sort(byStart);
    const admission = fix.value.admissionDate ?? period.admissionDate;
    const dismissal = fix.value.dismissalDate === undefined ? period.dismissalDate : fix.value.dismissalDate;
    const first = contract[0];
    if (admission !== period.admissionDate && first.endDate !== null && admission >= first.endDate) {
      return invalid('admissionDate', `A data de admissão deve ser anterior ao início do período seguinte (${br(first.endDate)})`);
    }
    // a first period that did not start on the admission (an import) is not moved: the admission may not pass it
    if (admission !== period.admissionDate && first.startDate !== period.admissionDate && admission > first.startDate) {
      return invalid('admissionDate', `A data de admissão não pode ser posterior ao início do primeiro período (${br(first.startDate)})`);
    }
    if (dismissal !== null && dismissal < admission) return invalid('dismissalDate', 'A data de demissão não pode ser anterior à data de admissão');
    const lastStart = contract.at(-1)!.startDate === period.admissionDate ? admission : contract.at(-1)!.startDate;
    if (dismissal !== null && dismissal < lastStart) {
      return invalid('dismissalDate', `A data de demissão não pode ser anterior ao início do último período do vínculo (${br(lastStart)})`);
    }
    const placement = await this.placement(auth, period.companyId, fix.value.sectorId, fix.value.gheId === undefined ? period.gheId : fix.value.gheId, period);
    if (!placement.ok) return placement;
    const now = this.clock.now();
    const registration = fix.value.registration === undefined ? period.registration : fix.value.registration;
    const updated = contract.map((p): Employment => ({
      ...p, registration, admissionDate: admission, dismissalDate: dismissal,
      startDate: p.startDate === period.admissionDate ? admission : p.startDate,
      ...(p.id === period.id ? { jobTitle: fix.value.jobTitle === undefined ? p.jobTitle : fix.value.jobTitle, ...placement.value } : {}),
      updatedAt: now,
    }));
    return inTransaction(this.uow, async (): Promise<Result<EmploymentView, EmploymentWriteError>> => {
      for (const p of updated) if ((await this.s.employments.update(p)) === 'duplicate-current') return err(new EmploymentDuplicateError());
      await this.followCompany(auth, patient);
      return ok((await this.views(auth, [updated.find((p) => p.id === period.id)!]))[0]);
    });
  }

  private async periodOf(auth: AuthContext, patientId: string, employmentId: string): Promise<Result<{ patient: Patient; period: Employment; periods: Employment[] }, PatientNotFoundError | EmploymentNotFoundError>> {
    const patient = await this.s.patients.findById(auth.organizationId, patientId);
    if (!patient) return err(new PatientNotFoundError());
    const periods = await this.s.employments.listForPatient(auth.organizationId, patientId);
    const period = periods.find((p) => p.id === employmentId);
    return period ? ok({ patient, period, periods }) : err(new EmploymentNotFoundError());
  }

  /**
   * Sector and GHE of a period: the organisation's (else 404) and of the period's company (else 400 on the
   * field). A sector not given (undefined) is the new GHE's own sector, else the previous period's.
   */
  private async placement(
    auth: AuthContext, companyId: string, sectorId: string | null | undefined, gheId: string | null, previous: Pick<Employment, 'sectorId' | 'gheId'> | null,
  ): Promise<Result<{ sectorId: string | null; gheId: string | null }, SectorNotFoundError | GheNotFoundError | InvalidEmploymentError>> {
    let sector: string | null = sectorId === undefined ? previous?.sectorId ?? null : sectorId;
    if (gheId) {
      const ghe = await this.s.ghes.get(auth.organizationId, gheId);
      if (!ghe) return err(new GheNotFoundError());
      if (ghe.companyId !== companyId) return invalid('gheId', 'O GHE escolhido é de outra empresa');
      if (sectorId === undefined && gheId !== previous?.gheId && ghe.sectorId) sector = ghe.sectorId;
    }
    if (sector) {
      const found = await this.s.sectors.get(auth.organizationId, sector);
      if (!found) return err(new SectorNotFoundError());
      if (found.companyId !== companyId) return invalid('sectorId', 'O setor escolhido é de outra empresa');
    }
    return ok({ sectorId: sector, gheId });
  }

  /** Keeps `patient.company_id` on the company of the current period (lists, search and the embed scope read it). */
  private async followCompany(auth: AuthContext, patient: Patient): Promise<void> {
    const periods = await this.s.employments.listForPatient(auth.organizationId, patient.id);
    const companyId = currentCompanyOf(periods, this.today());
    if (!companyId || companyId === patient.companyId) return;
    const company = await this.s.companies.get(auth.organizationId, companyId);
    await this.s.patients.update({ ...patient, companyId, companyName: company?.name ?? null, updatedAt: this.clock.now() });
  }

  private async views(auth: AuthContext, periods: Employment[]): Promise<EmploymentView[]> {
    const org = auth.organizationId;
    const distinct = (key: (p: Employment) => string | null) => [...new Set(periods.map(key).filter((v): v is string => !!v))];
    // One after another: inside the unit of work's transaction every read shares one connection, where
    // reads in parallel only queue (and pg 9 will refuse a query sent while another runs on the client).
    const each = async <T>(ids: string[], read: (id: string) => Promise<T>) => {
      const out: T[] = [];
      for (const id of ids) out.push(await read(id));
      return out;
    };
    const companies = await each(distinct((p) => p.companyId), (id) => this.s.companies.get(org, id));
    const sectors = await each(distinct((p) => p.sectorId), (id) => this.s.sectors.get(org, id));
    const ghes = await each(distinct((p) => p.gheId), (id) => this.s.ghes.get(org, id));
    const company = new Map(companies.filter((c) => !!c).map((c) => [c!.id, c!]));
    const sector = new Map(sectors.filter((x): x is Sector => !!x).map((x) => [x.id, x]));
    const ghe = new Map(ghes.filter((x): x is Ghe => !!x).map((x) => [x.id, x]));
    const today = this.today();
    return periods.map((p) => {
      const g = p.gheId ? ghe.get(p.gheId) : undefined;
      return {
        ...p, companyName: company.get(p.companyId)?.name ?? '', companyCnpj: company.get(p.companyId)?.cnpj ?? null,
        sectorName: p.sectorId ? sector.get(p.sectorId)?.name ?? null : null, gheName: g?.name ?? null,
        exposureStatus: exposureStatus(g?.exposure ?? null), current: isCurrentPeriod(p, today),
      };
    });
  }

  private today(): string {
    return programmeToday(this.clock.now());
  }
}

import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import type { Company, Ghe, Sector } from '../../programme/company';
import { validateCompanyInput, validateGheInput, validateSectorName, type CompanyInput, type GheInput } from '../../programme/company-rules';
import {
  CompanyCnpjConflictError, CompanyNameConflictError, CompanyNotFoundError, GheNameConflictError, GheNotFoundError, InvalidGheError, SectorNameConflictError,
  SectorNotFoundError, type InvalidCompanyError, type InvalidSectorError,
} from '../../programme/programme-errors';
import { programmeToday } from '../../programme/schedule';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { CompanyRecords, EmploymentRepository, GheRepository, SectorRepository } from '../../ports/programme-ports';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

export type CompanyView = Company & { activeWorkers: number };
/** A GHE as the company page shows it: its sector's name and the workers in it today. */
export type GheView = Ghe & { sectorName: string | null; workers: number };
export interface CompanyDetails {
  company: CompanyView;
  sectors: Sector[];
  ghes: GheView[];
}

export interface ProgrammeStores {
  companies: CompanyRecords;
  sectors: SectorRepository;
  ghes: GheRepository;
  employments: EmploymentRepository;
}

export type CompanyWriteError = ForbiddenError | InvalidCompanyError | CompanyNotFoundError | CompanyCnpjConflictError | CompanyNameConflictError;
export type SectorWriteError = ForbiddenError | CompanyNotFoundError | InvalidSectorError | SectorNotFoundError | SectorNameConflictError;
export type GheWriteError = ForbiddenError | CompanyNotFoundError | InvalidGheError | GheNotFoundError | SectorNotFoundError | GheNameConflictError;

/** Fields absent from a correction keep their stored value; null (or blank) clears an optional one. */
const keep = <T>(given: T | undefined, stored: T): T => (given === undefined ? stored : given);

/**
 * Companies of the organisation with their sectors and GHEs (issue 19). Reading needs no permission
 * (any active member); writing needs `programme.manage` (administrador, médico, segurança). Another
 * organisation's ids are not found (404).
 */
export class ManageCompanies {
  constructor(
    private readonly s: ProgrammeStores,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  list(auth: AuthContext, query: { q?: string } = {}): Promise<CompanyView[]> {
    return this.s.companies.list(auth.organizationId, { q: query.q?.trim() || undefined });
  }

  async get(auth: AuthContext, id: string): Promise<Result<CompanyDetails, CompanyNotFoundError>> {
    const company = await this.s.companies.get(auth.organizationId, id);
    if (!company) return err(new CompanyNotFoundError());
    const [sectors, ghes, workers] = await Promise.all([
      this.s.sectors.listForCompany(auth.organizationId, id),
      this.s.ghes.listForCompany(auth.organizationId, id),
      this.s.employments.currentWorkersByGhe(auth.organizationId, id, this.today()),
    ]);
    const sectorName = new Map(sectors.map((x) => [x.id, x.name]));
    return ok({ company, sectors, ghes: ghes.map((g) => ({ ...g, sectorName: g.sectorId ? sectorName.get(g.sectorId) ?? null : null, workers: workers[g.id] ?? 0 })) });
  }

  async create(auth: AuthContext, input: CompanyInput): Promise<Result<CompanyView, CompanyWriteError>> {
    const allowed = requirePermission(auth, 'programme.manage');
    if (!allowed.ok) return allowed;
    const valid = validateCompanyInput(input);
    if (!valid.ok) return valid;
    const now = this.clock.now();
    const company: Company = { id: this.ids.next(), organizationId: auth.organizationId, ...valid.value, createdAt: now, updatedAt: now };
    const stored = await this.s.companies.insert(company);
    if (stored !== 'inserted') return err(stored === 'duplicate-cnpj' ? new CompanyCnpjConflictError() : new CompanyNameConflictError());
    return ok({ ...company, activeWorkers: 0 });
  }

  /** Correction of the company's record: absent fields keep their value (the worker form's companies get completed this way). */
  async update(auth: AuthContext, id: string, input: CompanyInput): Promise<Result<CompanyView, CompanyWriteError>> {
    const allowed = requirePermission(auth, 'programme.manage');
    if (!allowed.ok) return allowed;
    const current = await this.s.companies.get(auth.organizationId, id);
    if (!current) return err(new CompanyNotFoundError());
    const valid = validateCompanyInput({
      name: keep(input.name, current.name), tradeName: keep(input.tradeName, current.tradeName), cnpj: keep(input.cnpj, current.cnpj),
      address: keep(input.address, current.address), cnae: keep(input.cnae, current.cnae), riskGrade: keep(input.riskGrade, current.riskGrade),
      contactName: keep(input.contactName, current.contactName), contactEmail: keep(input.contactEmail, current.contactEmail),
      contactPhone: keep(input.contactPhone, current.contactPhone),
    });
    if (!valid.ok) return valid;
    const { activeWorkers, ...stored } = current;
    const company: Company = { ...stored, ...valid.value, updatedAt: this.clock.now() };
    const saved = await this.s.companies.update(company);
    if (saved !== 'updated') return err(saved === 'duplicate-cnpj' ? new CompanyCnpjConflictError() : new CompanyNameConflictError());
    return ok({ ...company, activeWorkers });
  }

  async addSector(auth: AuthContext, companyId: string, input: { name?: string | null }): Promise<Result<Sector, SectorWriteError>> {
    const allowed = requirePermission(auth, 'programme.manage');
    if (!allowed.ok) return allowed;
    if (!(await this.s.companies.get(auth.organizationId, companyId))) return err(new CompanyNotFoundError());
    const name = validateSectorName(input.name);
    if (!name.ok) return name;
    const sector: Sector = { id: this.ids.next(), organizationId: auth.organizationId, companyId, name: name.value, createdAt: this.clock.now() };
    if ((await this.s.sectors.insert(sector)) === 'duplicate-name') return err(new SectorNameConflictError());
    return ok(sector);
  }

  async renameSector(auth: AuthContext, companyId: string, sectorId: string, input: { name?: string | null }): Promise<Result<Sector, SectorWriteError>> {
    const allowed = requirePermission(auth, 'programme.manage');
    if (!allowed.ok) return allowed;
    if (!(await this.s.companies.get(auth.organizationId, companyId))) return err(new CompanyNotFoundError());
    const sector = await this.s.sectors.get(auth.organizationId, sectorId);
    if (!sector || sector.companyId !== companyId) return err(new SectorNotFoundError());
    const name = validateSectorName(input.name);
    if (!name.ok) return name;
    const renamed = await this.s.sectors.rename(auth.organizationId, sectorId, name.value);
    if (renamed === 'not-found') return err(new SectorNotFoundError());
    if (renamed === 'duplicate-name') return err(new SectorNameConflictError());
    return ok({ ...sector, name: name.value });
  }

  async addGhe(auth: AuthContext, companyId: string, input: GheInput): Promise<Result<GheView, GheWriteError>> {
    const allowed = requirePermission(auth, 'programme.manage');
    if (!allowed.ok) return allowed;
    if (!(await this.s.companies.get(auth.organizationId, companyId))) return err(new CompanyNotFoundError());
    const valid = validateGheInput(input, this.today());
    if (!valid.ok) return valid;
    const sector = await this.sectorOf(auth, companyId, valid.value.sectorId);
    if (!sector.ok) return sector;
    const now = this.clock.now();
    const ghe: Ghe = { id: this.ids.next(), organizationId: auth.organizationId, companyId, ...valid.value, createdAt: now, updatedAt: now };
    if ((await this.s.ghes.insert(ghe)) === 'duplicate-name') return err(new GheNameConflictError());
    return ok({ ...ghe, sectorName: sector.value?.name ?? null, workers: 0 });
  }

  /** Correction of a GHE: absent fields keep their value; `exposure` given replaces the whole assessment (null clears it). */
  async updateGhe(auth: AuthContext, companyId: string, gheId: string, input: GheInput): Promise<Result<GheView, GheWriteError>> {
    const allowed = requirePermission(auth, 'programme.manage');
    if (!allowed.ok) return allowed;
    if (!(await this.s.companies.get(auth.organizationId, companyId))) return err(new CompanyNotFoundError());
    const current = await this.s.ghes.get(auth.organizationId, gheId);
    if (!current || current.companyId !== companyId) return err(new GheNotFoundError());
    const valid = validateGheInput({
      name: keep(input.name, current.name), sectorId: keep(input.sectorId, current.sectorId), description: keep(input.description, current.description),
      exposure: input.exposure === undefined ? current.exposure : input.exposure, periodicityMonths: keep(input.periodicityMonths, current.periodicityMonths),
    }, this.today());
    if (!valid.ok) return valid;
    const sector = await this.sectorOf(auth, companyId, valid.value.sectorId);
    if (!sector.ok) return sector;
    const ghe: Ghe = { ...current, ...valid.value, updatedAt: this.clock.now() };
    if ((await this.s.ghes.update(ghe)) === 'duplicate-name') return err(new GheNameConflictError());
    const workers = await this.s.employments.currentWorkersByGhe(auth.organizationId, companyId, this.today());
    return ok({ ...ghe, sectorName: sector.value?.name ?? null, workers: workers[ghe.id] ?? 0 });
  }

  /** The sector of a GHE: the organisation's (else 404) and of the same company (else 400 on `sectorId`). */
  private async sectorOf(auth: AuthContext, companyId: string, sectorId: string | null): Promise<Result<Sector | null, SectorNotFoundError | InvalidGheError>> {
    if (!sectorId) return ok(null);
    const sector = await this.s.sectors.get(auth.organizationId, sectorId);
    if (!sector) return err(new SectorNotFoundError());
    if (sector.companyId !== companyId) {
      const message = 'O setor escolhido é de outra empresa';
      return err(new InvalidGheError(message, [{ path: 'sectorId', message }]));
    }
    return ok(sector);
  }

  private today(): string {
    return programmeToday(this.clock.now());
  }
}

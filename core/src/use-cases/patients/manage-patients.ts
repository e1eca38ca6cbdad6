import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { CpfAlreadyRegisteredError, PatientNotFoundError, type InvalidPatientError } from '../../patients/patient-errors';
import type { Patient } from '../../patients/patient';
import { validatePatientInput, type PatientInput, type ValidPatient } from '../../patients/patient-rules';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { CompanyRepository, Page, PatientRepository } from '../../ports/patient-ports';
import type { ProfessionalRepository } from '../../ports/account-ports';
import { attribute } from '../../accounts/attribution';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { inTransaction } from '../../shared/in-transaction';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

export type PatientWriteError = InvalidPatientError | CpfAlreadyRegisteredError | PatientNotFoundError;

/**
 * Patients of the caller's organisation (spec §2/§3/§5): register, update, read, list, archive and
 * restore. The organisation always comes from the session, never from input (product decision 2).
 * There is no deletion here: records are kept (NR-7 item 7.6.1.1, 20 years); erasure belongs to the
 * LGPD path (docs/api.md).
 */
export class ManagePatients {
  constructor(
    private readonly patients: PatientRepository,
    private readonly companies: CompanyRepository,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** Who archives a worker is recorded (issue 18). */
    private readonly professionals: ProfessionalRepository,
  ) {}

  async register(auth: AuthContext, input: PatientInput, options: { maxAge?: number; pathPrefix?: string } = {}): Promise<Result<Patient, PatientWriteError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'workers.write');
    if (!allowed.ok) return allowed;
    const valid = validatePatientInput(input, this.clock.now(), options.maxAge, options.pathPrefix);
    if (!valid.ok) return valid;
    const now = this.clock.now();
    return inTransaction(this.uow, async (): Promise<Result<Patient, PatientWriteError>> => {
      const company = await this.company(auth, valid.value.company);
      const patient = this.toPatient(auth, valid.value, company, { id: this.ids.next(), createdAt: now, updatedAt: now });
      if ((await this.patients.insert(patient)) === 'duplicate-cpf') return err(new CpfAlreadyRegisteredError());
      return ok(patient);
    });
  }

  /** Update (spec §2 edit form): fields absent from the input keep their stored values. */
  async update(auth: AuthContext, id: string, input: PatientInput): Promise<Result<Patient, PatientWriteError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'workers.write');
    if (!allowed.ok) return allowed;
    const current = await this.patients.findById(auth.organizationId, id);
    if (!current) return err(new PatientNotFoundError());
    const merged: PatientInput = {
      name: input.name ?? current.name,
      age: input.age === undefined ? current.age : input.age,
      sex: input.sex ?? current.sex,
      birthDate: input.birthDate === undefined ? current.birthDate : input.birthDate,
      cpf: input.cpf === undefined ? current.cpf : input.cpf,
      phone: input.phone === undefined ? current.phone : input.phone,
      email: input.email === undefined ? current.email : input.email,
      address: input.address === undefined ? current.address : input.address,
      company: input.company === undefined ? current.companyName : input.company,
      jobTitle: input.jobTitle === undefined ? current.jobTitle : input.jobTitle,
    };
    const valid = validatePatientInput(merged, this.clock.now());
    if (!valid.ok) return valid;
    return inTransaction(this.uow, async (): Promise<Result<Patient, PatientWriteError>> => {
      const company = await this.company(auth, valid.value.company);
      const patient = this.toPatient(auth, valid.value, company, { id, createdAt: current.createdAt, updatedAt: this.clock.now(), archivedAt: current.archivedAt });
      if ((await this.patients.update(patient)) === 'duplicate-cpf') return err(new CpfAlreadyRegisteredError());
      return ok(patient);
    });
  }

  async get(auth: AuthContext, id: string): Promise<Result<Patient, PatientNotFoundError>> {
    const p = await this.patients.findById(auth.organizationId, id);
    return p ? ok(p) : err(new PatientNotFoundError());
  }

  /** Active workers, or with `archived` only the archived ones. */
  list(auth: AuthContext, query: { q?: string; archived?: boolean; limit: number; offset: number }): Promise<Page<Patient & { examCount: number }>> {
    return this.patients.list({ organizationId: auth.organizationId, ...query, q: query.q?.trim() || undefined });
  }

  /**
   * Archives the worker (issue 14): hidden from lists, search, counters and pickers; exams, laudos
   * and files are kept. Archiving an archived worker keeps the first date.
   */
  async archive(auth: AuthContext, id: string): Promise<Result<Patient, PatientNotFoundError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'records.delete');
    if (!allowed.ok) return allowed;
    const current = await this.patients.findById(auth.organizationId, id);
    if (!current) return err(new PatientNotFoundError());
    if (current.archivedAt) return ok(current);
    const archivedAt = this.clock.now();
    const archivedBy = await attribute(this.professionals, auth, archivedAt);
    await this.patients.setArchived(auth.organizationId, id, archivedAt, archivedBy);
    return ok({ ...current, archivedAt, archivedBy });
  }

  /** Brings an archived worker back to the lists, with every record. */
  async restore(auth: AuthContext, id: string): Promise<Result<Patient, PatientNotFoundError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'records.delete');
    if (!allowed.ok) return allowed;
    const current = await this.patients.findById(auth.organizationId, id);
    if (!current) return err(new PatientNotFoundError());
    if (current.archivedAt) await this.patients.setArchived(auth.organizationId, id, null, null);
    return ok({ ...current, archivedAt: null, archivedBy: null });
  }

  private company(auth: AuthContext, name: string | null) {
    return name ? this.companies.findOrCreate(auth.organizationId, name) : Promise.resolve(null);
  }

  private toPatient(auth: AuthContext, v: ValidPatient, company: { id: string; name: string } | null, meta: { id: string; createdAt: Date; updatedAt: Date; archivedAt?: Date | null }): Patient {
    return {
      id: meta.id, organizationId: auth.organizationId, name: v.name, age: v.age, sex: v.sex, birthDate: v.birthDate, cpf: v.cpf,
      phone: v.phone, email: v.email, address: v.address, companyId: company?.id ?? null, companyName: company?.name ?? null,
      jobTitle: v.jobTitle, archivedAt: meta.archivedAt ?? null, createdAt: meta.createdAt, updatedAt: meta.updatedAt,
    };
  }
}

import type { Company, Ghe, Sector } from '../programme/company';
import type { Employment } from '../programme/employment';
import type { CompanyRecords, EmploymentRepository, GheRepository, SectorRepository } from '../ports/programme-ports';
import { searchText, type InMemoryCompanyRepository, type InMemoryPatientRepository } from './in-memory-patient-exam-adapters';

const copy = <T>(v: T): T => structuredClone(v);
const byName = <T extends { name: string; id: string }>(a: T, b: T) => (searchText(a.name) < searchText(b.name) ? -1 : searchText(a.name) > searchText(b.name) ? 1 : a.id < b.id ? -1 : 1);

/** A company row of the find-or-create twin (id, organisation, name only) read as a full record. */
function asCompany(row: { id: string; organizationId: string; name: string } & Partial<Company>): Company {
  const at = row.createdAt ?? new Date(0);
  return {
    id: row.id, organizationId: row.organizationId, name: row.name, tradeName: row.tradeName ?? null, cnpj: row.cnpj ?? null, address: row.address ?? null,
    cnae: row.cnae ?? null, riskGrade: row.riskGrade ?? null, contactName: row.contactName ?? null, contactEmail: row.contactEmail ?? null,
    contactPhone: row.contactPhone ?? null, createdAt: at, updatedAt: row.updatedAt ?? at,
  };
}

/**
 * Companies as records, over the same rows as the worker form's find-or-create twin (one company table,
 * as in PostgreSQL): a company created from a typed name reads with a null CNPJ.
 */
export class InMemoryCompanyRecords implements CompanyRecords {
  constructor(private readonly base: InMemoryCompanyRepository, private readonly patients?: InMemoryPatientRepository) {}

  private get rows() {
    return this.base.rows as Array<{ id: string; organizationId: string; name: string } & Partial<Company>>;
  }

  private active(id: string) {
    return this.patients ? [...this.patients.rows.values()].filter((p) => p.companyId === id && !p.archivedAt).length : 0;
  }

  async list(organizationId: string, query: { q?: string }) {
    const needle = query.q ? searchText(query.q) : undefined;
    const code = query.q?.replace(/[.\-\s/]/g, '').toUpperCase();
    return this.rows.filter((r) => r.organizationId === organizationId).map(asCompany)
      .filter((c) => !needle || searchText(c.name).includes(needle) || searchText(c.tradeName ?? '').includes(needle) || (!!code && (c.cnpj ?? '').includes(code)))
      .sort(byName).map((c) => ({ ...c, activeWorkers: this.active(c.id) }));
  }

  async get(organizationId: string, id: string) {
    const row = this.rows.find((r) => r.organizationId === organizationId && r.id === id);
    return row ? { ...asCompany(copy(row)), activeWorkers: this.active(id) } : undefined;
  }

  async findByCnpj(organizationId: string, cnpj: string) {
    const row = this.rows.find((r) => r.organizationId === organizationId && r.cnpj === cnpj);
    return row ? asCompany(copy(row)) : undefined;
  }

  private clash(c: Company): 'duplicate-cnpj' | 'duplicate-name' | undefined {
    const others = this.rows.filter((r) => r.organizationId === c.organizationId && r.id !== c.id);
    if (c.cnpj && others.some((r) => r.cnpj === c.cnpj)) return 'duplicate-cnpj';
    // establishments (matriz, filiais) share the razão social: a name is unique only among companies without CNPJ
    if (!c.cnpj && others.some((r) => !r.cnpj && searchText(r.name) === searchText(c.name))) return 'duplicate-name';
    return undefined;
  }

  async insert(company: Company) {
    const clash = this.clash(company);
    if (clash) return clash;
    this.rows.push(copy(company));
    return 'inserted' as const;
  }

  async update(company: Company) {
    const clash = this.clash(company);
    if (clash) return clash;
    const i = this.rows.findIndex((r) => r.organizationId === company.organizationId && r.id === company.id);
    if (i >= 0) this.rows[i] = { ...copy(company), createdAt: this.rows[i].createdAt ?? company.createdAt };
    return 'updated' as const;
  }
}

export class InMemorySectorRepository implements SectorRepository {
  readonly rows: Sector[] = [];

  async listForCompany(organizationId: string, companyId: string) {
    return this.rows.filter((s) => s.organizationId === organizationId && s.companyId === companyId).sort(byName).map(copy);
  }
  async get(organizationId: string, id: string) {
    const s = this.rows.find((r) => r.organizationId === organizationId && r.id === id);
    return s && copy(s);
  }
  async insert(sector: Sector) {
    if (this.rows.some((r) => r.companyId === sector.companyId && searchText(r.name) === searchText(sector.name))) return 'duplicate-name' as const;
    this.rows.push(copy(sector));
    return 'inserted' as const;
  }
  async rename(organizationId: string, id: string, name: string) {
    const s = this.rows.find((r) => r.organizationId === organizationId && r.id === id);
    if (!s) return 'not-found' as const;
    if (this.rows.some((r) => r.id !== id && r.companyId === s.companyId && searchText(r.name) === searchText(name))) return 'duplicate-name' as const;
    s.name = name;
    return 'updated' as const;
  }
}

export class InMemoryGheRepository implements GheRepository {
  readonly rows: Ghe[] = [];

  async listForCompany(organizationId: string, companyId: string) {
    return this.rows.filter((g) => g.organizationId === organizationId && g.companyId === companyId).sort(byName).map(copy);
  }
  async get(organizationId: string, id: string) {
    const g = this.rows.find((r) => r.organizationId === organizationId && r.id === id);
    return g && copy(g);
  }
  private clash(g: Ghe) {
    return this.rows.some((r) => r.id !== g.id && r.companyId === g.companyId && searchText(r.name) === searchText(g.name));
  }
  async insert(ghe: Ghe) {
    if (this.clash(ghe)) return 'duplicate-name' as const;
    this.rows.push(copy(ghe));
    return 'inserted' as const;
  }
  async update(ghe: Ghe) {
    if (this.clash(ghe)) return 'duplicate-name' as const;
    const i = this.rows.findIndex((r) => r.organizationId === ghe.organizationId && r.id === ghe.id);
    if (i >= 0) this.rows[i] = { ...copy(ghe), createdAt: this.rows[i].createdAt };
    return 'updated' as const;
  }
}

export class InMemoryEmploymentRepository implements EmploymentRepository {
  readonly rows: Employment[] = [];

  async listForPatient(organizationId: string, patientId: string) {
    return this.rows.filter((e) => e.organizationId === organizationId && e.patientId === patientId)
      .sort((a, b) => (a.startDate !== b.startDate ? (a.startDate < b.startDate ? -1 : 1) : a.admissionDate !== b.admissionDate ? (a.admissionDate < b.admissionDate ? -1 : 1) : +a.createdAt - +b.createdAt))
      .map(copy);
  }
  async get(organizationId: string, id: string) {
    const e = this.rows.find((r) => r.organizationId === organizationId && r.id === id);
    return e && copy(e);
  }
  private clash(e: Employment) {
    return e.endDate === null && this.rows.some((r) => r.id !== e.id && r.endDate === null && r.patientId === e.patientId && r.companyId === e.companyId && r.admissionDate === e.admissionDate);
  }
  async insert(employment: Employment) {
    if (this.clash(employment)) return 'duplicate-current' as const;
    this.rows.push(copy(employment));
    return 'inserted' as const;
  }
  async update(employment: Employment) {
    if (this.clash(employment)) return 'duplicate-current' as const;
    const i = this.rows.findIndex((r) => r.organizationId === employment.organizationId && r.id === employment.id);
    if (i >= 0) this.rows[i] = { ...copy(employment), createdAt: this.rows[i].createdAt };
    return 'updated' as const;
  }
  async currentWorkersByGhe(organizationId: string, companyId: string, today: string) {
    const workers = new Map<string, Set<string>>();
    for (const e of this.rows) {
      if (e.organizationId !== organizationId || e.companyId !== companyId || !e.gheId || e.endDate !== null) continue;
      if (e.dismissalDate !== null && e.dismissalDate < today) continue;
      workers.set(e.gheId, (workers.get(e.gheId) ?? new Set()).add(e.patientId));
    }
    return Object.fromEntries([...workers].map(([id, set]) => [id, set.size]));
  }
}

/** The programme's twins over the patient/company twins (`inMemoryPatientExamStores()`). */
export function inMemoryProgrammeStores(base: { companies: InMemoryCompanyRepository; patients: InMemoryPatientRepository }) {
  return {
    companies: new InMemoryCompanyRecords(base.companies, base.patients), sectors: new InMemorySectorRepository(),
    ghes: new InMemoryGheRepository(), employments: new InMemoryEmploymentRepository(),
  };
}

import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type {
  Company, CompanyRecords, Employment, EmploymentRepository, ExposureMetric, Ghe, GheRepository, Sector, SectorRepository,
} from '../../../../../core/src';
import { iso, num, sql, str, type Row } from './sql-rows';
import { isUuid } from './uuid';

/*
 * The programme's records in PostgreSQL (issue 19, Migration20261126000000Programme): companies, sectors,
 * GHEs and employment periods. Plain SQL inside the unit of work's transaction; every statement is
 * scoped to the organisation. Unique indexes answer duplicates (races included) as values.
 */

type Em = () => EntityManager;



/** The unique index a violation names (its message quotes it), or undefined for another error. */
function violated(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (!(error instanceof UniqueConstraintViolationException) && e?.code !== '23505') return undefined;
  return e?.constraint ?? /unique constraint "([^"]+)"/.exec(e?.message ?? '')?.[1] ?? 'unknown';
}

const likeParam = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const COMPANY_COLUMNS = `c.*, (select count(*) from patient p where p.company_id = c.id and p.archived_at is null) as active_workers`;

function toCompany(r: Row): Company & { activeWorkers: number } {
  return {
    id: r.id as string, organizationId: r.organization_id as string, name: r.name as string, tradeName: str(r.trade_name), cnpj: str(r.cnpj),
    address: str(r.address), cnae: str(r.cnae), riskGrade: num(r.risk_grade) as Company['riskGrade'], contactName: str(r.contact_name),
    contactEmail: str(r.contact_email), contactPhone: str(r.contact_phone), createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string), activeWorkers: Number(r.active_workers ?? 0),
  };
}

const companyConflict = (index: string) => (index === 'company_org_cnpj_unique' ? 'duplicate-cnpj' as const : 'duplicate-name' as const);

export class MikroOrmCompanyRecords implements CompanyRecords {
  constructor(private readonly em: Em) {}

  async list(organizationId: string, query: { q?: string }) {
    const params: unknown[] = [organizationId];
    let where = 'c.organization_id = ?';
    if (query.q) {
      const code = query.q.replace(/[.\-\s/]/g, '').toUpperCase();
      where += ` and (c.name_key like limiar_search_text(?) or limiar_search_text(coalesce(c.trade_name, '')) like limiar_search_text(?)${code ? ' or c.cnpj like ?' : ''})`;
      params.push(likeParam(query.q), likeParam(query.q), ...(code ? [likeParam(code)] : []));
    }
    const rows = await sql(this.em())(`select ${COMPANY_COLUMNS} from company c where ${where} order by c.name_key, c.id`, params);
    return rows.map(toCompany);
  }

  async get(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const rows = await sql(this.em())(`select ${COMPANY_COLUMNS} from company c where c.organization_id = ? and c.id = ?`, [organizationId, id]);
    return rows[0] ? toCompany(rows[0]) : undefined;
  }

  async findByCnpj(organizationId: string, cnpj: string) {
    const rows = await sql(this.em())(`select ${COMPANY_COLUMNS} from company c where c.organization_id = ? and c.cnpj = ?`, [organizationId, cnpj]);
    if (!rows[0]) return undefined;
    const { activeWorkers: _a, ...company } = toCompany(rows[0]);
    return company;
  }

  async insert(c: Company) {
    try {
      await sql(this.em())(
        `insert into company (id, organization_id, name, trade_name, cnpj, address, cnae, risk_grade, contact_name, contact_email, contact_phone, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [c.id, c.organizationId, c.name, c.tradeName, c.cnpj, c.address, c.cnae, c.riskGrade, c.contactName, c.contactEmail, c.contactPhone, c.createdAt, c.updatedAt],
      );
      return 'inserted' as const;
    } catch (error) {
      const index = violated(error);
      if (index) return companyConflict(index);
      throw error;
    }
  }

  async update(c: Company) {
    try {
      await sql(this.em())(
        `update company set name = ?, trade_name = ?, cnpj = ?, address = ?, cnae = ?, risk_grade = ?, contact_name = ?, contact_email = ?, contact_phone = ?, updated_at = ?
         where organization_id = ? and id = ?`,
        [c.name, c.tradeName, c.cnpj, c.address, c.cnae, c.riskGrade, c.contactName, c.contactEmail, c.contactPhone, c.updatedAt, c.organizationId, c.id],
      );
      return 'updated' as const;
    } catch (error) {
      const index = violated(error);
      if (index) return companyConflict(index);
      throw error;
    }
  }
}

const toSector = (r: Row): Sector => ({
  id: r.id as string, organizationId: r.organization_id as string, companyId: r.company_id as string, name: r.name as string, createdAt: new Date(r.created_at as string),
});

export class MikroOrmSectorRepository implements SectorRepository {
  constructor(private readonly em: Em) {}

  async listForCompany(organizationId: string, companyId: string) {
    if (!isUuid(companyId)) return [];
    return (await sql(this.em())('select * from sector where organization_id = ? and company_id = ? order by name_key, id', [organizationId, companyId])).map(toSector);
  }

  async get(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const rows = await sql(this.em())('select * from sector where organization_id = ? and id = ?', [organizationId, id]);
    return rows[0] ? toSector(rows[0]) : undefined;
  }

  async insert(s: Sector) {
    try {
      await sql(this.em())('insert into sector (id, organization_id, company_id, name, created_at) values (?, ?, ?, ?, ?)', [s.id, s.organizationId, s.companyId, s.name, s.createdAt]);
      return 'inserted' as const;
    } catch (error) {
      if (violated(error)) return 'duplicate-name' as const;
      throw error;
    }
  }

  async rename(organizationId: string, id: string, name: string) {
    if (!isUuid(id)) return 'not-found' as const;
    try {
      const rows = await sql(this.em())('update sector set name = ? where organization_id = ? and id = ? returning id', [name, organizationId, id]);
      return rows.length ? 'updated' as const : 'not-found' as const;
    } catch (error) {
      if (violated(error)) return 'duplicate-name' as const;
      throw error;
    }
  }
}

function toGhe(r: Row): Ghe {
  return {
    id: r.id as string, organizationId: r.organization_id as string, companyId: r.company_id as string, sectorId: str(r.sector_id), name: r.name as string,
    description: str(r.description),
    exposure: r.exposure_metric ? {
      metric: r.exposure_metric as ExposureMetric, levelDbA: num(r.exposure_level_dba), dosePercent: num(r.exposure_dose_percent),
      assessedAt: iso(r.exposure_assessed_at), source: str(r.exposure_source),
    } : null,
    periodicityMonths: Number(r.periodicity_months), createdAt: new Date(r.created_at as string), updatedAt: new Date(r.updated_at as string),
  };
}

const gheValues = (g: Ghe) => [
  g.sectorId, g.name, g.description, g.exposure?.metric ?? null, g.exposure?.levelDbA ?? null, g.exposure?.dosePercent ?? null,
  g.exposure?.assessedAt ?? null, g.exposure?.source ?? null, g.periodicityMonths, g.updatedAt,
];

export class MikroOrmGheRepository implements GheRepository {
  constructor(private readonly em: Em) {}

  async listForCompany(organizationId: string, companyId: string) {
    if (!isUuid(companyId)) return [];
    return (await sql(this.em())('select * from ghe where organization_id = ? and company_id = ? order by name_key, id', [organizationId, companyId])).map(toGhe);
  }

  async get(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const rows = await sql(this.em())('select * from ghe where organization_id = ? and id = ?', [organizationId, id]);
    return rows[0] ? toGhe(rows[0]) : undefined;
  }

  async insert(g: Ghe) {
    try {
      await sql(this.em())(
        `insert into ghe (sector_id, name, description, exposure_metric, exposure_level_dba, exposure_dose_percent, exposure_assessed_at, exposure_source,
           periodicity_months, updated_at, id, organization_id, company_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [...gheValues(g), g.id, g.organizationId, g.companyId, g.createdAt],
      );
      return 'inserted' as const;
    } catch (error) {
      if (violated(error)) return 'duplicate-name' as const;
      throw error;
    }
  }

  async update(g: Ghe) {
    try {
      await sql(this.em())(
        `update ghe set sector_id = ?, name = ?, description = ?, exposure_metric = ?, exposure_level_dba = ?, exposure_dose_percent = ?, exposure_assessed_at = ?,
           exposure_source = ?, periodicity_months = ?, updated_at = ? where organization_id = ? and id = ?`,
        [...gheValues(g), g.organizationId, g.id],
      );
      return 'updated' as const;
    } catch (error) {
      if (violated(error)) return 'duplicate-name' as const;
      throw error;
    }
  }
}

function toEmployment(r: Row): Employment {
  return {
    id: r.id as string, organizationId: r.organization_id as string, patientId: r.patient_id as string, companyId: r.company_id as string,
    registration: str(r.registration), jobTitle: str(r.job_title), sectorId: str(r.sector_id), gheId: str(r.ghe_id), admissionDate: iso(r.admission_date)!,
    dismissalDate: iso(r.dismissal_date), startDate: iso(r.start_date)!, endDate: iso(r.end_date), createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  };
}

const employmentValues = (e: Employment) => [
  e.companyId, e.registration, e.jobTitle, e.sectorId, e.gheId, e.admissionDate, e.dismissalDate, e.startDate, e.endDate, e.updatedAt,
];

export class MikroOrmEmploymentRepository implements EmploymentRepository {
  constructor(private readonly em: Em) {}

  async listForPatient(organizationId: string, patientId: string) {
    if (!isUuid(patientId)) return [];
    const rows = await sql(this.em())('select * from employment where organization_id = ? and patient_id = ? order by start_date, admission_date, created_at, id', [organizationId, patientId]);
    return rows.map(toEmployment);
  }

  async get(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const rows = await sql(this.em())('select * from employment where organization_id = ? and id = ?', [organizationId, id]);
    return rows[0] ? toEmployment(rows[0]) : undefined;
  }

  async insert(e: Employment) {
    try {
      await sql(this.em())(
        `insert into employment (company_id, registration, job_title, sector_id, ghe_id, admission_date, dismissal_date, start_date, end_date, updated_at,
           id, organization_id, patient_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [...employmentValues(e), e.id, e.organizationId, e.patientId, e.createdAt],
      );
      return 'inserted' as const;
    } catch (error) {
      if (violated(error)) return 'duplicate-current' as const;
      throw error;
    }
  }

  async update(e: Employment) {
    try {
      await sql(this.em())(
        `update employment set company_id = ?, registration = ?, job_title = ?, sector_id = ?, ghe_id = ?, admission_date = ?, dismissal_date = ?, start_date = ?,
           end_date = ?, updated_at = ? where organization_id = ? and id = ?`,
        [...employmentValues(e), e.organizationId, e.id],
      );
      return 'updated' as const;
    } catch (error) {
      if (violated(error)) return 'duplicate-current' as const;
      throw error;
    }
  }

  async currentWorkersByGhe(organizationId: string, companyId: string, today: string) {
    if (!isUuid(companyId)) return {};
    const rows = await sql(this.em())<{ ghe_id: string; n: string }>(
      `select ghe_id, count(distinct patient_id) as n from employment
        where organization_id = ? and company_id = ? and ghe_id is not null and end_date is null and (dismissal_date is null or dismissal_date >= ?::date)
        group by ghe_id`,
      [organizationId, companyId, today],
    );
    return Object.fromEntries(rows.map((r) => [r.ghe_id, Number(r.n)]));
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import {
  registryLabel, resultOf, type AnnualReportCompanies, type ProfessionalType, type ClinicHeader, type Company, type ExamType, type FileStorage, type ProgrammeOutcome, type ProgrammeOutcomeSource,
} from '../../../../../core/src';

/** Runs one SQL statement with `?` placeholders and answers its rows (MikroORM's connection, or a plain `pg` pool for the CLI). */
export type SqlRows = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** The executor over the request's entity manager (the server). */
export const mikroOrmSqlRows = (em: () => EntityManager): SqlRows => (sql, params) => em().getConnection().execute(sql, params);

/** The executor over a `pg` pool (the CLI's light root): `?` become `$1…$n` (no `?` operator is used in these statements). */
export const pgSqlRows = (pool: { query(sql: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> }): SqlRows => {
  return async (sql, params) => {
    let n = 0;
    return (await pool.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows;
  };
};

const iso = (v: unknown): string => (v instanceof Date ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}` : String(v).slice(0, 10));
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/*
 * One statement: the company's exams in the window, each joined to the employment period in force on
 * the exam date (`periodOn`: start ≤ date < end, not after the dismissal), with the sector and GHE of
 * that period. `distinct on (e.id)` keeps one row should two contracts of the same company overlap.
 * Only the typed classification columns `resultOf` reads travel (ADR 0025); archived workers are left out.
 */
const OUTCOMES_SQL = `
  select distinct on (e.exam_date, p.name, e.id)
    e.id as exam_id, e.patient_id, e.exam_date::text as exam_date, e.exam_type, p.name as worker_name,
    m.registration, m.sector_id, s.name as sector_name, m.ghe_id, g.name as ghe_name,
    e.classification_right::text as cr, e.classification_left::text as cl, e.desencadeamento as d, e.agravamento as a
  from employment m
  join exam e on e.patient_id = m.patient_id and e.organization_id = m.organization_id
    and e.exam_date >= m.start_date and (m.end_date is null or e.exam_date < m.end_date)
    and (m.dismissal_date is null or e.exam_date <= m.dismissal_date)
    and e.exam_date between ?::date and ?::date
  join patient p on p.id = e.patient_id and p.archived_at is null
  left join sector s on s.id = m.sector_id
  left join ghe g on g.id = m.ghe_id
  where m.organization_id = ? and m.company_id = ?
  order by e.exam_date, p.name, e.id, m.start_date desc`;

const COMPANY_COLUMNS = 'id, organization_id, name, trade_name, cnpj, address, cnae, risk_grade, contact_name, contact_email, contact_phone, created_at, updated_at';

const companyOf = (r: Record<string, unknown>): Company => ({
  id: String(r.id), organizationId: String(r.organization_id), name: String(r.name), tradeName: text(r.trade_name), cnpj: text(r.cnpj),
  address: text(r.address), cnae: text(r.cnae), riskGrade: r.risk_grade === null || r.risk_grade === undefined ? null : (Number(r.risk_grade) as 1 | 2 | 3 | 4),
  contactName: text(r.contact_name), contactEmail: text(r.contact_email), contactPhone: text(r.contact_phone),
  createdAt: new Date(r.created_at as string), updatedAt: new Date(r.updated_at as string),
});

/**
 * What the analytical report reads from PostgreSQL (issue 19): the outcomes of a company's workers, the
 * company by id or CNPJ, and — for the CLI, which has no ORM — the clinic header and a professional by e-mail.
 */
export class SqlProgrammeOutcomes implements ProgrammeOutcomeSource, AnnualReportCompanies {
  constructor(private readonly rows: SqlRows, private readonly storage?: Pick<FileStorage, 'read'>) {}

  async outcomesForCompany(organizationId: string, companyId: string, from: string, to: string): Promise<ProgrammeOutcome[]> {
    const rows = await this.rows(OUTCOMES_SQL, [from, to, organizationId, companyId]);
    return rows.map((r) => ({
      examId: String(r.exam_id), patientId: String(r.patient_id), date: iso(r.exam_date), examType: (text(r.exam_type) as ExamType | null),
      ...resultOf({ classification_right: r.cr, classification_left: r.cl, desencadeamento: r.d === true, agravamento: r.a === true }),
      workerName: String(r.worker_name), registration: text(r.registration),
      sectorId: text(r.sector_id), sectorName: text(r.sector_name), gheId: text(r.ghe_id), gheName: text(r.ghe_name),
    }));
  }

  async get(organizationId: string, id: string): Promise<Company | undefined> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
    const [r] = await this.rows(`select ${COMPANY_COLUMNS} from company where organization_id = ? and id = ?`, [organizationId, id]);
    return r ? companyOf(r) : undefined;
  }

  async findByCnpj(organizationId: string, cnpj: string): Promise<Company | undefined> {
    const [r] = await this.rows(`select ${COMPANY_COLUMNS} from company where organization_id = ? and cnpj = ?`, [organizationId, cnpj]);
    return r ? companyOf(r) : undefined;
  }

  /** The laudo header of the organisation (the CLI's; the server uses ManageOrganization.header). */
  async header(organizationId: string): Promise<ClinicHeader | undefined> {
    const [o] = await this.rows('select name, cnpj, address, phone, email, logo_storage_key, logo_mime_type from organization where id = ?', [organizationId]);
    if (!o) return undefined;
    const key = text(o.logo_storage_key);
    const bytes = key && this.storage ? await this.storage.read(key).catch(() => null) : null;
    return {
      name: String(o.name), cnpj: text(o.cnpj), address: text(o.address), phone: text(o.phone), email: text(o.email),
      logo: bytes ? { mimeType: o.logo_mime_type === 'image/jpeg' ? 'image/jpeg' : 'image/png', bytes } : null,
    };
  }

  /** Name and registry of the professional with that e-mail (any case), for "gerado por" in the CLI. */
  async professionalByEmail(email: string): Promise<{ name: string; registry: string | null } | undefined> {
    const [p] = await this.rows('select name, professional_type, crm, crm_state, crfa, crfa_region, crea, crea_state from professional where lower(email) = lower(?)', [email.trim()]);
    if (!p) return undefined;
    const registry = registryLabel({
      professionalType: text(p.professional_type) as ProfessionalType | null, crm: text(p.crm), crmState: text(p.crm_state),
      crfa: text(p.crfa), crfaRegion: text(p.crfa_region), crea: text(p.crea), creaState: text(p.crea_state),
    });
    return { name: String(p.name), registry: registry ?? null };
  }
}

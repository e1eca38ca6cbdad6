import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { cnpjWithCheckDigits } from '../../core/src';
import { outcomeValues } from './classification-outcome';

/*
 * Rows of the hearing-conservation programme written straight in PostgreSQL (issue 19), for the
 * analytical report's tests, CLI test and benchmark: companies, sectors, GHEs, workers, employment
 * periods and exams with a chosen classification. Bulk inserts go through `unnest` (one statement
 * per table), so 5,000 workers take well under a second.
 */

export type Classification = { right: 'aceitavel' | 'sugestivo_painpse' | 'nao_sugestivo' | null; left: 'aceitavel' | 'sugestivo_painpse' | 'nao_sugestivo' | null; d?: boolean; a?: boolean };

export interface SeedExam {
  patientId: string;
  date: string;
  examType: string | null;
  classification: Classification;
}

export interface SeedEmployment {
  patientId: string;
  companyId: string;
  registration?: string | null;
  sectorId?: string | null;
  gheId?: string | null;
  admissionDate: string;
  dismissalDate?: string | null;
  startDate?: string;
  endDate?: string | null;
}

export class ProgrammeSeed {
  private constructor(private readonly client: pg.Client, readonly organizationId: string) {}

  static async open(url: string, organizationId: string): Promise<ProgrammeSeed> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new ProgrammeSeed(client, organizationId);
  }

  async close(): Promise<void> {
    await this.client.end();
  }

  async company(name: string, over: { cnpj?: string | null; tradeName?: string | null; address?: string | null; cnae?: string | null } = {}): Promise<{ id: string; cnpj: string | null }> {
    const id = randomUUID();
    const cnpj = over.cnpj === undefined ? cnpjWithCheckDigits(String(Math.floor(Math.random() * 1e8)).padStart(8, '0') + '0001') : over.cnpj;
    await this.client.query(
      `insert into company (id, organization_id, name, trade_name, cnpj, address, cnae, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
      [id, this.organizationId, name, over.tradeName ?? null, cnpj, over.address ?? null, over.cnae ?? null]);
    return { id, cnpj };
  }

  async sector(companyId: string, name: string): Promise<string> {
    const id = randomUUID();
    await this.client.query('insert into sector (id, organization_id, company_id, name) values ($1, $2, $3, $4)', [id, this.organizationId, companyId, name]);
    return id;
  }

  async ghe(companyId: string, sectorId: string | null, name: string): Promise<string> {
    const id = randomUUID();
    await this.client.query(
      `insert into ghe (id, organization_id, company_id, sector_id, name, exposure_metric, exposure_level_dba, exposure_assessed_at, exposure_source)
       values ($1, $2, $3, $4, $5, 'LAVG', 88.0, '2025-06-01', 'PGR 2025')`, [id, this.organizationId, companyId, sectorId, name]);
    return id;
  }

  /** Workers (patients) by name; answers their ids in the same order. */
  async workers(names: string[], over: { archived?: boolean } = {}): Promise<string[]> {
    const ids = names.map(() => randomUUID());
    await this.client.query(
      `insert into patient (id, organization_id, name, sex, created_at, updated_at, archived_at)
       select id, $1, name, 'M', now(), now(), ${over.archived ? 'now()' : 'null'} from unnest($2::uuid[], $3::text[]) as t(id, name)`,
      [this.organizationId, ids, names]);
    return ids;
  }

  async employments(rows: SeedEmployment[]): Promise<void> {
    await this.client.query(
      `insert into employment (id, organization_id, patient_id, company_id, registration, sector_id, ghe_id, admission_date, dismissal_date, start_date, end_date)
       select gen_random_uuid(), $1, patient_id, company_id, registration, sector_id, ghe_id, admission_date, dismissal_date, start_date, end_date
       from unnest($2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::uuid[], $7::date[], $8::date[], $9::date[], $10::date[])
         as t(patient_id, company_id, registration, sector_id, ghe_id, admission_date, dismissal_date, start_date, end_date)`,
      [this.organizationId, rows.map((r) => r.patientId), rows.map((r) => r.companyId), rows.map((r) => r.registration ?? null), rows.map((r) => r.sectorId ?? null),
        rows.map((r) => r.gheId ?? null), rows.map((r) => r.admissionDate), rows.map((r) => r.dismissalDate ?? null), rows.map((r) => r.startDate ?? r.admissionDate),
        rows.map((r) => r.endDate ?? null)]);
  }

  async exams(rows: SeedExam[]): Promise<void> {
    const outcome = rows.map((r) => outcomeValues({
      classification_right: r.classification.right, classification_left: r.classification.left,
      desencadeamento: r.classification.d ?? null, agravamento: r.classification.a ?? null,
    }));
    await this.client.query(
      `insert into exam (id, organization_id, patient_id, exam_date, exam_type, audiogram, rules_version, created_at, updated_at,
         classification_right, classification_left, desencadeamento, agravamento)
       select gen_random_uuid(), $1, patient_id, exam_date, exam_type, limiar_audiogram_bytes('{}'), 'seed', now(), now(), cr::nr7_classification, cl::nr7_classification, d, a
       from unnest($2::uuid[], $3::date[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::boolean[]) as t(patient_id, exam_date, exam_type, cr, cl, d, a)`,
      [this.organizationId, rows.map((r) => r.patientId), rows.map((r) => r.date), rows.map((r) => r.examType),
        outcome.map((o) => o[0]), outcome.map((o) => o[1]), outcome.map((o) => o[2]), outcome.map((o) => o[3])]);
  }
}

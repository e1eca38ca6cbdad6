import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  DEFAULT_TRANSDUCER, type EmploymentPlan, type ImportedPeriod, type ImportProgrammeRefs, type ResolvedProgrammeRefs, importNameKey, type ExamImportBatch, type ExamImportSink, type ImportPatientRequest, type NewImportedExam,
  type ResolvedImportPatient, type Sex, type StoredExamForImport, type NaturalKeyOf,
  type ReferenceDesignation, formatCnpj, type ClassificationColumns, type ClassificationUpdate,
} from '../../../../core/src';
import { CLASSIFICATION_COLUMNS, CLASSIFICATION_RECORD_TYPES, rowOfColumns } from '../classification-row';
import { decodeStoredAudiogram, encodeStoredAudiogram } from '../stored-audiogram';
import { uuidV7 } from '../../ids/uuid-v7';
import { ByteChunks } from './byte-chunks';

/** A bytea as COPY text: `\x` and its hex digits, the backslash escaped. */
const byteaCell = (hex: string): string => `\\\\x${hex}`;
const NATURAL_KEY = /^[0-9a-f]{32}$/;
/** A natural key (32 hex digits, `digest`) as COPY text of its 16-byte bytea. */
function naturalKeyCell(key: string): string {
  if (!NATURAL_KEY.test(key)) throw new Error(`Chave natural inválida: ${key.slice(0, 40)} (esperados 32 dígitos hexadecimais)`);
  return byteaCell(key);
}

const COPY_SPECIAL = /[\\\t\n\r]/;
/** COPY text format: backslash, tab, newline and carriage return escaped; null is \N. */
const cell = (v: string | number | null | undefined): string =>
  v === null || v === undefined ? '\\N' : typeof v === 'number' ? String(v) : !COPY_SPECIAL.test(v) ? v
    : v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

/** The COPY data of `insertExams` goes in pieces of about this size. */
const COPY_CHUNK_BYTES = 256 * 1024;

const EXAM_COLUMNS = `id, organization_id, patient_id, exam_date, operator_name, operator_registration, consultation_reason, ambient_noise_db,
  calibration_date, transducer, acoustic_rest_hours, audiogram, rules_version, natural_key, created_at, updated_at, exam_type,
  ${CLASSIFICATION_COLUMNS.join(', ')}`;

const bool = (b: boolean) => (b ? 't' : 'f');
/** The typed classification columns of one exam as COPY text cells (tab-led, in `CLASSIFICATION_COLUMNS` order). */
function classificationCells(c: ClassificationColumns): string {
  const r = rowOfColumns(c);
  return `\t${cell(r.classification_right)}\t${cell(r.classification_left)}\t${cell(r.reference_date)}\t${cell(r.rule_set)}\t${cell(r.who2021_grade)}`
    + `\t${cell(r.pta3_right)}\t${cell(r.pta3_left)}\t${cell(r.mean_346_right)}\t${cell(r.mean_346_left)}\t${bool(r.desencadeamento)}\t${bool(r.agravamento)}\t${r.classification_bits}`;
}

/**
 * The bulk writer of `limiar import exams` on PostgreSQL: one pooled connection, one transaction per
 * batch, set-based statements (unnest) for companies and workers, COPY straight into `exam` (or, when
 * another writer stored one of the exams meanwhile, into a temporary table then `INSERT … ON CONFLICT
 * (patient_id, exam_date, natural_key) DO NOTHING`).
 */
export class PgExamImportSink implements ExamImportSink {
  private client?: pg.PoolClient;

  /** Only the typed classification columns are stored; the document is computed on read (ADR 0025). */
  readonly storesClassificationDocument = false;

  constructor(private readonly pool: pg.Pool, private readonly organizationId: string) {}

  /** The first 128 bits of SHA-256, as 32 hex digits (stored as a 16-byte bytea, ADR 0026). */
  digest(text: string): string {
    return createHash('sha256').update(text).digest('hex').slice(0, 32);
  }

  async batch<T>(work: (batch: ExamImportBatch) => Promise<T>): Promise<T> {
    const client = (this.client ??= await this.pool.connect());
    await client.query('begin');
    try {
      // One import batch of an organisation at a time (issue 15): a worker without CPF has no unique
      // key, so two imports of one file would each create him. Held until this batch commits.
      await client.query("select pg_advisory_xact_lock(hashtextextended('limiar:import:' || $1, 0))", [this.organizationId]);
      const result = await work(new PgBatch(client, this.organizationId));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  }

  release(): void {
    this.client?.release();
    this.client = undefined;
  }
}

class PgBatch implements ExamImportBatch {
  constructor(private readonly c: pg.PoolClient, private readonly org: string) {}

  async resolvePatients(patients: readonly ImportPatientRequest[]): Promise<Map<string, ResolvedImportPatient>> {
    const companyNames = [...new Set(patients.map((p) => p.company).filter((n): n is string => !!n))];
    const companyId = new Map<string, string>();
    if (companyNames.length) {
      await this.c.query(`insert into company (id, organization_id, name, created_at)
        select gen_random_uuid(), $1, n, now() from unnest($2::text[]) n
        where not exists (select 1 from company c where c.organization_id = $1 and c.name_key = limiar_search_text(n))
        on conflict (organization_id, name_key) where cnpj is null do nothing`, [this.org, companyNames]);
      // a matriz and its filiais may share the name: the oldest one is taken, as in the worker form
      const rows = await this.c.query<{ input: string; id: string }>(`select distinct on (n) n as input, c.id from unnest($2::text[]) n
        join company c on c.organization_id = $1 and c.name_key = limiar_search_text(n) order by n, c.created_at, c.id`, [this.org, companyNames]);
      for (const r of rows.rows) companyId.set(r.input, r.id);
    }
    const out = new Map<string, ResolvedImportPatient>();
    const withCpf = patients.filter((p) => p.cpf);
    const withoutCpf = patients.filter((p) => !p.cpf);
    const findByCpf = async (list: readonly ImportPatientRequest[]) => {
      if (!list.length) return;
      const found = await this.c.query<{ id: string; cpf: string; sex: string }>(
        'select id, cpf, sex from patient where organization_id = $1 and cpf = any($2::bpchar[])', [this.org, list.map((p) => p.cpf)]);
      const byCpf = new Map(found.rows.map((r) => [r.cpf.trim(), r]));
      for (const p of list) {
        const r = byCpf.get(p.cpf!);
        if (r) out.set(p.key, { id: r.id, sex: r.sex.trim() as Sex, created: false });
      }
    };
    await findByCpf(withCpf);
    if (withoutCpf.length) {
      const found = await this.c.query<{ i: string; id: string; sex: string }>(`select distinct on (k.i) k.i, p.id, p.sex
        from unnest($2::text[], $3::date[]) with ordinality k(name, birth, i)
        join patient p on p.organization_id = $1 and limiar_search_text(p.name) = limiar_search_text(k.name) and p.birth_date = k.birth
        order by k.i, p.created_at, p.id`, [this.org, withoutCpf.map((p) => p.name), withoutCpf.map((p) => p.birthDate)]);
      for (const r of found.rows) out.set(withoutCpf[Number(r.i) - 1].key, { id: r.id, sex: r.sex.trim() as Sex, created: false });
    }
    const missing = patients.filter((p) => !out.has(p.key));
    if (missing.length) {
      const ids = missing.map(() => uuidV7()); // time-ordered (ADR 0026)
      const inserted = await this.c.query<{ id: string }>(`insert into patient (id, organization_id, name, age, sex, birth_date, cpf, company_id, job_title, created_at, updated_at)
        select id, $1, name, age, sex, birth, cpf, company, job, now(), now()
        from unnest($2::uuid[], $3::text[], $4::smallint[], $5::text[], $6::date[], $7::text[], $8::uuid[], $9::text[]) u(id, name, age, sex, birth, cpf, company, job)
        on conflict (organization_id, cpf) where cpf is not null do nothing returning id`,
      [this.org, ids, missing.map((p) => p.name), missing.map((p) => p.age), missing.map((p) => p.sex), missing.map((p) => p.birthDate), missing.map((p) => p.cpf),
        missing.map((p) => (p.company ? (companyId.get(p.company) ?? null) : null)), missing.map((p) => p.jobTitle)]);
      const created = new Set(inserted.rows.map((r) => r.id));
      missing.forEach((p, i) => { if (created.has(ids[i])) out.set(p.key, { id: ids[i], sex: p.sex, created: true }); });
      // a CPF registered meanwhile by someone else (web app, another import): use that worker
      await findByCpf(missing.filter((p) => !out.has(p.key)));
    }
    return out;
  }

  async existingNaturalKeys(keys: readonly NaturalKeyOf[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    // by worker, through the (patient_id, exam_date, natural_key) index
    const r = await this.c.query<{ k: string }>(`select encode(e.natural_key, 'hex') as k from exam e
      join unnest($2::uuid[], $3::text[]) u(p, k) on e.patient_id = u.p and e.natural_key = decode(u.k, 'hex')
      where e.organization_id = $1`, [this.org, keys.map((k) => k.patientId), keys.map((k) => k.naturalKey)]);
    return new Set(r.rows.map((x) => x.k));
  }

  async loadExams(patientIds: readonly string[]): Promise<StoredExamForImport[]> {
    if (!patientIds.length) return [];
    const r = await this.c.query<{ id: string; patient_id: string; exam_date: string; audiogram: Buffer; acoustic_rest_hours: number | null; calibration_date: string | null; reference_designation: ReferenceDesignation | null; created_at: Date }>(
      `select id, patient_id, exam_date::text, audiogram, acoustic_rest_hours, calibration_date::text, reference_designation, created_at from exam
       where organization_id = $1 and patient_id = any($2::uuid[]) order by patient_id, exam_date, created_at`, [this.org, patientIds]);
    return r.rows.map((x) => ({
      id: x.id, patientId: x.patient_id, date: x.exam_date, ...decodeStoredAudiogram(x.audiogram), acousticRestHours: x.acoustic_rest_hours,
      calibrationDate: x.calibration_date, referenceDesignation: x.reference_designation, createdAt: x.created_at,
    }));
  }

  async insertExams(exams: readonly NewImportedExam[]): Promise<number> {
    if (!exams.length) return 0;
    // Fast path: COPY straight into `exam`. This transaction already skipped the natural keys it
    // found stored, so a unique violation means someone else (the web app, a second import) stored
    // one of these exams meanwhile: back to the savepoint and take the careful path.
    await this.c.query('savepoint import_direct');
    try {
      await this.copyExams('exam', exams);
      await this.c.query('release savepoint import_direct');
      return exams.length;
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await this.c.query('rollback to savepoint import_direct');
    }
    await this.c.query(`create temp table if not exists import_exam (like exam including defaults) on commit delete rows`);
    await this.copyExams('import_exam', exams);
    const r = await this.c.query(`insert into exam (${EXAM_COLUMNS}) select ${EXAM_COLUMNS} from import_exam
      on conflict (patient_id, exam_date, natural_key) do nothing`);
    return r.rowCount ?? 0;
  }

  private async copyExams(table: string, exams: readonly NewImportedExam[]): Promise<void> {
    const org = this.org;
    // each line written out as soon as it is built (ByteChunks), as the export does
    const lines = function* () {
      const out = new ByteChunks(COPY_CHUNK_BYTES, 'utf8');
      for (const e of exams) {
        const time = e.createdAt.toISOString();
        const full = out.add(`${e.id}\t${org}\t${e.patientId}\t${e.date}\t${cell(e.operatorName)}\t${cell(e.operatorRegistration)}\t${cell(e.consultationReason)}\t${cell(e.ambientNoiseDb)}\t`
          + `${cell(e.calibrationDate)}\t${cell(e.transducer ?? DEFAULT_TRANSDUCER)}\t${cell(e.acousticRestHours)}\t${byteaCell(encodeStoredAudiogram(e.right, e.left).toString('hex'))}\t`
          + `${e.rulesVersion}\t${naturalKeyCell(e.naturalKey)}\t${time}\t${time}\t${cell(e.examType)}${classificationCells(e.classificationColumns)}\n`);
        if (full) yield full;
      }
      const rest = out.rest();
      if (rest) yield rest;
    };
    await pipeline(Readable.from(lines()), this.c.query(copyFrom(`copy ${table} (${EXAM_COLUMNS}) from stdin`)));
  }

  async resolveProgrammeRefs(refs: ImportProgrammeRefs): Promise<ResolvedProgrammeRefs> {
    const companies = new Map<string, string>();
    let companiesCreated = 0;
    // by CNPJ: the company with it; else the one of that name still without CNPJ (completed now); else a new one
    for (const c of refs.companies) {
      let id: string | undefined;
      if (c.cnpj) {
        id = (await this.c.query<{ id: string }>('select id from company where organization_id = $1 and cnpj = $2', [this.org, c.cnpj])).rows[0]?.id;
        if (!id && c.name) {
          id = (await this.c.query<{ id: string }>(`update company set cnpj = $3, updated_at = now() where id = (select id from company
            where organization_id = $1 and name_key = limiar_search_text($2) and cnpj is null order by created_at, id limit 1) returning id`, [this.org, c.name, c.cnpj])).rows[0]?.id;
        }
        if (!id) {
          const name = c.name ?? `Empresa CNPJ ${formatCnpj(c.cnpj)}`;
          id = (await this.c.query<{ id: string }>(`insert into company (id, organization_id, name, cnpj, created_at) values (gen_random_uuid(), $1, $2, $3, now())
            on conflict (organization_id, cnpj) where cnpj is not null do nothing returning id`, [this.org, name, c.cnpj])).rows[0]?.id;
          if (id) companiesCreated++;
          else id = (await this.c.query<{ id: string }>('select id from company where organization_id = $1 and cnpj = $2', [this.org, c.cnpj])).rows[0].id;
        }
      } else {
        const byName = 'select id from company where organization_id = $1 and name_key = limiar_search_text($2) order by created_at, id limit 1';
        id = (await this.c.query<{ id: string }>(byName, [this.org, c.name])).rows[0]?.id;
        if (!id) {
          id = (await this.c.query<{ id: string }>(`insert into company (id, organization_id, name, created_at) values (gen_random_uuid(), $1, $2, now())
            on conflict (organization_id, name_key) where cnpj is null do nothing returning id`, [this.org, c.name])).rows[0]?.id;
          if (id) companiesCreated++;
          else id = (await this.c.query<{ id: string }>(byName, [this.org, c.name])).rows[0].id;
        }
      }
      companies.set(c.key, id);
    }
    const named = async (table: 'sector' | 'ghe', items: ReadonlyArray<{ company: string; name: string; sector?: string | null }>, sectors?: Map<string, string>) => {
      const out = new Map<string, string>();
      if (!items.length) return { out, created: 0 };
      const companyIds = items.map((i) => companies.get(i.company)!);
      const names = items.map((i) => i.name);
      const sectorIds = items.map((i) => (i.sector && sectors ? sectors.get(`${i.company}|${importNameKey(i.sector)}`) ?? null : null));
      const inserted = table === 'sector'
        ? await this.c.query(`insert into sector (id, organization_id, company_id, name, created_at)
            select gen_random_uuid(), $1, c, n, now() from unnest($2::uuid[], $3::text[]) u(c, n) on conflict (company_id, name_key) do nothing`, [this.org, companyIds, names])
        : await this.c.query(`insert into ghe (id, organization_id, company_id, sector_id, name, created_at, updated_at)
            select gen_random_uuid(), $1, c, s, n, now(), now() from unnest($2::uuid[], $3::text[], $4::uuid[]) u(c, n, s) on conflict (company_id, name_key) do nothing`,
          [this.org, companyIds, names, sectorIds]);
      const rows = await this.c.query<{ i: string; id: string }>(`select u.i, t.id from unnest($1::uuid[], $2::text[]) with ordinality u(c, n, i)
        join ${table} t on t.company_id = u.c and t.name_key = limiar_search_text(u.n)`, [companyIds, names]);
      for (const r of rows.rows) {
        const item = items[Number(r.i) - 1];
        out.set(`${item.company}|${importNameKey(item.name)}`, r.id);
      }
      return { out, created: inserted.rowCount ?? 0 };
    };
    const sectors = await named('sector', refs.sectors);
    const ghes = await named('ghe', refs.ghes, sectors.out);
    return { companies, sectors: sectors.out, ghes: ghes.out, companiesCreated, ghesCreated: ghes.created };
  }

  async loadEmployments(patientIds: readonly string[]): Promise<ImportedPeriod[]> {
    const r = await this.c.query<{ id: string; patient_id: string; company_id: string; registration: string | null; job_title: string | null; sector_id: string | null;
      ghe_id: string | null; admission_date: string; dismissal_date: string | null; start_date: string; end_date: string | null }>(
      `select id, patient_id, company_id, registration, job_title, sector_id, ghe_id, admission_date::text, dismissal_date::text, start_date::text, end_date::text
       from employment where organization_id = $1 and patient_id = any($2::uuid[])`, [this.org, patientIds]);
    return r.rows.map((x) => ({
      id: x.id, patientId: x.patient_id, companyId: x.company_id, registration: x.registration, jobTitle: x.job_title, sectorId: x.sector_id, gheId: x.ghe_id,
      admissionDate: x.admission_date, dismissalDate: x.dismissal_date, startDate: x.start_date, endDate: x.end_date,
    }));
  }

  async applyEmployments(plan: EmploymentPlan, patientIds: readonly string[]): Promise<void> {
    if (plan.closes.length) {
      await this.c.query(`update employment e set end_date = u.d, updated_at = now() from unnest($2::uuid[], $3::date[]) u(id, d)
        where e.id = u.id and e.organization_id = $1`, [this.org, plan.closes.map((c) => c.id), plan.closes.map((c) => c.endDate)]);
    }
    if (plan.fills.length) {
      const f = plan.fills;
      await this.c.query(`update employment e set registration = u.r, job_title = u.j, sector_id = u.s, ghe_id = u.g, updated_at = now()
        from unnest($2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::uuid[]) u(id, r, j, s, g) where e.id = u.id and e.organization_id = $1`,
      [this.org, f.map((x) => x.id), f.map((x) => x.registration), f.map((x) => x.jobTitle), f.map((x) => x.sectorId), f.map((x) => x.gheId)]);
    }
    if (plan.inserts.length) {
      const i = plan.inserts;
      await this.c.query(`insert into employment (id, organization_id, patient_id, company_id, registration, job_title, sector_id, ghe_id, admission_date, dismissal_date, start_date, end_date, created_at, updated_at)
        select id, $1, p, c, r, j, s, g, a, d, st, en, now(), now()
        from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::uuid[], $8::uuid[], $9::date[], $10::date[], $11::date[], $12::date[]) u(id, p, c, r, j, s, g, a, d, st, en)`,
      [this.org, i.map((x) => x.id), i.map((x) => x.patientId), i.map((x) => x.companyId), i.map((x) => x.registration), i.map((x) => x.jobTitle), i.map((x) => x.sectorId),
        i.map((x) => x.gheId), i.map((x) => x.admissionDate), i.map((x) => x.dismissalDate), i.map((x) => x.startDate), i.map((x) => x.endDate)]);
    }
    // the worker's company (lists, the worker form) follows his current period, the latest admission first;
    // "current" against today in Brazil's calendar (programmeToday), not the server's time zone
    await this.c.query(`update patient p set company_id = cur.company_id, updated_at = now()
      from (select distinct on (patient_id) patient_id, company_id from employment
            where organization_id = $1 and patient_id = any($2::uuid[]) and end_date is null and (dismissal_date is null or dismissal_date >= (now() at time zone 'America/Sao_Paulo')::date)
            order by patient_id, admission_date desc, start_date desc) cur
      where p.id = cur.patient_id and p.organization_id = $1 and p.company_id is distinct from cur.company_id`, [this.org, patientIds]);
  }

  async updateClassifications(updates: ReadonlyArray<ClassificationUpdate>): Promise<void> {
    await this.c.query(`update exam e set rules_version = u.v, updated_at = now(), ${CLASSIFICATION_COLUMNS.map((c) => `${c} = u.${c}`).join(', ')}
      from jsonb_to_recordset($2::jsonb) u(id uuid, v text, ${CLASSIFICATION_RECORD_TYPES}) where e.id = u.id and e.organization_id = $1`,
    [this.org, JSON.stringify(updates.map((u) => ({ id: u.id, v: u.rulesVersion, ...rowOfColumns(u.classificationColumns) })))]);
  }
}

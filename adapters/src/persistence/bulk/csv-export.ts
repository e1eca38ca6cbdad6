import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { NoReportsError, type ExamExportSource, type ExportFilters, type ExportKind } from '../../../../core/src';
import { EXAM_COPY_COLUMNS, EXAM_CSV_COLUMNS, ExamCsvTransform } from './exam-csv-rows';
import { cpfPrefixCondition, cpfPrefixOf } from '../cpf-prefix';

export type { ExportFilters, ExportKind };

/** UTF-8 byte order mark: Excel pt-BR reads the file as UTF-8 only with it. */
export const UTF8_BOM = '\uFEFF';

const lit = (v: string) => pg.Client.prototype.escapeLiteral(v);
/** Text cell guarded against formula injection: a leading = + - @ tab or CR gets a `'` (style guide §8). */
const text = (x: string) => `case when left(${x}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${x} else ${x} end`;
const dec = (x: string) => `replace((${x})::text, '.', ',')`;
const br = (x: string) => `to_char(${x}, 'DD/MM/YYYY')`;
const yesNo = (x: string) => `case (${x})::text when 'true' then 'sim' when 'false' then 'não' else null end`;
const like = (q: string) => lit(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
const isoDate = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? lit(v) : null);
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** Columns the export adds and the import recomputes (ignored there without a warning). */
export const DERIVED_EXPORT_COLUMNS = EXAM_CSV_COLUMNS.slice(EXAM_CSV_COLUMNS.indexOf('classificacao_od'));

/** Archived workers (issue 14) are left out of bulk exports, as from every list; a one-worker export (patientId) includes them. */
const ACTIVE_ONLY = 'p.archived_at is null';

/** The exams, raw (`EXAM_COPY_COLUMNS`; `ExamCsvTransform` formats them), in the order of each worker's history. */
function examsQuery(org: string, f: ExportFilters): string {
  const where = [`e.organization_id = ${lit(org)}`];
  if (f.patientId) where.push(isUuid(f.patientId) ? `e.patient_id = ${lit(f.patientId)}` : 'false');
  else where.push(ACTIVE_ONLY);
  if (f.company) where.push(`limiar_search_text(coalesce(c.name, '')) like limiar_search_text(${like(f.company)})`);
  if (f.q) where.push(`(limiar_search_text(p.name) like limiar_search_text(${like(f.q)}) or limiar_search_text(coalesce(e.operator_name, '')) like limiar_search_text(${like(f.q)}) or limiar_search_text(coalesce(c.name, '')) like limiar_search_text(${like(f.q)}))`);
  if (f.from) where.push(`e.exam_date >= ${isoDate(f.from) ?? 'null'}`);
  if (f.to) where.push(`e.exam_date <= ${isoDate(f.to) ?? 'null'}`);
  return `select ${EXAM_COPY_COLUMNS.join(', ')}
    from exam e join patient p on p.id = e.patient_id left join company c on c.id = p.company_id
    where ${where.join(' and ')} order by e.patient_id, e.exam_date, e.created_at`;
}

function patientsQuery(org: string, f: ExportFilters): string {
  const where = [`p.organization_id = ${lit(org)}`];
  if (f.patientId) where.push(isUuid(f.patientId) ? `p.id = ${lit(f.patientId)}` : 'false');
  else where.push(ACTIVE_ONLY);
  if (f.company) where.push(`limiar_search_text(coalesce(c.name, '')) like limiar_search_text(${like(f.company)})`);
  if (f.q) {
    const cpf = cpfPrefixOf(f.q);
    if (cpf) {
      const condition = cpfPrefixCondition('p.cpf', cpf);
      let i = 0;
      where.push(condition.sql.replace(/\?/g, () => lit(condition.params[i++])));
    } else where.push(`limiar_search_text(p.name) like limiar_search_text(${like(f.q)})`);
  }
  if (f.from) where.push(`p.created_at >= ${isoDate(f.from) ?? 'null'}::date`);
  if (f.to) where.push(`p.created_at < ${isoDate(f.to) ?? 'null'}::date + 1`);
  return `select ${text('p.name')} as "nome", trim(p.cpf) as "cpf", ${br('p.birth_date')} as "data_nascimento", p.age::text as "idade", trim(p.sex) as "sexo",
      ${text('c.name')} as "empresa", ${text('p.job_title')} as "cargo", ${text('p.phone')} as "telefone", ${text('p.email')} as "email", ${text('p.address')} as "endereco",
      ${br('p.created_at')} as "cadastro", x.n::text as "exames", ${br('x.last')} as "ultimo_exame"
    from patient p left join company c on c.id = p.company_id
    left join lateral (select count(*) as n, max(exam_date) as last from exam e where e.patient_id = p.id) x on true
    where ${where.join(' and ')} order by limiar_search_text(p.name), p.id`;
}

/** `report` belongs to the laudo feature: its columns are read at run time and formatted by type. */
async function reportsQuery(client: pg.PoolClient, org: string, f: ExportFilters): Promise<string> {
  const cols = await client.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = 'report' order by ordinal_position`);
  if (!cols.rows.length) throw new NoReportsError();
  const names = new Set(cols.rows.map((c) => c.column_name));
  const select = cols.rows.filter((c) => c.column_name !== 'organization_id').map(({ column_name: n, data_type: t }) => {
    const x = `r."${n}"`;
    const expr = t === 'date' ? br(x) : t.startsWith('timestamp') ? `to_char(${x}, 'DD/MM/YYYY HH24:MI')` : ['double precision', 'numeric', 'real'].includes(t) ? dec(x)
      : t === 'boolean' ? yesNo(x) : ['text', 'character varying', 'character'].includes(t) ? text(x) : `${x}::text`;
    return `${expr} as "${n}"`;
  });
  const where = [`r.organization_id = ${lit(org)}`];
  // one row per laudo: its current version (issue 20); superseded versions stay readable in the app
  if (names.has('current')) where.push('r.current');
  const join = names.has('patient_id') ? 'left join patient p on p.id = r.patient_id left join company c on c.id = p.company_id' : '';
  if (f.patientId && names.has('patient_id')) where.push(isUuid(f.patientId) ? `r.patient_id = ${lit(f.patientId)}` : 'false');
  else if (join) where.push(ACTIVE_ONLY);
  if (f.company && join) where.push(`limiar_search_text(coalesce(c.name, '')) like limiar_search_text(${like(f.company)})`);
  if (f.q && join) where.push(`limiar_search_text(p.name) like limiar_search_text(${like(f.q)})`);
  if (names.has('created_at') && f.from) where.push(`r.created_at >= ${isoDate(f.from) ?? 'null'}::date`);
  if (names.has('created_at') && f.to) where.push(`r.created_at < ${isoDate(f.to) ?? 'null'}::date + 1`);
  return `select ${select.join(', ')}${join ? `, ${text('p.name')} as "paciente"` : ''} from report r ${join} where ${where.join(' and ')}${names.has('created_at') ? ' order by r.created_at' : ''}`;
}

async function reportsTableExists(pool: pg.Pool): Promise<boolean> {
  const r = await pool.query<{ t: string | null }>(`select to_regclass('report')::text as t`);
  return !!r.rows[0]?.t;
}

/**
 * Streams one organisation's rows as a CSV Excel pt-BR opens as is: UTF-8 BOM, `;`, decimal
 * comma, dd/mm/aaaa, text cells guarded against formula injection. `COPY … TO STDOUT` streams the
 * rows, so memory stays flat at any size: patients and reports come formatted by PostgreSQL (COPY
 * CSV); exams come raw and `ExamCsvTransform` formats them byte for byte the same way (ADR 0009).
 * Returns the number of data rows.
 */
export async function exportCsv(pool: pg.Pool, kind: ExportKind, organizationId: string, filters: ExportFilters, out: Writable): Promise<number> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    if (kind === 'exams') return await exportExams(client, organizationId, filters, out);
    const query = kind === 'patients' ? patientsQuery(organizationId, filters) : await reportsQuery(client, organizationId, filters);
    const copy = client.query(copyTo(`copy (${query}) to stdout with (format csv, delimiter ';', header true, encoding 'UTF8')`));
    out.write(UTF8_BOM);
    await pipeline(copy, out);
    return Number((copy as unknown as { rowCount?: number }).rowCount ?? 0);
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // a half-read COPY leaves the connection unusable: drop it rather than return it to the pool
    client.release(broken && !(broken instanceof NoReportsError) ? broken : undefined);
  }
}

async function exportExams(client: pg.PoolClient, organizationId: string, filters: ExportFilters, out: Writable): Promise<number> {
  // dates as YYYY-MM-DD whatever the server's default; no parallel workers: Node formats the rows
  // on the other core, and on a small machine workers only add tuple transfers (ADR 0009)
  await client.query(`begin; set local datestyle = 'ISO'; set local max_parallel_workers_per_gather = 0`);
  const copy = client.query(copyTo(`copy (${examsQuery(organizationId, filters)}) to stdout with (format text, encoding 'UTF8')`));
  const rows = new ExamCsvTransform();
  out.write(UTF8_BOM);
  await pipeline(copy, rows, out);
  await client.query('commit');
  return rows.rows;
}

/** `ExamExportSource` on PostgreSQL: `exportCsv` over a pool the composition root owns. */
export class PgExamExportSource implements ExamExportSource<Writable> {
  constructor(private readonly pool: () => pg.Pool) {}

  reportsAvailable(): Promise<boolean> {
    return reportsTableExists(this.pool());
  }

  write(kind: ExportKind, organizationId: string, filters: ExportFilters, out: Writable): Promise<number> {
    return exportCsv(this.pool(), kind, organizationId, filters, out);
  }
}

/**
 * The HTTP exports' own small pool (COPY streams hold a connection for the whole download, so they
 * never take the ORM's): opened on the first export, its idle connections let the process exit.
 */
export function lazyExportPool(connectionString: string, onIdleError: (error: Error) => void): () => pg.Pool {
  let pool: pg.Pool | undefined;
  return () => {
    if (!pool) {
      pool = new pg.Pool({ connectionString, max: 4, idleTimeoutMillis: 5_000, allowExitOnIdle: true });
      // an idle connection closed by the server (restart, dropped database) must not crash the API
      pool.on('error', onIdleError);
    }
    return pool;
  };
}

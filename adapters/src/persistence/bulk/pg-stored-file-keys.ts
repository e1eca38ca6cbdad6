import type pg from 'pg';

/**
 * Every storage key the database names (ADR 0022, `limiar migrate-files`), once each, in key order, with
 * what it is: uploaded exam files, files of removed exams (kept for the worker's LGPD export), laudo PDFs
 * of every version, organisation logos, A1 signing certificates, and keys left in removed exams' snapshots.
 */
export async function storedFileKeys(pool: pg.Pool): Promise<Array<{ key: string; kind: string }>> {
  const { rows } = await pool.query<{ key: string; kind: string }>(`
    select key, min(kind) as kind from (
      select storage_key as key, 'exame' as kind from exam_file
      union all select storage_key, 'exame-removido' from exam_file_removed
      union all select pdf_storage_key, 'laudo' from report where pdf_storage_key is not null
      union all select logo_storage_key, 'logotipo' from organization where logo_storage_key is not null
      union all select storage_key, 'certificado' from signing_certificate
      union all select k #>> '{}', 'exame-removido' from exam_deletion, jsonb_path_query(snapshot, 'lax $.**.storageKey') k
        where jsonb_typeof(k) = 'string'
    ) keys where key is not null and key <> '' group by key order by key`);
  return rows;
}

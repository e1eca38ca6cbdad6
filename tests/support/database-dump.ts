import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

/**
 * The whole content of a database as text, for "the dump holds none of it" checks (LGPD, issue 20).
 * `pg_dump --data-only` when a pg_dump at least as new as the server is installed (pg_dump refuses an
 * older one); otherwise the same rows read table by table with `COPY … TO STDOUT` semantics (every
 * table and materialised view of every non-system schema, each row as its text form).
 */
export async function dumpDatabase(url: string): Promise<{ text: string; tool: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const serverMajor = Number((await client.query('show server_version_num')).rows[0].server_version_num.slice(0, -4));
    const pgDump = findPgDump(serverMajor);
    if (pgDump) return { text: execFileSync(pgDump, ['--data-only', '--no-owner', url], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }), tool: pgDump };
    const tables = (await client.query(`select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' order by 1, 2`)).rows;
    const parts: string[] = [];
    for (const t of tables) {
      const ident = `${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.name)}`;
      const rows = (await client.query(`select x::text as row from ${ident} x`)).rows;
      parts.push(`-- ${t.schema}.${t.name} (${rows.length})`, ...rows.map((r) => r.row as string));
    }
    return { text: parts.join('\n'), tool: `sql (${tables.length} tables; no pg_dump ≥ ${serverMajor} installed)` };
  } finally {
    await client.end();
  }
}

function findPgDump(serverMajor: number): string | undefined {
  const candidates = [`/usr/lib/postgresql/${serverMajor}/bin/pg_dump`, `/usr/lib/postgresql/${serverMajor + 1}/bin/pg_dump`];
  return candidates.find((p) => fs.existsSync(p));
}

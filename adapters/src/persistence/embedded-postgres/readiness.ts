import pg from 'pg';

/** Polls until PostgreSQL accepts a connection; rejects early once `hasExited()` is true. */
export async function waitUntilAccepting(url: string, timeoutMs: number, hasExited: () => boolean = () => false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('O PostgreSQL embutido encerrou durante a inicialização.');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new Error(`O PostgreSQL não aceitou conexões em ${timeoutMs} ms: ${(lastError as Error)?.message}`);
}

/** Creates the database when missing (CREATE DATABASE has no IF NOT EXISTS). */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // created concurrently
  } finally {
    await client.end();
  }
}

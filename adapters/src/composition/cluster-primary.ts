import pg from 'pg';
import { loadOrCreateFileKey } from '../files/encrypted-file-storage';
import { migrateIfPending, openConnection } from '../persistence/connection';
import { loadOrCreateSecret } from '../security/jose-session-tokens';
import type { AppConfig } from './config';

/**
 * What the primary of `limiar serve --workers N` does once before it forks (ADR 0023): opens the database
 * (starting the embedded server the workers then attach to), applies the pending migrations, and creates
 * the data directory's generated secrets. `close` stops the embedded server when this process started it.
 * Only `pg` and, when a migration is pending, the ORM are loaded: the primary serves no request.
 */
export async function prepareClusterPrimary(config: AppConfig, log: (m: string) => void): Promise<{ applied: string[]; close(): Promise<void> }> {
  const db = await openConnection(config, log);
  try {
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    let applied: string[];
    try {
      applied = await migrateIfPending(db.url, pool);
    } finally {
      await pool.end();
    }
    loadOrCreateSecret(config.dataDir, config.jwtSecret);
    loadOrCreateFileKey(config.dataDir, config.fileKey);
    return { applied, close: () => db.close() };
  } catch (error) {
    await db.close();
    throw error;
  }
}

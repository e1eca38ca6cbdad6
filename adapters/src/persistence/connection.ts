import pg from 'pg';
import type { AppConfig } from '../composition/config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres/embedded-postgres-server';
import { MIGRATION_NAMES } from './mikro-orm/migrations/names';

/** A database to talk to with plain `pg`, and whatever must be stopped with it (no ORM loaded). */
export interface DatabaseConnection {
  url: string;
  /** Set when the database is the embedded server of `LIMIAR_DATA_DIR`. */
  embedded?: EmbeddedPostgresHandle;
  close(): Promise<void>;
}

/**
 * `DATABASE_URL`, or the embedded server of the data directory — started, or attached to when
 * `npm start` already runs it (never a second server on the same directory).
 */
export async function openConnection(config: AppConfig, log: (m: string) => void = () => {}): Promise<DatabaseConnection> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
  return { url: config.databaseUrl ?? embedded!.url, embedded, close: async () => void (await embedded?.stop()) };
}

/**
 * Applies pending migrations; returns the names applied now. Bulk CLI commands call this: when the
 * database already has every migration (the usual case) it costs one query and MikroORM is never
 * loaded, which keeps their memory and start-up small.
 */
export async function migrateIfPending(url: string, pool: pg.Pool): Promise<string[]> {
  const applied = await pool.query<{ name: string }>('select name from mikro_orm_migrations').then((r) => new Set(r.rows.map((x) => x.name)), () => new Set<string>());
  if (MIGRATION_NAMES.every((n) => applied.has(n))) return [];
  const { MikroORM } = await import('@mikro-orm/postgresql');
  const { ormConfig } = await import('./mikro-orm/orm-config');
  const orm = await MikroORM.init(ormConfig(url, { poolMax: 1 }));
  try {
    return (await orm.getMigrator().up()).map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}

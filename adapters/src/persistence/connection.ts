import pg from 'pg';
import { withAdvisoryLock } from './advisory-locks';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres/embedded-postgres-server';
import { MIGRATION_NAMES } from './mikro-orm/migrations/names';

/** A database to talk to with plain `pg`, and whatever must be stopped with it (no ORM loaded). */
export interface DatabaseConnection {
  url: string;
  /** Set when the database is the embedded server of `LIMIAR_DATA_DIR`. */
  embedded?: EmbeddedPostgresHandle;
  close(): Promise<void>;
}

/** Where the database is: `DATABASE_URL`, else the embedded server of the data directory (part of `AppConfig`). */
export interface DatabaseSettings {
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
}

/**
 * `DATABASE_URL`, or the embedded server of the data directory — started, or attached to when
 * `npm start` already runs it (never a second server on the same directory).
 */
export async function openConnection(config: DatabaseSettings, log: (m: string) => void = () => {}): Promise<DatabaseConnection> {
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
    // several processes starting at once take turns; the later ones find nothing pending (ADR 0023)
    return (await withAdvisoryLock(url, 'migrations', () => orm.getMigrator().up())).map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}

/**
 * The database of a light CLI root (ADR 0015): connection, a small `pg` pool, pending migrations
 * applied. `close` ends the pool and the connection (and an embedded server); a failure while
 * migrating closes them before it is thrown. `beforeClose` runs first (a sink to release, a browser).
 */
export async function openMigratedPool(config: DatabaseSettings, log: (m: string) => void, beforeClose?: () => Promise<void> | void): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  const db = await openConnection(config, log);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const close = async () => {
    await beforeClose?.();
    await pool.end();
    await db.close();
  };
  try {
    await migrateIfPending(db.url, pool);
  } catch (error) {
    await close();
    throw error;
  }
  return { pool, close };
}

let lastConnectionLossAt = -Infinity;
const LOSS_WINDOW_MS = 30_000;

/** Records a query that failed because its connection was lost (see `isDatabaseUnavailable`). */
export function noteQueryError(error: unknown): void {
  if (isDatabaseUnavailable(error)) lastConnectionLossAt = Date.now();
}

/** Network-level errors of a socket to PostgreSQL that went away or never came. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs meaning "no database to talk to right now": connection exceptions (class 08),
 * admin/crash shutdown (57P01–57P03: terminated, shutting down, starting up or in recovery).
 */
const UNAVAILABLE_SQLSTATE = /^(08\w{3}|57P0[1-3])$/;
const UNAVAILABLE_MESSAGE = [
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
  /Knex: Timeout acquiring a connection/i,
  /Cannot use a pool after calling end/i,
  /terminating connection due to/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

/**
 * True when `error` (or its `cause` chain) says the database cannot be reached right now, as
 * opposed to a query that failed: the HTTP layer answers 503 for these (the embedded server is
 * being restarted, or an external DATABASE_URL is down) instead of a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // knex refuses further queries of a transaction whose connection just died; that refusal says
  // nothing of the cause, so it counts as "unavailable" only right after a connection was lost
  if (error instanceof Error && /Transaction query already complete/.test(error.message)) return Date.now() - lastConnectionLossAt < LOSS_WINDOW_MS;
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e !== 'object') return false;
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
    if ((e as Error).name === 'ConnectionException' || (e as Error).name === 'KnexTimeoutError') return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.some((m) => m.test(e!.message as string))) return true;
  }
  return false;
}

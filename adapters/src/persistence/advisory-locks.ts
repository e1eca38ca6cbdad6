import pg from 'pg';

/**
 * PostgreSQL advisory-lock keys of the work that must run once per deployment, not once per process,
 * when several `limiar serve` processes (or `serve --workers N`) share one database (ADR 0023).
 * Two 32-bit keys: the first names Limiar, the second the work.
 */
export const ADVISORY_LOCKS = {
  migrations: 1,
  reclassifyStaleExams: 2,
  programmeRefresh: 3,
  readingQueueSetup: 4,
} as const;
const LIMIAR_LOCK_SPACE = 0x4c494d; // "LIM"

export type AdvisoryLockName = keyof typeof ADVISORY_LOCKS;

/**
 * Runs `fn` holding the session-level advisory lock `name`, waiting for it when another process holds it.
 * The lock lives on a connection of its own (not one of the ORM's pool, which a migration may need all of):
 * it is released when `fn` ends, or by PostgreSQL if this process dies.
 */
export async function withAdvisoryLock<T>(url: string, name: AdvisoryLockName, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [LIMIAR_LOCK_SPACE, ADVISORY_LOCKS[name]]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [LIMIAR_LOCK_SPACE, ADVISORY_LOCKS[name]]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs `fn` only if the advisory lock `name` is free now (another process is doing the same work
 * otherwise): returns `{ ran: false }` without waiting in that case.
 */
export async function ifAdvisoryLockFree<T>(url: string, name: AdvisoryLockName, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = new pg.Client({ connectionString: url });
  // a connection error while idle (the database restarted) must not crash the process: the lock is gone with it
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [LIMIAR_LOCK_SPACE, ADVISORY_LOCKS[name]]);
    if (!rows[0].locked) return { ran: false };
    try {
      return { ran: true, value: await fn() };
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [LIMIAR_LOCK_SPACE, ADVISORY_LOCKS[name]]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

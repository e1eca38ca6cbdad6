import type { EntityManager } from '@mikro-orm/postgresql';

/** A row as the driver returns it. */
export type Row = Record<string, unknown>;

/** A date column as ISO YYYY-MM-DD (null stays null). */
export const iso = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Plain SQL on the request's entity manager, inside the unit of work's transaction when there is one. */
export function sql(em: EntityManager) {
  return <T = Row>(query: string, params: unknown[] = []) => em.getConnection().execute<T[]>(query, params, 'all', em.getTransactionContext());
}

interface PgConnection { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> }
interface KnexClient { acquireConnection(): Promise<PgConnection>; releaseConnection(connection: PgConnection): Promise<void> }
const statements = new Map<string, { name: string; text: string }>();
let names = 0;
/** PostgreSQL's refusal of a cached plan whose result columns changed under it ("cached plan must not change result type"). */
const STALE_PLAN = '0A000';

/**
 * `sql` for the reads every request makes (authentication, the worker search, an exam, a history, a laudo) and
 * the audit batches: the same `?` text, run as a named prepared statement with bound parameters on the request's
 * connection (the unit of work's inside one). MikroORM's `execute` writes the parameters into the text, so
 * PostgreSQL parses and plans each call as a new statement; a prepared one is parsed once per connection and,
 * once its plan settles (the plan cache's generic plan), no longer planned (issue 22, ADR 0027). Only for texts
 * whose `?` are all parameters and whose values are scalars (strings, numbers, dates, booleans, null): `sql`
 * expands arrays into lists, this does not.
 */
export function prepared(em: EntityManager) {
  return async <T = Row>(query: string, params: unknown[] = []): Promise<T[]> => {
    let statement = statements.get(query);
    if (!statement) {
      let n = 0;
      statement = { name: `limiar_${++names}`, text: query.replace(/\?/g, () => `$${++n}`) };
      statements.set(query, statement);
    }
    const transaction = em.getTransactionContext<{ client: KnexClient }>();
    const client = transaction?.client ?? (em.getConnection().getKnex().client as KnexClient);
    const connection = await client.acquireConnection();
    try {
      return (await connection.query({ ...statement, values: params })).rows as T[];
    } catch (error) {
      // a migration added a column to a table this statement reads with `*` while the process ran: the text is
      // prepared again under a new name on every connection (the old one stays unused); outside a transaction
      // the read is retried at once, inside one the transaction has failed and is not
      if ((error as { code?: unknown }).code !== STALE_PLAN) throw error;
      statements.set(query, (statement = { ...statement, name: `limiar_${++names}` }));
      if (transaction) throw error;
      return (await connection.query({ ...statement, values: params })).rows as T[];
    } finally {
      await client.releaseConnection(connection);
    }
  };
}

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

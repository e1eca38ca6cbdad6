import { WORKLIST_GROUPS, type WorklistGroup, type WorklistItems, type WorklistPage, type WorklistQueries } from '../ports/worklist-queries';
import type { AuthContext } from '../use-cases/accounts/session-policy';

/** Items per group on the dashboard; "ver todos" pages through a group up to {@link MAX_WORKLIST_PAGE}. */
export const DEFAULT_WORKLIST_LIMIT = 5;
export const MAX_WORKLIST_PAGE = 100;

export type Worklist = { [G in WorklistGroup]: WorklistPage<WorklistItems[G]> };

/** A limit and offset the queries can take: whole numbers, limit 1..100, offset ≥ 0. */
export function worklistSlice(input: { limit?: number; offset?: number }): { limit: number; offset: number } {
  const whole = (n: number | undefined, fallback: number) => (n === undefined || !Number.isFinite(n) ? fallback : Math.trunc(n));
  return {
    limit: Math.min(MAX_WORKLIST_PAGE, Math.max(1, whole(input.limit, DEFAULT_WORKLIST_LIMIT))),
    offset: Math.max(0, whole(input.offset, 0)),
  };
}

/**
 * The dashboard worklist ("Pendências", issue 14): exams without laudo, laudos in draft, readings
 * waiting for review (held or failed), and workers whose latest exam shows desencadeamento or
 * agravamento not yet addressed in a laudo. `all` gives the first items of every group with their
 * counts; `group` pages through one of them.
 */
export class QueryWorklist {
  constructor(private readonly queries: WorklistQueries) {}

  async all(auth: AuthContext, input: { limit?: number } = {}): Promise<Worklist> {
    const slice = worklistSlice({ limit: input.limit });
    const pages: WorklistPage<unknown>[] = [];
    // One after the other: a request holds one connection, and each query is one round trip.
    for (const group of WORKLIST_GROUPS) pages.push(await this.queries.page(auth.organizationId, group, slice));
    return Object.fromEntries(WORKLIST_GROUPS.map((g, i) => [g, pages[i]])) as Worklist;
  }

  group<G extends WorklistGroup>(auth: AuthContext, group: G, input: { limit?: number; offset?: number }): Promise<WorklistPage<WorklistItems[G]>> {
    return this.queries.page(auth.organizationId, group, worklistSlice(input));
  }
}

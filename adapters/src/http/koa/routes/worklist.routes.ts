import type { Authenticate, QueryWorklist, WorklistItems, WorklistPage } from '../../../../../core/src';
import { worklistGroupResponse, worklistQuery, worklistResponse, type WorklistResponse } from '../../contract/worklist';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';

export interface WorklistDeps {
  authenticate: Authenticate;
  worklist: QueryWorklist;
}

/** Dates on the wire as ISO strings; everything else as the core gives it. */
function toWire<T extends object>(page: WorklistPage<T>) {
  return {
    total: page.total,
    items: page.items.map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]))),
  };
}

/** `GET /api/worklist`: the dashboard's "Pendências" (issue 14). */
export function worklistRoutes(routes: ApiRoutes, d: WorklistDeps): void {
  routes.add({
    method: 'get', path: '/worklist', tag: 'Dashboard', query: worklistQuery,
    summary: 'Pendências: exames sem laudo, laudos em rascunho, leituras aguardando revisão e trabalhadores com desencadeamento/agravamento sem laudo; contagem e primeiros itens por grupo (?group= pagina um grupo)',
    responses: { 200: { description: 'ok', schema: worklistResponse.or(worklistGroupResponse) } },
  }, async (ctx, { query }) => {
    const auth = await requireAuth(ctx, d.authenticate);
    if (query.group) {
      const page = await d.worklist.group(auth, query.group, { limit: query.limit ?? 20, offset: query.offset });
      ctx.body = { group: query.group, ...toWire(page as WorklistPage<WorklistItems[typeof query.group]>) };
      return;
    }
    const all = await d.worklist.all(auth, { limit: query.limit });
    ctx.body = Object.fromEntries(Object.entries(all).map(([g, page]) => [g, toWire(page as WorklistPage<object>)])) as WorklistResponse;
  });
}

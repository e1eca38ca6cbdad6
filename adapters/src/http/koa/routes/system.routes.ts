import type { CheckHealth } from '../../../../../core/src';
import { healthResponse } from '../../contract/health';
import type { ApiRoutes } from '../api-routes';
import { buildOpenApi } from '../openapi';

/** `GET /api/health` (checks the database) and `GET /api/openapi.json`. */
export function systemRoutes(routes: ApiRoutes, deps: { checkHealth: CheckHealth; version: string }): void {
  routes.add(
    {
      method: 'get',
      path: '/health',
      auth: 'public',
      tag: 'Sistema',
      summary: 'Saúde do serviço e do banco de dados',
      responses: { 200: { description: 'Tudo em ordem', schema: healthResponse }, 503: { description: 'Alguma dependência fora do ar', schema: healthResponse } },
    },
    async (ctx) => {
      const report = await deps.checkHealth.execute();
      ctx.status = report.status === 'ok' ? 200 : 503;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { ...report, version: deps.version };
    },
  );
  routes.add(
    { method: 'get', path: '/openapi.json', auth: 'public', tag: 'Sistema', summary: 'Documento OpenAPI gerado dos contratos zod', responses: { 200: { description: 'OpenAPI 3.0' } } },
    (ctx) => {
      ctx.body = buildOpenApi(routes.specs, deps.version);
    },
  );
}

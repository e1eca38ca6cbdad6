import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_ROUTES, NOT_AUDITED_ROUTES } from '../../adapters/src/http/koa/audit/audit-routes';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * No route can be forgotten by the audit trail (issue 20, docs/audit.md): every operation of the served
 * OpenAPI document is either audited (AUDITED_ROUTES) or listed in NOT_AUDITED_ROUTES with its reason.
 * Every route of the tags that carry worker data — workers, exams, files, laudos, exports, the widget —
 * is audited unless the table says why not.
 */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

const PATIENT_DATA_TAGS = ['Pacientes', 'Exames', 'Arquivos', 'Laudos', 'Integrações', 'Programa', 'Dashboard', 'Privacidade (LGPD)', 'Verificação pública'];

describe('the audit route table against /api/openapi.json', () => {
  it('classifies every operation: audited or not audited with a reason', async () => {
    const doc = await (await t.request('/api/openapi.json')).json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, tags: op.tags ?? [] })));
    expect(operations.length).toBeGreaterThan(80);
    const unclassified = operations.filter((o) => !AUDITED_ROUTES[o.route] && !NOT_AUDITED_ROUTES[o.route]).map((o) => `${o.route} [${o.tags.join(', ')}]`);
    expect(unclassified, 'add each to AUDITED_ROUTES or NOT_AUDITED_ROUTES (adapters/src/http/koa/audit/audit-routes.ts)').toEqual([]);
    // the routes of worker data are audited, but for the trail's own routes and aggregates named in the table
    const skippedWorkerData = operations.filter((o) => o.tags.some((tag) => PATIENT_DATA_TAGS.includes(tag)) && !AUDITED_ROUTES[o.route]).map((o) => o.route).sort();
    expect(skippedWorkerData).toEqual([
      'DELETE /api/embed-tokens/:id', 'GET /api/dashboard/summary', 'GET /api/embed-tokens', 'GET /api/programme/overview', 'GET /api/programme/prevalence', 'POST /api/embed-tokens',
    ].filter((r) => operations.some((o) => o.route === r)).sort());
  });
});

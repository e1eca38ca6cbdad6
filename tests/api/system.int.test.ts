import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Limiar</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const noStack = (text: string) => expect(text).not.toMatch(/\bat .+\(.+:\d+:\d+\)|node_modules|\.ts:\d+/);

describe('GET /api/health', () => {
  it('answers 200 with the database up', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', checks: { database: { status: 'up' } } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('error middleware', () => {
  it.each([
    ['POST', '/api/health'],
    ['PUT', '/api/anything'],
    ['POST', '/api/patients'],
  ])('%s %s with a malformed JSON body → 400 pt-BR, no stack trace', async (method, route) => {
    const res = await t.request(route, { method, headers: { 'content-type': 'application/json' }, body: '{"name": "Ana",' });
    expect(res.status).toBe(400);
    const text = await res.text();
    noStack(text);
    expect(JSON.parse(text)).toEqual({
      error: 'Corpo da requisição inválido: JSON malformado.',
      message: 'Corpo da requisição inválido: JSON malformado.',
      code: 'REQUEST.MALFORMED_JSON',
    });
  });

  it('keeps serving after bad input', async () => {
    for (let i = 0; i < 5; i++) {
      await t.request('/api/health', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[' });
    }
    expect((await t.request('/api/health')).status).toBe(200);
  });

  it('answers an unknown API route with a pt-BR 404 JSON, not the web app', async () => {
    const res = await t.request('/api/nao-existe');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'Rota não encontrada.', code: 'ROUTE.NOT_FOUND' });
  });

  it('answers a wrong method with 405 and a pt-BR message', async () => {
    const res = await t.request('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ code: 'ROUTE.METHOD_NOT_ALLOWED', error: 'Método não permitido para este recurso.' });
  });

  it('refuses an oversized JSON body with 413 and keeps serving', async () => {
    const big = JSON.stringify({ x: 'a'.repeat(3 * 1024 * 1024) });
    const res = await t.request('/api/health', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'REQUEST.TOO_LARGE' });
    expect((await t.request('/api/health')).status).toBe(200);
  });
});

describe('GET /api/openapi.json', () => {
  it('is generated from the zod contracts of the routes', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.0.3');
    const health = doc.paths['/api/health'].get;
    expect(health.responses['200'].content['application/json'].schema.properties.status.enum).toEqual(['ok', 'degraded']);
    expect(health.responses.default.content['application/json'].schema.required).toEqual(expect.arrayContaining(['error', 'message', 'code']));
  });
});

describe('web app serving', () => {
  it('serves index.html for client-side routes (SPA fallback)', async () => {
    for (const route of ['/', '/dashboard', '/patients/123/evolution']) {
      const res = await t.request(route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with long caching and 404s missing ones', async () => {
    const res = await t.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await t.request('/assets/missing.js')).status).toBe(404);
  });

  it('does not serve files outside the web app folder', async () => {
    const res = await t.request('/..%2f..%2fetc%2fpasswd');
    expect(await res.text()).not.toContain('root:');
  });
});

describe('health when the database is down', () => {
  it('answers 503 degraded with a pt-BR reason', async () => {
    const other = await startTestServer();
    try {
      await other.server.db.orm.close(true);
      const res = await other.request('/api/health');
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.status).toBe('degraded');
      expect(body.checks.database.reason).toMatch(/^Banco de dados indisponível/);
    } finally {
      await other.close().catch(() => {});
    }
  });
});

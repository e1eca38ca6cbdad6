import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/compress-assets.mjs';
import { bearer, registerAccount } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let webDist: string;
let widgetDist: string;
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = "limiar ${i % 7}";`).join('\n');
const BIG_CSS = Array.from({ length: 200 }, (_, i) => `.c${i} { color: #0${i % 9}0; }`).join('\n');

/** A GET without automatic decompression: the bytes and headers as they crossed the wire. */
function raw(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.url}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Limiar</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'assets', 'big-abc12345.js'), BIG_JS);
  fs.writeFileSync(path.join(webDist, 'assets', 'stale-abc12345.css'), BIG_CSS);
  compressAssets(webDist); // what `npm run build` does after vite
  // a sibling older than its file (left by an earlier build) must never be sent
  const old = new Date(Date.now() - 3600_000);
  fs.utimesSync(path.join(webDist, 'assets', 'stale-abc12345.css.br'), old, old);
  // the widget as vite builds it: a fixed entry name beside hashed chunks (widget/vite.config.ts)
  widgetDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-widget-'));
  fs.mkdirSync(path.join(widgetDist, 'chunks'));
  fs.writeFileSync(path.join(widgetDist, 'limiar-evolucao.js'), 'export const entry = 1;');
  fs.writeFileSync(path.join(widgetDist, 'chunks', 'charts-DiHzZk8Z.js'), 'export const chunk = 1;');
  fs.writeFileSync(path.join(widgetDist, 'demo.html'), '<!doctype html><title>demo</title>');
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist, LIMIAR_WIDGET_DIST: widgetDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(widgetDist, { recursive: true, force: true });
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
  // the body is read only by a route that takes one, after authentication (issue 15): public JSON routes here
  it.each([
    ['POST', '/api/auth/login'],
    ['POST', '/api/contact'],
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
    const res = await t.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
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

describe('widget caching (issue 15)', () => {
  it('caches the entry file for 5 minutes (its name is fixed) and only hashed chunks for a year', async () => {
    const entry = await t.request('/widget/limiar-evolucao.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('public, max-age=300');
    const chunk = await t.request('/widget/chunks/charts-DiHzZk8Z.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.request('/widget/demo')).headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('hardening headers (issue 15)', () => {
  const csp = (res: Response) => Object.fromEntries((res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

  it('serves the web app with a strict CSP (no inline scripts), no framing, no referrer and nosniff', async () => {
    for (const pathname of ['/', '/dashboard', '/assets/app-abc123.js']) {
      const res = await t.request(pathname);
      const policy = csp(res);
      expect(policy['default-src'], pathname).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('lets partner portals load the widget: CORS, cross-origin resource policy, no frame ban', async () => {
    const res = await t.request('/widget/limiar-evolucao.js');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('content-security-policy') ?? '').not.toContain('frame-ancestors');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never lets an authenticated API answer be stored by a cache, errors included', async () => {
    const account = await registerAccount(t);
    for (const pathname of ['/api/patients', '/api/users/me', '/api/exams', '/api/patients/00000000-0000-4000-8000-000000000000']) {
      const res = await t.request(pathname, bearer(account.token));
      expect(res.headers.get('cache-control'), pathname).toMatch(/\bno-store\b/);
      expect(res.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), pathname).toBe('DENY');
    }
    const refused = await t.request('/api/patients');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toMatch(/\bno-store\b/);
  });
});

describe('compression (issue 14)', () => {
  const original = Buffer.from(BIG_JS);

  it('sends the pre-compressed brotli file when accepted, with the type, Vary, caching and length of what is sent', async () => {
    const res = await raw('/assets/big-abc12345.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(original.length / 5);
    expect(zlib.brotliDecompressSync(res.body)).toEqual(original);
  });

  it('sends gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8', 'x-gzip']) {
      const res = await raw('/assets/big-abc12345.js', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(zlib.gunzipSync(res.body)).toEqual(original);
    }
  });

  it('falls back to identity without an accepted encoding, still saying the answer varies', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await raw('/assets/big-abc12345.js', accept ? { 'accept-encoding': accept } : {});
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toEqual(original);
    }
  });

  it('never sends a compressed sibling older than its file', async () => {
    const res = await raw('/assets/stale-abc12345.css', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(zlib.gunzipSync(res.body).toString()).toBe(BIG_CSS);
  });

  it('answers a revalidation with 304 (weak ETag of the content, whatever the encoding), and HEAD without a body', async () => {
    const first = await raw('/assets/big-abc12345.js', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    for (const accept of ['br', 'gzip', 'identity']) {
      const again = await raw('/assets/big-abc12345.js', { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.status, accept).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const index = await raw('/dashboard');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect((await raw('/dashboard', { 'if-none-match': index.headers.etag as string })).status).toBe(304);
    const head = await raw('/assets/big-abc12345.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.length).toBe(0);
  });

  it('compresses JSON API answers of 1 kB or more by Accept-Encoding, and leaves small ones alone', async () => {
    const plain = await raw('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await raw('/api/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body)).toEqual(plain.body);
    const gz = await raw('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString()).openapi).toBe('3.0.3');
    const small = await raw('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).status).toBe('ok');
    // an error answer keeps its status when compressed
    const missing = await raw('/api/nao-existe', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
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

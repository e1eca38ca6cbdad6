import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { recordSecrets, suiteLogger } from './support/suite-log';
import { fillPath, isPrivate, listApiRoutes, routeLabel, type ApiRoute, type JsonSchema } from './support/openapi-routes';

/**
 * Fuzz sweep (issue 15): every route of /api/openapi.json gets bodies and queries generated from its
 * schema, then mutated (wrong types, control characters, 1 MB strings, deep nesting, off-grid thresholds,
 * impossible dates, invalid CPF/CNPJ). Never a 5xx, never a stack trace, always a pt-BR `message`; a
 * private route without a token is a 401 whatever it is sent. Seeded and bounded (RUNS per route).
 */
const SEED = 15_2026;
const RUNS = 6;
const SKIP = new Set(['POST /api/auth/logout', 'POST /api/auth/change-password']); // would end the sweep's own session

let t: TestServer;
let a: Account;
let routes: ApiRoute[];
let ids: Record<string, string> = {};
const tried = { n: 0, held: 0, failed: [] as string[] };

const MUTANTS: unknown[] = [
  'a\u0000b', 'x\u0007\u001b[31m', '\u202efdp.exe', 'x'.repeat(1_048_576), 12, -1, 1e308, true, null, [], {},
  '2026-02-31', '9999-99-99', '1800-01-01', '00/13/2020', '111.111.111-11', '12345678901', '00.000.000/0000-00', 7.5, 121, { nr: 'x' },
];
const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);

function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return fc.oneof(...alt.map((s) => fromSchema(s, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      return fc.record(Object.fromEntries(props.map(([k, s]) => [k, fromSchema(s, depth + 1)])), { requiredKeys: (schema.required ?? []).filter((k) => props.some(([p]) => p === k)) });
    }
    case 'array': return fc.array(fromSchema(Array.isArray(schema.items) ? schema.items[0] : schema.items, depth + 1), { maxLength: 3 });
    case 'integer': return fc.integer({ min: -10, max: 130 });
    case 'number': return fc.oneof(fc.integer({ min: -15, max: 125 }), fc.double({ noNaN: true, min: -200, max: 200 }));
    case 'boolean': return fc.boolean();
    case 'string': {
      if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...Object.values(ids)));
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 40) });
    }
    default: return fc.anything({ maxDepth: 2 });
  }
}

/** One generated value with one part replaced by a hostile value. */
function mutate(value: unknown, pick: number, hostile: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const key = keys.length ? keys[pick % keys.length] : 'x';
    return { ...value, [key]: pick % 7 === 0 ? deep(200) : hostile };
  }
  return hostile;
}

const queryString = (q: unknown) => {
  if (!q || typeof q !== 'object') return `?x=${encodeURIComponent(String(q))}`;
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) p.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return `?${p}`;
};

async function check(route: ApiRoute, label: string, init: RequestInit, url: string, expectStatus?: number) {
  tried.n++;
  try {
    const res = await t.request(url, init);
    const text = await res.text();
    const problems: string[] = [];
    if (res.status >= 500) problems.push(`status ${res.status}`);
    if (expectStatus && res.status !== expectStatus) problems.push(`expected ${expectStatus}, got ${res.status}`);
    if (/\bat .+\(.+:\d+:\d+\)|node_modules|\.ts:\d+/.test(text)) problems.push('stack trace in body');
    if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('json')) {
      const message = (JSON.parse(text) as { message?: unknown }).message;
      if (typeof message !== 'string' || !/[a-zà-ú]{3}/i.test(message) || /^[A-Z][a-z]+Error\b|Internal Server Error|Bad Request/.test(message)) problems.push(`no pt-BR message: ${text.slice(0, 120)}`);
    }
    if (problems.length) tried.failed.push(`${label} ${url.slice(0, 120)}: ${problems.join('; ')}`);
    else tried.held++;
  } catch (error) {
    tried.failed.push(`${label} ${url.slice(0, 120)}: ${(error as Error).message}`);
  }
}

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_OLLAMA_URL: 'http://127.0.0.1:9' }, suiteLogger('fuzz'));
  routes = await listApiRoutes(t.url);
  a = await registerAccount(t);
  recordSecrets('fuzz', [a.password, a.token, a.email, a.user.name]);
  const exam = await (await t.request('/api/exams', json({
    paciente: { nome: 'Fuzz Alvo', idade: 40, sexo: 'M' }, data_exame: '2024-03-10', operador: { nome: 'Ana', registro: 'CRFa 1' },
    ambiente: { ruido_dB: 30, calibracao_atual: '2024-01-01' },
    audiograma: { air: Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [hz, { RE: 15, LE: 20 }])) },
  }, a.token))).json();
  const report = await (await t.request(`/api/reports/generate/${exam.id}`, json({ audiometryType: 'simple' }, a.token))).json();
  ids = { id: exam.id, examId: exam.id, patientId: exam.patientId, readingId: exam.id, reportId: report.id };
}, 120_000);

afterAll(async () => {
  console.log(`RELIABILITY fuzz tried=${tried.n} held=${tried.held} failed=${tried.failed.length}`);
  await t?.close();
});

describe('fuzz sweep over every route of /api/openapi.json', () => {
  it('covers the documented routes', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter(isPrivate).length).toBeGreaterThan(40);
  });

  it('never answers 5xx, a stack trace or a message that is not pt-BR; private routes answer 401 without a token', async () => {
    const started = Date.now();
    for (const [r, route] of routes.entries()) {
      const label = routeLabel(route);
      if (SKIP.has(label)) continue;
      const bodyArb = route.body ? fromSchema(route.body) : fc.constant(undefined);
      const queryArb = route.query ? fromSchema(route.query) : fc.constant(undefined);
      const samples = fc.sample(fc.tuple(bodyArb, queryArb, fc.nat(), fc.constantFrom(...MUTANTS), fc.boolean()), { seed: SEED + r, numRuns: RUNS });
      for (const [body, query, pick, hostile, mutateQuery] of samples) {
        // a hostile path segment, or the real id; never empty (that would be another route, or none)
        const hostileSegment = String(hostile).slice(0, 60);
        const pathValues = Object.fromEntries(route.pathParams.map((p, i) => [p.name, pick % 3 === 0 && hostileSegment ? hostileSegment : ids[p.name] ?? ids.id ?? String(i)]));
        const url = fillPath(route, pathValues) + (route.query ? queryString(mutateQuery ? mutate(query, pick, hostile) : query) : '');
        const payload = route.body ? JSON.stringify(mutateQuery ? body : mutate(body, pick, hostile)) : undefined;
        const headers = { ...(payload ? { 'content-type': 'application/json' } : {}) };
        await check(route, label, { method: route.method.toUpperCase(), headers: { ...headers, authorization: `Bearer ${a.token}` }, body: payload }, url);
        // a session route answers 401 before reading anything; the widget route checks its embed token in its
        // handler (it records the refusal for the organisation), after its one path parameter
        // a URL past Node's 16 KiB header limit cannot be read, let alone authenticated: 431 with the pt-BR JSON
        if (route.auth === 'bearer') await check(route, `${label} (sem token)`, { method: route.method.toUpperCase(), headers, body: payload }, url, url.length > 16 * 1024 ? 431 : 401);
        else if (isPrivate(route)) await check(route, `${label} (sem token)`, { method: route.method.toUpperCase(), headers, body: payload }, url);
      }
    }
    console.log(`fuzz sweep: ${tried.n} requests in ${Date.now() - started} ms`);
    expect(tried.failed, tried.failed.join('\n')).toEqual([]);
  }, 120_000);
});

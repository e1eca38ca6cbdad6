import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { recordSecrets, suiteLogger } from './support/suite-log';
import { fillPath, isPrivate, listApiRoutes, routeLabel, type ApiRoute } from './support/openapi-routes';

/**
 * Tenant sweep (issue 15): every route of /api/openapi.json, so a route added later is swept too.
 * Organisation B with organisation A's ids (in the path, the body or the query) gets 404 and A's
 * data stays as it was; every private route refuses a missing, tampered, expired, `alg:none` or
 * wrong-kind token with 401. A route with an id this sweep has no value for fails the sweep: add
 * the id below, never skip the route.
 */
const SECRET = 'tenant-sweep-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const ORIGIN = 'https://rh.cliente.com.br';
const tally = { tried: 0, held: 0, failed: 0 };
const failures: string[] = [];
function record(label: string, held: boolean, detail = '') {
  tally.tried++;
  if (held) tally.held++;
  else {
    tally.failed++;
    failures.push(`${label}${detail ? ` → ${detail}` : ''}`);
  }
}

let t: TestServer;
let a: Account;
let b: Account;
let routes: ApiRoute[];
/** Organisation A's records: one of everything. */
const A = {} as {
  worker: string; company: string; examFinal: string; examDraft: string; file: string; reading: string;
  reportFinal: string; reportDraft: string; embedTokenId: string; embedToken: string; revokedEmbedToken: string;
  member: string; invitation: string; sector: string; ghe: string; employment: string; deletionRequest: string; aso: string;
};
let bEmbedToken: string;

const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));
const notch: ThresholdSet = {
  origin: 'test:notch',
  right: { air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 30, 4000: 45 } },
  left: { air: { 250: 10, 500: 15, 1000: 15, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: 30 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 40 } },
};
const pdfBytes = writeTextPdf([renderLayout('A', notch, prng(11))]);

async function ok<T = Record<string, string>>(res: Promise<Response>, status = 201): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const send = (who: Account, path: string, body: unknown, method = 'POST') => t.request(path, json(body, who.token, method));
const uploadForm = (examId: string, userId: string) => {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(pdfBytes)]), 'audiograma.pdf');
  form.set('examId', examId);
  form.set('uploadedBy', userId);
  return form;
};

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_JWT_SECRET: SECRET }, suiteLogger('tenant'));
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  const worker = await ok(send(a, '/api/patients', { name: 'Joana Prates Varela', age: 42, sex: 'F', cpf: '52998224725', company: 'Siderúrgica Ômega' }));
  A.worker = worker.id;
  A.company = (await (await t.request('/api/companies', { headers: { authorization: `Bearer ${a.token}` } })).json())[0].id;
  A.examFinal = (await ok(send(a, '/api/exams', { patientId: A.worker, date: '2024-03-01', audiogram: { air: air([10, 10, 10, 15, 20, 15, 10]) } }))).id;
  A.examDraft = (await ok(send(a, '/api/exams', { patientId: A.worker, date: '2025-03-01', audiogram: { air: air([10, 10, 15, 20, 30, 25, 15]) } }))).id;
  const up = await ok<{ file: { id: string }; readingId: string }>(t.request('/api/files/upload', { method: 'POST', body: uploadForm(A.examDraft, a.user.id), headers: { authorization: `Bearer ${a.token}` } }));
  A.file = up.file.id;
  A.reading = up.readingId; // the exam had thresholds: the reading is held for review
  const final = await ok(send(a, `/api/reports/generate/${A.examFinal}`, { audiometryType: 'simple' }));
  await ok(send(a, `/api/reports/${final.id}/finalize`, {}), 200);
  A.reportFinal = final.id;
  A.reportDraft = (await ok(send(a, `/api/reports/generate/${A.examDraft}`, { audiometryType: 'simple' }))).id;
  const token = await ok(send(a, '/api/embed-tokens', { name: 'Portal RH', scope: 'company', companyId: A.company, allowedOrigins: [ORIGIN] }));
  A.embedTokenId = token.id;
  A.embedToken = token.token;
  const revoked = await ok(send(a, '/api/embed-tokens', { name: 'Revogado', scope: 'patient', patientId: A.worker, allowedOrigins: [ORIGIN] }));
  await ok(t.request(`/api/embed-tokens/${revoked.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${a.token}` } }), 204).catch(() => undefined);
  A.revokedEmbedToken = revoked.token;
  // the programme (issue 19): A's worker is exposed (GHE above the action level) and overdue, so a leak would show
  A.sector = (await ok(send(a, `/api/companies/${A.company}/sectors`, { name: 'Laminação' }))).id;
  A.ghe = (await ok(send(a, `/api/companies/${A.company}/ghes`, {
    name: 'GHE 01 Laminação', sectorId: A.sector, exposure: { metric: 'LAVG', levelDbA: 88, dosePercent: null, assessedAt: '2025-01-10', source: 'PGR 2025' },
  }))).id;
  A.employment = (await ok(send(a, `/api/patients/${A.worker}/employments`, { companyId: A.company, sectorId: A.sector, gheId: A.ghe, admissionDate: '2020-01-06', registration: '001' }))).id;
  // eSocial (issue 21): the company gets a CNPJ and A's worker an ASO of the finalised exam
  await ok(send(a, `/api/companies/${A.company}`, { cnpj: '11222333000181' }, 'PUT'), 200);
  A.aso = (await ok(send(a, `/api/exams/${A.examFinal}/asos`, { asoDate: '2024-03-01', examType: 'periodico' }))).id;
  // LGPD (issue 20): a public deletion request for the e-mail of one of A's workers (visible to A only)
  await ok(send(a, '/api/patients', { name: 'Titular Pedido Exclusão', age: 50, sex: 'M', email: 'titular.a@example.com' }));
  A.deletionRequest = (await ok(t.request('/api/data-deletion-requests', json({ email: 'titular.a@example.com' })))).id;
  A.member = (await inviteMember(t, a, ['tecnico'])).memberId;
  A.invitation = (await ok<{ invitation: { id: string } }>(send(a, '/api/team/invitations', { email: 'pendente@clinica-a.com.br', roles: ['medico'] }))).invitation.id;
  const bWorker = await ok(send(b, '/api/patients', { name: 'Bruno Sales', age: 35, sex: 'M', company: 'Construtora Beta' }));
  bEmbedToken = (await ok(send(b, '/api/embed-tokens', { name: 'Portal B', scope: 'patient', patientId: bWorker.id, allowedOrigins: [ORIGIN] }))).token;
  for (const [k, v] of Object.entries(A)) expect(v, k).toBeTruthy();
  routes = await listApiRoutes(t.url);
  recordSecrets('tenant', [...[a, b].flatMap((x) => [x.password, x.token, x.email, x.user.name]), 'Joana Prates Varela', 'Bruno Sales',
    '52998224725', '529.982.247-25', A.embedToken, A.revokedEmbedToken, bEmbedToken]);
}, 120_000);

afterAll(async () => {
  console.log(`RELIABILITY tenant tried=${tally.tried} held=${tally.held} failed=${tally.failed}`);
  await t?.close();
});

/** A's ids by path parameter (and the path's first segment for `{id}`). */
function idsFor(route: ApiRoute, param: string): string[] | undefined {
  if (param === 'id') {
    const segment = route.path.split('/')[2];
    if (segment === 'team') return route.path.split('/')[3] === 'members' ? [A.member] : [A.invitation];
    return ({
      exams: [A.examDraft, A.examFinal], files: [A.file], patients: [A.worker], reports: [A.reportDraft, A.reportFinal], 'embed-tokens': [A.embedTokenId], companies: [A.company],
      privacy: [A.deletionRequest], 'data-deletion-requests': [A.deletionRequest], asos: [A.aso],
    } as Record<string, string[]>)[segment];
  }
  return ({
    examId: [A.examDraft, A.examFinal], patientId: [A.worker], readingId: [A.reading], companyId: [A.company], userId: [a.user.id], actorId: [a.user.id], organizationId: [a.user.organizationId],
    sectorId: [A.sector], gheId: [A.ghe], employmentId: [A.employment],
  } as Record<string, string[]>)[param];
}

/** Every combination of A's ids for the route's path parameters (undefined: a parameter without a known id). */
function pathsFor(route: ApiRoute): string[] | undefined {
  let combos: Record<string, string>[] = [{}];
  for (const p of route.pathParams) {
    const ids = idsFor(route, p.name);
    if (!ids) return undefined;
    combos = combos.flatMap((c) => ids.map((id) => ({ ...c, [p.name]: id })));
  }
  return combos.map((c) => fillPath(route, c));
}

/** Fields named …Id that are not a record's id: the profile modal's ProfessionalId is a registration number. */
const NOT_REFERENCES = ['ProfessionalId'];

/** A valid body for the routes that need one (so the answer is about the id, not the input). */
const SAMPLE_BODIES: Record<string, unknown> = {
  'DELETE /api/exams/{id}': { reason: 'Exame duplicado por engano no cadastro' },
  'PATCH /api/exams/{id}': { observacoes: 'Alterado por outra organização' },
  'PUT /api/exams/{id}/audiogram': { audiogram: { air: air([40, 40, 40, 40, 40, 40, 40]) } },
  'PUT /api/exams/{id}/reference': { reason: 'Exame feito sem repouso auditivo de 14 horas' },
  'PUT /api/patients/{id}': { name: 'Nome Trocado', age: 30, sex: 'M' },
  'PUT /api/reports/{id}': { draftJson: '{}' },
  'POST /api/reports/{id}/amend': { reason: 'Retificação pedida por outra organização.' },
  'POST /api/reports/generate/{examId}': { audiometryType: 'simple' },
  'POST /api/exams': { date: '2025-01-10' },
  'POST /api/embed-tokens': { name: 'Portal', allowedOrigins: [ORIGIN] },
  'PUT /api/users/me/profile': { Crm: '123456', CrmState: 'SP', Specialization: 'Otorrinolaringologia' },
  'PUT /api/team/members/{id}/roles': { roles: ['administrador', 'medico'] },
  'PUT /api/companies/{id}': { name: 'Nome Trocado S.A.' },
  'POST /api/companies/{id}/sectors': { name: 'Setor de B' },
  'PUT /api/companies/{id}/sectors/{sectorId}': { name: 'Setor Trocado' },
  'POST /api/companies/{id}/ghes': { name: 'GHE de B' },
  'PUT /api/companies/{id}/ghes/{gheId}': { name: 'GHE Trocado' },
  'POST /api/patients/{id}/employments': { admissionDate: '2024-01-10' },
  'PUT /api/patients/{id}/employments/{employmentId}': { registration: '999' },
  'POST /api/patients/{id}/employments/{employmentId}/transfer': { date: '2025-06-01' },
  'POST /api/privacy/deletion-requests/{id}/approve': { patientId: '00000000-0000-4000-8000-000000000000' },
  'POST /api/privacy/deletion-requests/{id}/refuse': { reason: 'Recusado por outra organização.' },
  'POST /api/exams/{examId}/asos': { asoDate: '2024-03-01', examType: 'periodico' },
  'PUT /api/asos/{id}': { result: 'inapto' },
  'PUT /api/asos/{id}/receipt': { receipt: '1.2.0000000000012345678' },
};
const bodyFor = (route: ApiRoute) => SAMPLE_BODIES[routeLabel(route)] ?? (route.body ? {} : undefined);

function requestInit(route: ApiRoute, authorization: string | undefined, body = bodyFor(route)): RequestInit {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  if (route.path === '/api/files/upload') return { method: 'POST', headers, body: uploadForm(A.examDraft, a.user.id) };
  if (route.auth === 'embed') headers.origin = ORIGIN;
  if (body === undefined && route.method === 'get') return { method: 'GET', headers };
  return { method: route.method.toUpperCase(), headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) };
}

/** What A sees of its own records; compared before and after B's attempts. */
async function snapshotOfA() {
  const paths = [
    `/api/patients/${A.worker}`, `/api/patients/${A.worker}/evolution`, `/api/patients/${A.worker}/exam-deletions`, `/api/exams/${A.examFinal}`, `/api/exams/${A.examDraft}`,
    `/api/exams?patientId=${A.worker}`, `/api/exams/${A.examDraft}/files`, `/api/exams/${A.examDraft}/readings`, `/api/reports/${A.reportFinal}`, `/api/reports/${A.reportDraft}`,
    `/api/reports/patient/${A.worker}`, '/api/embed-tokens', '/api/companies', '/api/organization', '/api/users/me/profile', '/api/dashboard/summary', '/api/patients', '/api/team/members', '/api/team/invitations',
    `/api/reports/${A.reportFinal}/download`, `/api/files/${A.file}/download`,
    `/api/companies/${A.company}`, `/api/patients/${A.worker}/employments`, '/api/programme/overview', '/api/programme/workers?state=vencido',
    `/api/asos/${A.aso}`, `/api/exams/${A.examFinal}/asos`,
  ];
  const out: Record<string, string> = {};
  for (const p of paths) {
    const res = await t.request(p, { headers: { authorization: `Bearer ${a.token}` } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    out[p] = `${res.status} ${/download$/.test(p) ? createHash('sha256').update(bytes).digest('hex') : new TextDecoder().decode(bytes)}`;
  }
  return out;
}

describe('organisation B with organisation A ids', () => {
  it('gets 404 on every route with a path, body or query id, and A keeps its data', async () => {
    failures.length = 0;
    const before = await snapshotOfA();
    expect(Object.values(before).every((v) => v.startsWith('200 ')), JSON.stringify(before).slice(0, 400)).toBe(true);
    const auth = (r: ApiRoute) => `Bearer ${r.auth === 'embed' ? bEmbedToken : b.token}`;
    // destructive routes last, so an accepted one cannot hide what the others would have changed
    const ordered = [...routes].sort((x, y) => Number(x.method === 'delete') - Number(y.method === 'delete'));
    for (const route of ordered) {
      if (route.auth === 'public') continue;
      if (route.pathParams.length) {
        const paths = pathsFor(route);
        if (!paths) {
          record(routeLabel(route), false, `no id of organisation A for ${route.pathParams.map((p) => p.name).join(', ')}: add it to idsFor`);
          continue;
        }
        for (const path of paths) {
          const res = await t.request(path, requestInit(route, auth(route)));
          record(`${routeLabel(route)} ${path}`, res.status === 404, `${res.status} ${(await res.text()).slice(0, 160)}`);
        }
      }
      // ids in the body (patientId, companyId, examId, …): one request per id field
      const isReference = (k: string) => /Id$/.test(k) && !NOT_REFERENCES.includes(k);
      const idFields = Object.keys(route.body?.properties ?? {}).filter(isReference);
      for (const body of route.body?.anyOf ?? []) idFields.push(...Object.keys(body.properties ?? {}).filter((k) => isReference(k) && !idFields.includes(k)));
      if (route.path === '/api/files/upload') idFields.push('examId');
      for (const field of idFields) {
        const ids = idsFor(route, field);
        if (!ids) {
          record(`${routeLabel(route)} body.${field}`, false, 'no id of organisation A for it: add it to idsFor');
          continue;
        }
        for (const id of ids) {
          const base = (bodyFor(route) ?? {}) as Record<string, unknown>;
          const body = { ...base, [field]: id, ...(field === 'companyId' ? { scope: 'company' } : field === 'patientId' && route.path === '/api/embed-tokens' ? { scope: 'patient' } : {}) };
          const init = route.path === '/api/files/upload'
            ? { method: 'POST', headers: { authorization: auth(route) }, body: uploadForm(id, b.user.id) }
            : requestInit(route, auth(route), body);
          const res = await t.request(fillPath(route, Object.fromEntries(route.pathParams.map((p) => [p.name, idsFor(route, p.name)?.[0] ?? 'x']))), init);
          record(`${routeLabel(route)} body.${field}=${id}`, res.status === 404, `${res.status} ${(await res.text()).slice(0, 160)}`);
        }
      }
      // ids in the query: 404, or a list that shows nothing of A
      for (const field of Object.keys(route.query?.properties ?? {}).filter((k) => /Id$/.test(k) && !NOT_REFERENCES.includes(k))) {
        const ids = idsFor(route, field) ?? [];
        for (const id of ids) {
          const path = `${route.pathParams.length ? (pathsFor(route) ?? [route.path])[0] : route.path}?${field}=${id}`;
          const res = await t.request(path, requestInit(route, auth(route)));
          const text = await res.text();
          const leaks = text.includes(A.worker) || text.includes('Joana Prates');
          record(`${routeLabel(route)} ?${field}`, res.status === 404 || (res.status < 300 && !leaks) || (res.status < 500 && res.status !== 200 && !leaks), `${res.status} ${text.slice(0, 160)}`);
        }
      }
    }
    const after = await snapshotOfA();
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    record("organisation A's data unchanged", changed.length === 0, changed.join(', '));
    expect(failures).toEqual([]);
  }, 180_000);
});

describe('every private route without a valid credential', () => {
  it('answers 401: no token, tampered, expired, alg:none and a token of the other kind', async () => {
    failures.length = 0;
    const [header, payload] = a.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const tampered = `${header}.${b64({ ...claims, sub: b.user.id })}.${a.token.split('.')[2]}`;
    const expired = await new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(claims.sub).setIssuer(claims.iss)
      .setAudience(claims.aud).setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(new TextEncoder().encode(SECRET));
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    const [eid, esecret] = A.embedToken.split('.');
    const variants = (route: ApiRoute): Array<[string, string | undefined]> => route.auth === 'embed'
      ? [['no token', undefined], ['tampered embed token', `Bearer ${eid}.${esecret.slice(0, -2)}xx`], ['revoked embed token', `Bearer ${A.revokedEmbedToken}`],
        ['alg:none', `Bearer ${algNone}`], ['session token', `Bearer ${a.token}`]]
      : [['no token', undefined], ['tampered', `Bearer ${tampered}`], ['expired', `Bearer ${expired}`], ['alg:none', `Bearer ${algNone}`], ['embed token', `Bearer ${A.embedToken}`]];
    for (const route of routes.filter(isPrivate)) {
      const path = route.pathParams.length ? (pathsFor(route) ?? [fillPath(route, Object.fromEntries(route.pathParams.map((p) => [p.name, A.worker])))])[0] : route.path;
      for (const [name, authorization] of variants(route)) {
        const res = await t.request(path, requestInit(route, authorization));
        const text = await res.text();
        record(`${routeLabel(route)} ${name}`, res.status === 401 && !text.includes('Joana'), `${res.status} ${text.slice(0, 160)}`);
      }
    }
    // the genuine credentials still work: the 401s above are about the variants, not a broken setup
    expect((await t.request('/api/auth/me', { headers: { authorization: `Bearer ${a.token}` } })).status).toBe(200);
    expect((await t.request(`/api/embed/evolution/${A.worker}`, { headers: { authorization: `Bearer ${A.embedToken}`, origin: ORIGIN } })).status).toBe(200);
    expect(failures).toEqual([]);
  }, 180_000);
});

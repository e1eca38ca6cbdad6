import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let a: Account;
let b: Account;
const ORIGIN = 'https://portal.metalurgica.com.br';
let companyA: { id: string };
let workerA1: { id: string };
let workerB: { id: string };

const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  workerA1 = await (await t.request('/api/patients', json({ name: 'José da Silva Santos', age: 40, sex: 'M', company: 'Metalúrgica Alfa' }, a.token))).json();
  workerB = await (await t.request('/api/patients', json({ name: 'Outra Empresa', age: 40, sex: 'M', company: 'Construtora Beta' }, a.token))).json();
  await t.request('/api/exams', json({ patientId: workerA1.id, date: '2023-01-10', audiogram: { air: air([10, 10, 10, 10, 15, 10, 10]) } }, a.token));
  await t.request('/api/exams', json({ patientId: workerA1.id, date: '2024-01-10', audiogram: { air: air([10, 10, 10, 35, 45, 40, 10]) } }, a.token));
  companyA = (await (await t.request('/api/companies', bearer(a.token))).json()).find((c: { name: string }) => c.name === 'Metalúrgica Alfa');
});
afterAll(() => t?.close());

async function createToken(body: Record<string, unknown>, who = a) {
  const res = await t.request('/api/embed-tokens', json({ name: 'Portal RH', allowedOrigins: [ORIGIN], ...body }, who.token));
  return { res, body: await res.json() };
}
const widget = (token: string, patientId: string, origin: string | null = ORIGIN) =>
  t.request(`/api/embed/evolution/${patientId}`, { headers: { authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) } });

describe('embed tokens', () => {
  it('are shown once and stored hashed; the widget route returns only what the widget shows', async () => {
    const { res, body } = await createToken({ scope: 'company', companyId: companyA.id, initialsOnly: true });
    expect(res.status).toBe(201);
    expect(body.token).toMatch(/^lmr_emb_/);
    const stored = await t.database.orm.em.getConnection().execute('select secret_hash from embed_token where id = ?', [body.id]);
    expect(JSON.stringify(stored)).not.toContain(body.token.split('.')[1]);
    const listed = await (await t.request('/api/embed-tokens', bearer(a.token))).json();
    expect(JSON.stringify(listed)).not.toContain(body.token);
    const data = await widget(body.token, workerA1.id);
    expect(data.status).toBe(200);
    expect(data.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const evo = await data.json();
    expect(evo.worker).toEqual({ displayName: 'J. S.', sex: 'M' });
    expect(evo.timeline).toHaveLength(2);
    expect(evo.status).toMatchObject({ hasWorsening: true, referenceDate: '2023-01-10' });
    expect(evo.latestAudiogram.date).toBe('2024-01-10');
    expect(Object.keys(evo).sort()).toEqual(['latestAudiogram', 'rulesVersion', 'status', 'timeline', 'worker']);
    const audit = await t.database.orm.em.getConnection().execute('select outcome, origin from embed_access_log where token_id = ?', [body.id]);
    expect(audit).toContainEqual({ outcome: 'ok', origin: ORIGIN });
  });

  it("a company token asking for another company's worker gets 404, audited", async () => {
    const { body } = await createToken({ scope: 'company', companyId: companyA.id });
    expect((await widget(body.token, workerB.id)).status).toBe(404);
    const audit = await t.database.orm.em.getConnection().execute('select outcome from embed_access_log where token_id = ?', [body.id]);
    expect(audit).toContainEqual({ outcome: 'fora_do_escopo' });
  });

  it('a worker-scoped token sees that worker only', async () => {
    const { body } = await createToken({ scope: 'patient', patientId: workerA1.id });
    expect((await widget(body.token, workerA1.id)).status).toBe(200);
    expect((await widget(body.token, workerB.id)).status).toBe(404);
  });

  it('refuses other origins (403, readable pt-BR reason, no data), revoked and expired tokens (401, pt-BR)', async () => {
    const { body } = await createToken({ scope: 'company', companyId: companyA.id });
    const foreign = await widget(body.token, workerA1.id, 'https://evil.example.com');
    expect(foreign.status).toBe(403);
    // the refusal is readable by the calling page (so the widget can name it); it holds no data
    expect(foreign.headers.get('access-control-allow-origin')).toBe('https://evil.example.com');
    expect(foreign.headers.get('vary')).toContain('Origin');
    const refusal = await foreign.json();
    expect(refusal).toMatchObject({ message: 'Origem não autorizada para este token de integração', code: 'EMBED.ORIGIN_FORBIDDEN' });
    expect(JSON.stringify(refusal)).not.toContain('José');
    expect((await t.request(`/api/embed-tokens/${body.id}`, bearer(a.token, 'DELETE'))).status).toBe(204);
    const revoked = await widget(body.token, workerA1.id);
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).error).toBe('Token de integração revogado');
    const expiring = await createToken({ scope: 'company', companyId: companyA.id, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await t.database.orm.em.getConnection().execute("update embed_token set expires_at = now() - interval '1 second' where id = ?", [expiring.body.id]);
    const expired = await widget(expiring.body.token, workerA1.id);
    expect(expired.status).toBe(401);
    expect((await expired.json()).error).toBe('Token de integração expirado');
  });

  it('embed tokens work nowhere else, and session tokens not on the embed route', async () => {
    const { body } = await createToken({ scope: 'company', companyId: companyA.id });
    expect((await t.request('/api/patients', bearer(body.token))).status).toBe(401);
    expect((await widget(a.token, workerA1.id)).status).toBe(401);
    expect((await widget(`${body.token}x`, workerA1.id)).status).toBe(401);
  });

  it('validates creation and hides other organisations', async () => {
    expect((await createToken({ scope: 'company', companyId: companyA.id, allowedOrigins: ['ftp://x'] })).res.status).toBe(400);
    expect((await createToken({ scope: 'company', companyId: companyA.id, allowedOrigins: [] })).res.status).toBe(400);
    expect((await createToken({ scope: 'patient', patientId: workerA1.id }, b)).res.status).toBe(404);
    const { body } = await createToken({ scope: 'company', companyId: companyA.id });
    expect((await t.request(`/api/embed-tokens/${body.id}`, bearer(b.token, 'DELETE'))).status).toBe(404);
    expect(await (await t.request('/api/embed-tokens', bearer(b.token))).json()).toEqual([]);
  });

  it('answers the CORS preflight without granting anything', async () => {
    const res = await t.request(`/api/embed/evolution/${workerA1.id}`, { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization');
  });
});

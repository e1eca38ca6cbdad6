import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { recordSecrets, suiteLogger } from './support/suite-log';

// Issue 15, defects 3, 5 and 13: a foreign company on an embed token, edits of an exam whose laudo
// was finalised, and the small contract drifts (foreign ids on the laudo lookups, embed 404 text,
// profile without e-mail).
let t: TestServer;
let a: Account;
let b: Account;
beforeAll(async () => {
  t = await startTestServer({}, suiteLogger('tenant-defects'));
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  recordSecrets('tenant-defects', [a, b].flatMap((x) => [x.password, x.token, x.email, x.user.name]));
});
afterAll(() => t?.close());

const ORIGIN = 'https://rh.cliente.com.br';
const LOCKED = /um laudo finalizado depende dele\. Para corrigir, emita uma retificação do laudo\.$/;
const send = (path: string, body: unknown, who: Account, method = 'POST') => t.request(path, json(body, who.token, method));
const get = (path: string, who: Account) => t.request(path, bearer(who.token));
const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));
const notch: ThresholdSet = {
  origin: 'test:notch',
  right: { air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 30, 4000: 45 } },
  left: { air: { 250: 10, 500: 15, 1000: 15, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: 30 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 40 } },
};
const upload = (examId: string, who: Account, name = 'audiograma.pdf') => {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(writeTextPdf([renderLayout('A', notch, prng(3))]))]), name);
  form.set('examId', examId);
  form.set('uploadedBy', who.user.id);
  return t.request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
};

async function created(res: Response) {
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

describe('embed tokens with a company of another organisation (defect 3)', () => {
  it('answers 404, as for any foreign or unknown id, and creates nothing', async () => {
    await created(await send('/api/patients', { name: 'Carlos Alberto Nunes', age: 38, sex: 'M', company: 'Metalúrgica Alfa' }, a));
    const companyA = (await (await get('/api/companies', a)).json()).find((c: { name: string }) => c.name === 'Metalúrgica Alfa');
    const body = (companyId: string) => ({ name: 'Portal RH', scope: 'company', companyId, allowedOrigins: [ORIGIN] });
    const foreign = await send('/api/embed-tokens', body(companyA.id), b);
    expect(foreign.status, await foreign.clone().text()).toBe(404);
    expect((await foreign.json()).message).toBe('Empresa não encontrada');
    expect((await send('/api/embed-tokens', body('0b6c3f0e-1d2a-4c5b-8e9f-0a1b2c3d4e5f'), b)).status).toBe(404);
    expect(await (await get('/api/embed-tokens', b)).json()).toEqual([]);
    expect((await send('/api/embed-tokens', body(companyA.id), a)).status).toBe(201);
  });
});

describe('contract drifts (defect 13)', () => {
  it("another organisation's exam or worker on the laudo lookups → 404; an own exam without laudo → null", async () => {
    const p = await created(await send('/api/patients', { name: 'Beatriz Moura', age: 30, sex: 'F' }, a));
    const e = await created(await send('/api/exams', { patientId: p.id, date: '2025-02-10', audiogram: { air: air([10, 10, 15, 20, 25, 20, 15]) } }, a));
    expect(await (await get(`/api/reports/exam/${e.id}`, a)).json()).toBeNull();
    expect(await (await get(`/api/reports/patient/${p.id}`, a)).json()).toEqual([]);
    for (const path of [`/api/reports/exam/${e.id}`, `/api/reports/patient/${p.id}`, '/api/reports/exam/not-an-id', '/api/reports/patient/0b6c3f0e-1d2a-4c5b-8e9f-0a1b2c3d4e5f']) {
      const res = await get(path, b);
      expect(res.status, path).toBe(404);
      expect((await res.json()).message, path).toMatch(/não encontrado/);
    }
  });

  it("the widget's 404 says 'Trabalhador não encontrado para este token'", async () => {
    await created(await send('/api/patients', { name: 'Dora Lima', age: 30, sex: 'F', company: 'Têxtil Gama' }, a));
    const other = await created(await send('/api/patients', { name: 'Edu Prado', age: 30, sex: 'M', company: 'Química Delta' }, a));
    const company = (await (await get('/api/companies', a)).json()).find((c: { name: string }) => c.name === 'Têxtil Gama');
    const token = await created(await send('/api/embed-tokens', { name: 'Portal', scope: 'company', companyId: company.id, allowedOrigins: [ORIGIN] }, a));
    const res = await t.request(`/api/embed/evolution/${other.id}`, { headers: { authorization: `Bearer ${token.token}`, origin: ORIGIN } });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Trabalhador não encontrado para este token');
  });

  it('PUT /api/users/me/profile accepts the spec §7 body without email and keeps the e-mail', async () => {
    const who = await registerAccount(t);
    const res = await send('/api/users/me/profile', { name: 'Dra. Helena Costa', professionalType: 'Medico', crm: '654321', crmState: 'RJ' }, who, 'PUT');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Dra. Helena Costa', email: who.email, crm: '654321', crmState: 'RJ' });
  });
});

describe("an exam whose laudo was finalised is read-only (defect 5)", () => {
  it('refuses every change of thresholds, files, reference, details and removal with 409; the exam stays as signed', async () => {
    const p = await created(await send('/api/patients', { name: 'Fábio Teixeira', age: 45, sex: 'M' }, a));
    const first = await created(await send('/api/exams', { patientId: p.id, date: '2024-02-10', audiogram: { air: air([10, 10, 10, 10, 15, 10, 10]) } }, a));
    const e = await created(await send('/api/exams', { patientId: p.id, date: '2025-02-10', audiogram: { air: air([10, 10, 15, 20, 25, 20, 15]) } }, a));
    // a reading held for review (the exam already has thresholds), decided only after the laudo is finalised
    const held = await created(await upload(e.id, a));
    expect(held.readingId).toBeTruthy();
    const report = await created(await send(`/api/reports/generate/${e.id}`, { audiometryType: 'simple' }, a));
    const fin = await send(`/api/reports/${report.id}/finalize`, {}, a);
    expect(fin.status, await fin.clone().text()).toBe(200);
    const before = await (await get(`/api/exams/${e.id}`, a)).json();
    const firstBefore = await (await get(`/api/exams/${first.id}`, a)).json();

    const attempts: Array<[string, () => Promise<Response>]> = [
      ['PUT audiogram', () => send(`/api/exams/${e.id}/audiogram`, { audiogram: { air: air([30, 30, 30, 30, 30, 30, 30]) } }, a, 'PUT')],
      ['apply held reading', () => send(`/api/exams/${e.id}/readings/${held.readingId}/apply`, {}, a)],
      ['upload', () => upload(e.id, a, 'outro.pdf')],
      ['designate reference', () => send(`/api/exams/${e.id}/reference`, { reason: 'Exame feito sem repouso auditivo de 14 horas' }, a, 'PUT')],
      ['designate earlier reference', () => send(`/api/exams/${first.id}/reference`, { reason: 'Exame de referência escolhido pelo médico' }, a, 'PUT')],
      ['change earlier thresholds', () => send(`/api/exams/${first.id}/audiogram`, { audiogram: { air: air([40, 40, 40, 40, 40, 40, 40]) } }, a, 'PUT')],
      ['PATCH', () => send(`/api/exams/${e.id}`, { observacoes: 'mudança' }, a, 'PATCH')],
      ['DELETE', () => send(`/api/exams/${e.id}`, { reason: 'Exame duplicado por engano' }, a, 'DELETE')],
    ];
    for (const [what, pending] of attempts) {
      const res = await pending();
      const body = await res.json();
      expect(res.status, `${what}: ${JSON.stringify(body)}`).toBe(409);
      expect(body.message, what).toMatch(LOCKED);
    }
    expect(await (await get(`/api/exams/${e.id}`, a)).json()).toEqual(before);
    expect(await (await get(`/api/exams/${first.id}`, a)).json()).toEqual(firstBefore);
    expect((await (await get(`/api/exams/${e.id}/files`, a)).json())).toHaveLength(1);
    expect((await (await get(`/api/exams/${e.id}/readings`, a)).json()).items).toMatchObject([{ id: held.readingId, status: 'pending' }]);
  }, 120_000);
});

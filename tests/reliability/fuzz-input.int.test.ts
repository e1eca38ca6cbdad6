import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { recordSecrets, suiteLogger } from './support/suite-log';

/** Issue 15, defects 2, 11 and 12: bad input is a 4xx with a pt-BR message, authentication comes first. */
let t: TestServer;
let a: Account;
let examId: string;
let reportId: string;
let patientId: string;

const examBody = (over: Record<string, unknown> = {}) => ({
  paciente: { nome: 'Ana Souza', idade: 40, sexo: 'F' }, data_exame: '2024-03-10',
  operador: { nome: 'Ana', registro: 'CRFa 1' }, ambiente: { ruido_dB: 30, calibracao_atual: '2024-01-01' },
  audiograma: { air: Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [hz, { RE: 15, LE: 20 }])) },
  ...over,
});

async function expectPtBr400(res: Response, status = 400) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text) as { message: string };
  expect(body.message).toMatch(/[a-zà-ú]/i);
  expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return body.message;
}

beforeAll(async () => {
  t = await startTestServer({}, suiteLogger('fuzz-input'));
  a = await registerAccount(t);
  recordSecrets('fuzz-input', [a.password, a.token, a.email, a.user.name]);
  const exam = await t.request('/api/exams', json(examBody(), a.token));
  expect(exam.status).toBe(201);
  const e = await exam.json();
  examId = e.id;
  patientId = e.patientId;
  const report = await t.request(`/api/reports/generate/${examId}`, json({ audiometryType: 'simple' }, a.token));
  expect(report.status, await report.clone().text()).toBe(201);
  reportId = (await report.json()).id;
}, 120_000);
afterAll(async () => t?.close());

describe('control characters, content types and depth (defect 2)', () => {
  it('a NUL in the e-mail of the public login is a 400 with a pt-BR message', async () => {
    const message = await expectPtBr400(await t.request('/api/auth/login', json({ email: 'a\u0000b@x.test', password: 'segredo12' })));
    expect(message).toMatch(/caracter/i);
  });

  it('NUL and other control characters in text fields and queries are refused; tab and line breaks in long text are kept', async () => {
    await expectPtBr400(await t.request('/api/patients', json({ name: 'Jo\u0000ão', sex: 'M', age: 30 }, a.token)));
    await expectPtBr400(await t.request('/api/auth/register', json({ name: 'X\u0000', email: 'nul@x.test', password: 'segredo12', confirmPassword: 'segredo12', professionalType: 'Medico', crm: '1', crmState: 'SP' })));
    await expectPtBr400(await t.request('/api/patients', json({ name: 'Bell\u0007', sex: 'M', age: 30 }, a.token)));
    await expectPtBr400(await t.request('/api/patients?q=%00', bearer(a.token)));
    await expectPtBr400(await t.request('/api/exams?q=a%1Bb', bearer(a.token)));
    const ok = await t.request(`/api/exams/${examId}`, json({ anamnese: 'Linha 1\n\tLinha 2\r\n' }, a.token, 'PATCH'));
    expect(ok.status, await ok.text()).toBe(200);
  });

  it('a JSON route refuses text/plain with 415', async () => {
    const res = await t.request('/api/exams', { method: 'POST', headers: { 'content-type': 'text/plain', authorization: `Bearer ${a.token}` }, body: JSON.stringify(examBody()) });
    expect(await expectPtBr400(res, 415)).toMatch(/application\/json/);
  });

  it('JSON nested deeper than 64 levels is a 400, in the body and inside draftJson', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const res = await t.request('/api/patients', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` }, body: `{"name":"x","sex":"M","age":30,"extra":${deep(5000)}}` });
    expect(await expectPtBr400(res)).toMatch(/profund|aninhad/i);
    const draft = await t.request(`/api/reports/${reportId}`, json({ draftJson: `{"a":${deep(5000)}}` }, a.token, 'PUT'));
    expect(await expectPtBr400(draft)).toMatch(/profund|aninhad/i);
  });

  it('a non-UUID or unknown companyId on POST /api/embed-tokens is a 4xx, not a 500', async () => {
    await expectPtBr400(await t.request('/api/embed-tokens', json({ name: 'Portal', scope: 'company', companyId: 'não-é-uuid', allowedOrigins: ['https://rh.example.com'] }, a.token)));
    const unknown = await t.request('/api/embed-tokens', json({ name: 'Portal', scope: 'company', companyId: '00000000-0000-4000-8000-000000000000', allowedOrigins: ['https://rh.example.com'] }, a.token));
    expect([400, 404], await unknown.clone().text()).toContain(unknown.status);
    await expectPtBr400(unknown, unknown.status);
  });
});

describe('authentication before validation (defect 11)', () => {
  it('an unauthenticated malformed request to a private route is a 401, whatever its body or content type', async () => {
    for (const [method, path] of [['POST', '/api/patients'], ['POST', '/api/exams'], ['PUT', `/api/reports/${reportId}`], ['POST', '/api/embed-tokens'], ['PATCH', `/api/exams/${examId}`], ['PUT', '/api/organization'], ['POST', '/api/auth/change-password']] as const) {
      const malformed = await t.request(path, { method, headers: { 'content-type': 'application/json' }, body: '{"name": 12, ' });
      expect(malformed.status, `${method} ${path}`).toBe(401);
      const wrongType = await t.request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 12, date: [] }) });
      expect(wrongType.status, `${method} ${path}`).toBe(401);
      expect((await wrongType.json()).issues ?? []).toEqual([]);
    }
    expect((await t.request('/api/exams/export.csv?from=2026-02-31')).status).toBe(401);
  });
});

describe('validation gaps (defect 12)', () => {
  it('an exam dated before 1900-01-01 or before the worker\'s birth date is a 400, on create and on PATCH', async () => {
    expect(await expectPtBr400(await t.request('/api/exams', json(examBody({ data_exame: '1800-01-01' }), a.token)))).toMatch(/1900/);
    const worker = await (await t.request('/api/patients', json({ name: 'Bruno Lima', sex: 'M', birthDate: '1990-05-20' }, a.token))).json();
    const wizard = { patientId: worker.id, date: '1985-01-01', audiogram: { air: { 1000: { re: 10, le: 10 } } } };
    expect(await expectPtBr400(await t.request('/api/exams', json(wizard, a.token)))).toMatch(/nascimento/i);
    await expectPtBr400(await t.request(`/api/exams/${examId}`, json({ date: '1899-12-31' }, a.token, 'PATCH')));
    const born = await t.request(`/api/patients/${patientId}`, json({ name: 'Ana Souza', sex: 'F', birthDate: '1984-03-10' }, a.token, 'PUT'));
    expect(born.status, await born.text()).toBe(200);
    expect(await expectPtBr400(await t.request(`/api/exams/${examId}`, json({ date: '1980-01-01' }, a.token, 'PATCH')))).toMatch(/nascimento/i);
  });

  it('an upload whose file name carries a bidi override or a control character is a 400', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    for (const name of ['laudo\u202efdp.exe.pdf', 'laudo\u2067x.pdf', 'la\u0001udo.pdf']) {
      const form = new FormData();
      form.set('examId', examId);
      form.set('uploadedBy', a.user.id);
      form.set('file', new Blob([pdf], { type: 'application/pdf' }), name);
      const res = await t.request('/api/files/upload', { method: 'POST', headers: { authorization: `Bearer ${a.token}` }, body: form });
      expect(await expectPtBr400(res)).toMatch(/nome do arquivo/i);
    }
  });
});

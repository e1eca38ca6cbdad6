import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_EXAM_TYPE_MESSAGE } from '../../core/src';
import { bearer, expectHiddenFromOtherOrganisation, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 19: the occupational type of every exam (NR-7 item 7.5.6) through the API — creation (both payloads), correction, read, laudo.
let t: TestServer;
let a: Account;
let b: Account;
beforeAll(async () => {
  t = await startTestServer();
  [a, b] = [await registerAccount(t), await registerAccount(t)];
}, 60_000);
afterAll(() => t?.close());

type Json = Record<string, any>;
async function call(method: string, path: string, body?: unknown, who = a): Promise<{ status: number; body: Json }> {
  const res = await t.request(path, body === undefined ? bearer(who.token, method) : json(body, who.token, method));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const air = Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: 15, le: 20 }]));
const newWorker = async () => (await call('POST', '/api/patients', { name: 'Jorge Tavares', age: 44, sex: 'M' })).body.id as string;
const entryForm = (over: Json = {}) => ({
  paciente: { nome: 'Marta Quintana', idade: 39, sexo: 'F' }, data_exame: '2025-02-10', ambiente: { ruido_dB: 30, calibracao_atual: '2025-01-05', transdutor: 'TDH-39' },
  audiograma: { air: { 500: { RE: 10, LE: 10 }, 1000: { RE: 10, LE: 15 } } }, operador: { nome: 'Fga. Lia', registro: 'CRFa 2-1' }, ...over,
});

describe('exam type', () => {
  it('is recorded from the wizard and the entry form, read with its pt-BR label, and null when not informed', async () => {
    const patientId = await newWorker();
    const periodic = await call('POST', '/api/exams', { patientId, date: '2025-03-01', examType: 'periodico', audiogram: { air } });
    expect(periodic.status, JSON.stringify(periodic.body)).toBe(201);
    expect(periodic.body).toMatchObject({ examType: 'periodico', examTypeLabel: 'Periódico' });
    const entry = await call('POST', '/api/exams', entryForm({ examType: 'admissional' }));
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(entry.body).toMatchObject({ examType: 'admissional', examTypeLabel: 'Admissional' });
    const none = await call('POST', '/api/exams', { patientId, date: '2025-04-01' });
    expect(none.body).toMatchObject({ examType: null, examTypeLabel: null });
    expect((await call('GET', `/api/exams/${periodic.body.id}`)).body).toMatchObject({ examType: 'periodico', examTypeLabel: 'Periódico' });
    expect((await call('GET', `/api/exams?patientId=${patientId}`)).body.map((e: Json) => e.examType)).toEqual([null, 'periodico']);
  });

  it("an occupational consultation's reason gives the type when none is sent (the wizard)", async () => {
    const patientId = await newWorker();
    const cases: Array<[string, string]> = [['Admissional', 'admissional'], ['Periódica', 'periodico'], ['Retorno ao trabalho', 'retorno_trabalho'], ['Mudança de função', 'mudanca_riscos'], ['Demissional', 'demissional']];
    for (const [reason, type] of cases) {
      const r = await call('POST', '/api/exams', { patientId, date: '2025-05-02', consultationType: 'Ocupacional', consultationReason: reason });
      expect(r.body.examType, reason).toBe(type);
    }
    // an explicit type wins; a clinical consultation implies none
    expect((await call('POST', '/api/exams', { patientId, date: '2025-05-02', consultationType: 'Ocupacional', consultationReason: 'Periódica', examType: 'monitoracao_pontual' })).body.examType).toBe('monitoracao_pontual');
    expect((await call('POST', '/api/exams', { patientId, date: '2025-05-02', consultationType: 'Eletiva', consultationReason: 'Periódica' })).body.examType).toBeNull();
  });

  it('refuses an unknown type with 400 and the pt-BR message on examType, on creation and correction', async () => {
    const patientId = await newWorker();
    for (const body of [{ patientId, date: '2025-03-01', examType: 'anual' }, entryForm({ examType: 'Periódico' })]) {
      const r = await call('POST', '/api/exams', body);
      expect(r.status).toBe(400);
      expect(r.body.issues).toContainEqual({ path: 'examType', message: INVALID_EXAM_TYPE_MESSAGE });
    }
    const exam = (await call('POST', '/api/exams', { patientId, date: '2025-03-01' })).body;
    const bad = await call('PATCH', `/api/exams/${exam.id}`, { examType: 'x' });
    expect(bad).toMatchObject({ status: 400, body: { message: INVALID_EXAM_TYPE_MESSAGE, issues: [{ path: 'examType', message: INVALID_EXAM_TYPE_MESSAGE }] } });
    expect((await call('GET', `/api/exams/${exam.id}`)).body.examType).toBeNull();
  });

  it('is corrected by PATCH /api/exams/:id (absent keeps it, null clears it); another organisation gets 404', async () => {
    const patientId = await newWorker();
    const exam = (await call('POST', '/api/exams', { patientId, date: '2025-03-01' })).body;
    expect((await call('PATCH', `/api/exams/${exam.id}`, { examType: 'demissional' })).body).toMatchObject({ examType: 'demissional', examTypeLabel: 'Demissional' });
    expect((await call('PATCH', `/api/exams/${exam.id}`, { observacoes: 'Sem intercorrências.' })).body.examType).toBe('demissional');
    await expectHiddenFromOtherOrganisation(t, b, { method: 'PATCH', path: `/api/exams/${exam.id}`, body: { examType: 'periodico' } });
    expect((await call('PATCH', `/api/exams/${exam.id}`, { examType: null })).body).toMatchObject({ examType: null, examTypeLabel: null });
  });

  it("a laudo of an Ocupacional consultation gives an untyped exam its type, and never overwrites one", async () => {
    const patientId = await newWorker();
    const untyped = (await call('POST', '/api/exams', { patientId, date: '2024-03-01', audiogram: { air } })).body;
    const typed = (await call('POST', '/api/exams', { patientId, date: '2025-03-01', audiogram: { air }, examType: 'retorno_trabalho' })).body;
    for (const e of [untyped, typed]) {
      const r = await call('POST', `/api/reports/generate/${e.id}`, { audiometryType: 'simple', consultationType: 'Ocupacional', consultationReason: 'Periódica' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    expect((await call('GET', `/api/exams/${untyped.id}`)).body).toMatchObject({ examType: 'periodico', examTypeLabel: 'Periódico' });
    expect((await call('GET', `/api/exams/${typed.id}`)).body.examType).toBe('retorno_trabalho');
  });
});

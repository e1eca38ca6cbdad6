import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, cnpjWithCheckDigits, programmeToday } from '../../core/src';
import { json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

// GET /api/patients/:id/programme: the worker's place in the programme today, for his page (issue 19).
let t: TestServer;
let a: Account;
let b: Account;
const today = programmeToday(new Date());
const air = Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: 15, le: 15 }]));
const post = async (path: string, body: unknown, who = a) => {
  const res = await t.request(path, json(body, who.token));
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as { id: string };
};
const scheduleOf = async (id: string, who = a) => {
  const res = await t.request(`/api/patients/${id}/programme`, { headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, body: await res.json() };
};
let companyId: string;
let noisy: string;
let quiet: string;

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  const company = await post('/api/companies', { name: 'Estamparia Boa Prensa', cnpj: cnpjWithCheckDigits('556667770001') });
  noisy = (await post(`/api/companies/${company.id}/ghes`, { name: 'GHE Prensas', exposure: { metric: 'LAVG', levelDbA: 89, dosePercent: null, assessedAt: '2025-03-01', source: 'PGR' } })).id;
  quiet = (await post(`/api/companies/${company.id}/ghes`, { name: 'GHE Escritório', exposure: { metric: 'LAVG', levelDbA: 62, dosePercent: null, assessedAt: '2025-03-01', source: 'PGR' } })).id;
  companyId = company.id;
}, 60_000);
afterAll(async () => t?.close());

const worker = async (name: string, gheId: string, admissionDate: string) => {
  const w = await post('/api/patients', { name, age: 40, sex: 'M' });
  await post(`/api/patients/${w.id}/employments`, { companyId, gheId, admissionDate });
  return w.id;
};

describe('GET /api/patients/:id/programme', () => {
  it('an exposed worker whose last audiometry is over a year old is overdue; a new exam puts him back on time', async () => {
    const id = await worker('Caio Prensa', noisy, '2019-02-01');
    const last = addDays(addMonths(today, -12), -20);
    await post('/api/exams', { patientId: id, date: last, examType: 'periodico', audiogram: { air } });
    expect(await scheduleOf(id)).toEqual({ status: 200, body: {
      today, exposed: true, state: 'vencido', stateLabel: 'Vencido', dueDate: addMonths(last, 12), reason: 'periodico', reasonLabel: 'Periódico',
      exposureStart: '2019-02-01', lastExamDate: last,
    } });
    await post('/api/exams', { patientId: id, date: today, examType: 'periodico', audiogram: { air } });
    expect((await scheduleOf(id)).body).toMatchObject({ state: 'em_dia', stateLabel: 'Em dia', dueDate: addMonths(today, 12), lastExamDate: today });
  });

  it('an exposed worker without any audiometry: sem exame de referência, due at admission', async () => {
    const id = await worker('Davi Sem Exame', noisy, '2024-06-03');
    expect((await scheduleOf(id)).body).toMatchObject({ exposed: true, state: 'sem_referencia', stateLabel: 'Sem exame de referência', dueDate: '2024-06-03', reason: 'admissao', reasonLabel: 'Admissional' });
  });

  it('below the action level, without employment, or archived: not in the programme', async () => {
    const office = await worker('Eva Escritório', quiet, '2020-01-06');
    expect((await scheduleOf(office)).body).toMatchObject({ exposed: false, state: null, stateLabel: null, dueDate: null, reason: null });
    const loose = await post('/api/patients', { name: 'Fábio Sem Vínculo', age: 30, sex: 'M' });
    expect((await scheduleOf(loose.id)).body).toMatchObject({ exposed: false, state: null });
    const archived = await worker('Gil Arquivado', noisy, '2020-01-06');
    expect((await t.request(`/api/patients/${archived}`, { method: 'DELETE', headers: { authorization: `Bearer ${a.token}` } })).status).toBe(204);
    expect((await scheduleOf(archived)).body).toMatchObject({ exposed: false, state: null });
  });

  it("another organisation's worker is 404 with the pt-BR message", async () => {
    const id = await worker('Hugo Alheio', noisy, '2020-01-06');
    expect(await scheduleOf(id, b)).toEqual({ status: 404, body: expect.objectContaining({ message: 'Paciente não encontrado' }) });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { bearer, json, registerAccount, type Account } from '../support/accounts';

// Issue 14: the exam's clinical fields, correcting an exam (PATCH) and removing it (DELETE with a reason).
let t: TestServer;
let a: Account;
beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t);
});
afterAll(() => t?.close());

const post = (path: string, body: unknown, who = a) => t.request(path, json(body, who.token));
const get = (path: string, who = a) => t.request(path, bearer(who.token));
const air = (re: number[], le: number[] = re) =>
  Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: re[i], le: le[i] }]));

async function newPatient(over: Record<string, unknown> = {}) {
  const res = await post('/api/patients', { name: 'Ana Paula Ribeiro', age: 41, sex: 'F', ...over });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function newExam(body: Record<string, unknown>) {
  const res = await post('/api/exams', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

describe('clinical fields of an exam', () => {
  const clinical = {
    anamnese: 'Refere zumbido bilateral há 2 anos; nega otalgia.',
    meatoscopia: { od: 'Livre', oe: 'Cerume parcial, sem obstrução' },
    mascaramento: 'Ruído de banda estreita na OE em 4 kHz (60 dB)',
    speechTest: { srtRe: 20, srtLe: 25, wrsRe: 96, wrsLe: 92 },
  };

  it('are stored and read back with the wizard payload, and null when not recorded', async () => {
    const p = await newPatient();
    const e = await newExam({ patientId: p.id, date: '2025-02-10', audiogram: { air: air([10, 10, 15, 20, 25, 20, 15]) }, ...clinical });
    expect(e).toMatchObject(clinical);
    expect(await (await get(`/api/exams/${e.id}`)).json()).toMatchObject(clinical);
    const bare = await newExam({ patientId: p.id, date: '2025-03-10' });
    expect(bare).toMatchObject({ anamnese: null, meatoscopia: null, mascaramento: null, speechTest: null });
  });

  it('are stored with the entry-form payload', async () => {
    const p = await newPatient();
    const e = await newExam({
      patientId: p.id, paciente: { nome: '', idade: null, sexo: '' }, data_exame: '2025-05-05', ambiente: { ruido_dB: 30, calibracao_atual: '2025-01-15' },
      audiograma: { air: { 500: { RE: 10, LE: 10 } } }, operador: { nome: 'Rita', registro: 'CRFa 2-1234' }, ...clinical, meatoscopia: { od: '  ', oe: 'Hiperemia' },
    });
    expect(e).toMatchObject({ ...clinical, meatoscopia: { od: null, oe: 'Hiperemia' } });
  });

  it.each([
    [{ anamnese: 'x'.repeat(5001) }, 'anamnese'],
    [{ meatoscopia: { od: 'x'.repeat(301), oe: null } }, 'meatoscopia.od'],
    [{ mascaramento: 'x'.repeat(501) }, 'mascaramento'],
    [{ speechTest: { srtRe: 130 } }, 'speechTest.srtRe'],
    [{ speechTest: { wrsLe: 101 } }, 'speechTest.wrsLe'],
  ])('refuses %# with 400 and an issue on %s', async (change, path) => {
    const p = await newPatient();
    const res = await post('/api/exams', { patientId: p.id, date: '2025-02-10', ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).issues.map((i: { path: string }) => i.path)).toContain(path);
  });
});

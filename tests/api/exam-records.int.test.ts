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

const patch = (path: string, body: unknown, who = a) => t.request(path, json(body, who.token, 'PATCH'));
const del = (path: string, body: unknown, who = a) => t.request(path, json(body, who.token, 'DELETE'));
const classOf = async (id: string) => (await (await get(`/api/exams/${id}`)).json()).classification;

describe('correcting an exam (PATCH /api/exams/:id)', () => {
  it('changes date, operator, equipment, conditions, observations and clinical fields; keeps what is absent', async () => {
    const p = await newPatient();
    const e = await newExam({ patientId: p.id, date: '2025-02-10', operatorName: 'Rita', observacoes: 'Sem queixas', audiogram: { air: air([10, 10, 15, 20, 25, 20, 15]) } });
    const change = {
      date: '2025-02-11', operatorName: 'Dra. Carla Mendes', operatorRegistration: 'CRFa 2-9999', operatorCrm: '12345', operatorCrmState: 'SP',
      ambientNoiseDb: 31.5, calibrationDate: '2025-01-05', transducer: 'TDH-50', acousticRestHours: 16, observacoes: 'Paciente com gripe leve',
      anamnese: 'Nega exposição a ruído extralaboral', meatoscopia: { od: 'Livre', oe: 'Livre' }, mascaramento: 'Sem necessidade',
      speechTest: { srtRe: 15, srtLe: 15, wrsRe: 100, wrsLe: 96 },
    };
    const res = await patch(`/api/exams/${e.id}`, change);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ ...change, audiogram: e.audiogram });
    const cleared = await (await patch(`/api/exams/${e.id}`, { observacoes: null, mascaramento: '' })).json();
    expect(cleared).toMatchObject({ observacoes: null, mascaramento: null, operatorName: 'Dra. Carla Mendes', date: '2025-02-11' });
  });

  it('a new date reorders the history: the moved exam becomes the reference and the others are reclassified', async () => {
    const p = await newPatient();
    const normal = await newExam({ patientId: p.id, date: '2024-03-01', audiogram: { air: air([10, 10, 10, 15, 20, 15, 10]) } });
    const notch = await newExam({ patientId: p.id, date: '2025-03-01', audiogram: { air: air([10, 10, 10, 35, 45, 40, 10]) } });
    expect(await classOf(notch.id)).toMatchObject({ reference_date: '2024-03-01', desencadeamento_right: true });
    // the "normal" exam was really done after the notched one: moving it makes the notched exam the reference
    const moved = await (await patch(`/api/exams/${normal.id}`, { date: '2025-06-01' })).json();
    expect(moved.classification).toMatchObject({ reference_date: '2025-03-01' });
    expect(await classOf(notch.id)).not.toMatchObject({ desencadeamento_right: true });
    expect((await classOf(notch.id)).reference_date ?? null).not.toBe('2024-03-01');
  });

  it.each([
    [{ date: '2099-01-01' }, 'date'],
    [{ date: '' }, 'date'],
    [{ ambientNoiseDb: 200 }, 'ambientNoiseDb'],
    [{ acousticRestHours: -1 }, 'acousticRestHours'],
    [{ calibrationDate: '31/02/2024' }, 'calibrationDate'],
    [{ anamnese: 'x'.repeat(5001) }, 'anamnese'],
  ])('refuses %o with 400 on %s and changes nothing', async (change, path) => {
    const p = await newPatient();
    const e = await newExam({ patientId: p.id, date: '2025-02-10' });
    const res = await patch(`/api/exams/${e.id}`, change);
    expect(res.status).toBe(400);
    expect((await res.json()).issues.map((i: { path: string }) => i.path)).toContain(path);
    expect((await (await get(`/api/exams/${e.id}`)).json()).date).toBe('2025-02-10');
  });

  it('answers 404 for another organisation and unknown ids', async () => {
    const b = await registerAccount(t);
    const p = await newPatient();
    const e = await newExam({ patientId: p.id, date: '2025-02-10' });
    expect((await patch(`/api/exams/${e.id}`, { observacoes: 'x' }, b)).status).toBe(404);
    expect((await del(`/api/exams/${e.id}`, { reason: 'Exame duplicado por engano' }, b)).status).toBe(404);
    expect((await patch('/api/exams/00000000-0000-4000-8000-000000000000', { observacoes: 'x' })).status).toBe(404);
  });
});

describe('removing an exam (DELETE /api/exams/:id)', () => {
  it('needs a reason of 10–500 characters', async () => {
    const p = await newPatient();
    const e = await newExam({ patientId: p.id, date: '2025-02-10' });
    for (const reason of ['curto', 'x'.repeat(501)]) {
      const res = await del(`/api/exams/${e.id}`, { reason });
      expect(res.status).toBe(400);
      expect((await res.json()).issues).toContainEqual({ path: 'reason', message: 'Informe o motivo da exclusão (de 10 a 500 caracteres).' });
    }
    expect((await del(`/api/exams/${e.id}`, {})).status).toBe(400);
    expect((await get(`/api/exams/${e.id}`)).status).toBe(200);
  });

  it('removes a duplicate with its draft laudo, keeps a deletion record and reclassifies the history', async () => {
    const p = await newPatient();
    const first = await newExam({ patientId: p.id, date: '2024-03-01', audiogram: { air: air([10, 10, 10, 35, 45, 40, 10]) } });
    const second = await newExam({ patientId: p.id, date: '2025-03-01', audiogram: { air: air([10, 10, 10, 35, 45, 40, 10]) } });
    const wrong = await newExam({ patientId: p.id, date: '2023-03-01', audiogram: { air: air([10, 10, 10, 15, 20, 15, 10]) } });
    expect(await classOf(first.id)).toMatchObject({ reference_date: '2023-03-01', desencadeamento_right: true });
    const draft = await post(`/api/reports/generate/${wrong.id}`, { audiometryType: 'simple' });
    expect(draft.status, await draft.clone().text()).toBe(201);
    const before = await (await get('/api/dashboard/summary')).json();
    const res = await del(`/api/exams/${wrong.id}`, { reason: 'Exame de outro trabalhador lançado por engano' });
    expect(res.status, await res.clone().text()).toBe(204);
    expect((await get(`/api/exams/${wrong.id}`)).status).toBe(404);
    expect((await get(`/api/reports/exam/${wrong.id}`)).status).toBe(404); // the exam is gone: no laudo lookup for it
    expect(await (await get('/api/dashboard/summary')).json()).toMatchObject({ exams: before.exams - 1, reports: before.reports - 1 });
    // the first exam is the reference again: no desencadeamento on itself
    expect((await classOf(first.id)).desencadeamento_right ?? false).toBe(false);
    expect(await classOf(second.id)).toMatchObject({ reference_date: '2024-03-01' });
    const deletions = await (await get(`/api/patients/${p.id}/exam-deletions`)).json();
    expect(deletions).toEqual([expect.objectContaining({
      examId: wrong.id, examDate: '2023-03-01', reason: 'Exame de outro trabalhador lançado por engano', deletedByName: expect.stringContaining(a.user.name),
      hadDraftReport: true,
    })]);
  });

  it('is refused with 409 while a finalised laudo depends on the exam', async () => {
    const p = await newPatient();
    const e = await newExam({ patientId: p.id, date: '2025-02-10', audiogram: { air: air([10, 10, 15, 20, 25, 20, 15]) } });
    const r = await (await post(`/api/reports/generate/${e.id}`, { audiometryType: 'simple' })).json();
    const fin = await post(`/api/reports/${r.id}/finalize`, {});
    expect(fin.status, await fin.clone().text()).toBe(200);
    const res = await del(`/api/exams/${e.id}`, { reason: 'Exame duplicado por engano' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('Este exame não pode ser excluído: um laudo finalizado depende dele. Para corrigir, emita uma retificação do laudo.');
    expect((await patch(`/api/exams/${e.id}`, { observacoes: 'mudança' })).status).toBe(409);
    expect((await get(`/api/exams/${e.id}`)).status).toBe(200);
  }, 120_000);
});

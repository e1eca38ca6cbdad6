import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { worklistGroupResponse, worklistResponse } from '../../adapters/src/http/contract/worklist';
import { prng, renderLayout, writeTextPdf } from '../fixtures/audiogram-generator';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let a: Account;
beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t);
});
afterAll(() => t?.close());

const HZ = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
const flat = (db: number, over: Record<number, number> = {}) => Object.fromEntries(HZ.map((hz) => [String(hz), { re: over[hz] ?? db, le: over[hz] ?? db }]));
const get = async (path: string, who = a) => (await t.request(path, bearer(who.token))).json();
const post = (path: string, body: unknown, who = a) => t.request(path, json(body as Record<string, unknown>, who.token));

async function worker(name: string) {
  const p = await (await post('/api/patients', { name, age: 45, sex: 'M' })).json();
  return p.id as string;
}
async function typedExam(patientId: string, date: string, air: ReturnType<typeof flat>) {
  const res = await post('/api/exams', { patientId, date, audiogram: { air, bone: {} }, repousoHoras: 14 });
  expect(res.status).toBe(201);
  return res.json();
}

describe('GET /api/worklist', () => {
  it('groups the pending work with counts and links, follows the laudo, and leaves archived workers out', async () => {
    const empty = worklistResponse.parse(await get('/api/worklist'));
    expect(Object.values(empty).map((g) => g.total)).toEqual([0, 0, 0, 0]);

    // Roberto: a normal reference, then a notch at 3–6 kHz → desencadeamento on the latest exam.
    const roberto = await worker('Roberto Worklist');
    await typedExam(roberto, '2023-03-01', flat(10));
    const latest = await typedExam(roberto, '2025-03-01', flat(10, { 3000: 30, 4000: 40, 6000: 35 }));
    expect(latest.classification.desencadeamento).toBe(true);

    // Sílvia: an exam with an uploaded PDF of another person, held for review.
    const silvia = await worker('Sílvia Worklist');
    const held = await typedExam(silvia, '2025-04-01', {});
    const form = new FormData();
    const set = { origin: 't', right: { air: { 500: 10, 1000: 10, 2000: 15, 3000: 20, 4000: 25, 6000: 20, 8000: 15 } }, left: { air: { 500: 10, 1000: 10, 2000: 15, 3000: 20, 4000: 25, 6000: 20, 8000: 15 } } };
    form.set('file', new Blob([new Uint8Array(writeTextPdf([renderLayout('A', set, prng(3), { name: 'João Pedro Araújo' })]))]), 'joao.pdf');
    form.set('examId', held.id);
    form.set('uploadedBy', a.user.id);
    const up = await (await t.request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${a.token}` } })).json();
    expect(up.reviewPending).toBe(true);

    const list = worklistResponse.parse(await get('/api/worklist'));
    expect(list.examsWithoutReport.total).toBe(3);
    expect(list.unaddressedChanges).toEqual({ total: 1, items: [expect.objectContaining({ patientId: roberto, examId: latest.id, examDate: '2025-03-01', desencadeamento: true })] });
    expect(list.readingsToReview).toEqual({ total: 1, items: [expect.objectContaining({ kind: 'pending', examId: held.id, readingId: up.readingId, fileName: 'joao.pdf', reasons: ['identity_mismatch'], patientName: 'Sílvia Worklist' })] });
    expect(list.draftReports.total).toBe(0);

    // A draft laudo on the latest exam: a draft to finish, no longer an unaddressed change nor an exam without laudo.
    const draft = await post(`/api/reports/generate/${latest.id}`, { audiometryType: 'simple' });
    expect(draft.status, await draft.clone().text()).toBe(201);
    const report = await draft.json();
    const after = worklistResponse.parse(await get('/api/worklist'));
    expect(after.draftReports).toEqual({ total: 1, items: [expect.objectContaining({ reportId: report.id, examId: latest.id, patientName: 'Roberto Worklist' })] });
    expect(after.unaddressedChanges.total).toBe(0);
    expect(after.examsWithoutReport.total).toBe(2);

    // Archiving Sílvia hides her held reading and her exam.
    expect((await t.request(`/api/patients/${silvia}`, { method: 'DELETE', headers: { authorization: `Bearer ${a.token}` } })).status).toBeLessThan(300);
    const archived = worklistResponse.parse(await get('/api/worklist'));
    expect(archived.readingsToReview.total).toBe(0);
    expect(archived.examsWithoutReport.items.map((i) => i.patientName)).toEqual(['Roberto Worklist']);
  });

  it('pages through one group (?group=), validates the query, and needs a session', async () => {
    const who = await registerAccount(t);
    const p = await (await post('/api/patients', { name: 'Paginado', age: 30, sex: 'F' }, who)).json();
    for (const date of ['2025-01-01', '2025-01-02', '2025-01-03']) await post('/api/exams', { patientId: p.id, date }, who);
    const first = worklistGroupResponse.parse(await get('/api/worklist?group=examsWithoutReport&limit=2', who));
    expect(first.total).toBe(3);
    expect(first.items.map((i) => i.examDate)).toEqual(['2025-01-03', '2025-01-02']);
    const second = await get('/api/worklist?group=examsWithoutReport&limit=2&offset=2', who);
    expect(second.items.map((i: { examDate: string }) => i.examDate)).toEqual(['2025-01-01']);
    expect(worklistResponse.parse(await get('/api/worklist?limit=1', who)).examsWithoutReport.items).toHaveLength(1);
    const bad = await t.request('/api/worklist?limit=0&group=nada', bearer(who.token));
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues.length).toBeGreaterThan(0);
    expect((await t.request('/api/worklist')).status).toBe(401);
    // Nothing of another organisation leaks in.
    expect(worklistResponse.parse(await get('/api/worklist', who)).examsWithoutReport.items.every((i) => i.patientName === 'Paginado')).toBe(true);
  });
});

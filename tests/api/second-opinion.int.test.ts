import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanChartPng } from '../fixtures/audiogram-generator/clean-chart';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { FakeOllama, type FakeVisionPoint, type FakeVisionReply } from '../support/fake-ollama';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 17 item 4: a picture the chart reader read also gets the local model's reading, compared point by point.

const truth = {
  origin: 'test:second-opinion',
  right: { air: { 250: 15, 500: 20, 1000: 25, 2000: 35, 3000: 50, 4000: 60, 6000: 55, 8000: 40 } },
  left: { air: { 250: 5, 500: 10, 1000: 10, 2000: 15, 3000: 30, 4000: 45, 6000: 40, 8000: 25 } },
};
/** The model's answer: the truth, with some points moved by `shift` dB. */
function modelAnswer(shift: { ear: 'right' | 'left'; hz: number; db: number }[] = []): FakeVisionReply {
  const ear = (side: 'right' | 'left') => ({
    air: Object.entries(truth[side].air).map(([hz, v]): FakeVisionPoint => ({ frequency_hz: Number(hz), threshold_db_hl: v + (shift.find((s) => s.ear === side && s.hz === Number(hz))?.db ?? 0), no_response: false })),
    bone: [],
  });
  return { is_audiogram: true, right: ear('right'), left: ear('left') };
}

let ollama: FakeOllama;
let server: TestServer;
let who: Account;
let chart: Buffer;
beforeAll(async () => {
  ollama = await new FakeOllama().start();
  server = await startTestServer({ OLLAMA_HOST: ollama.host, OLLAMA_TIMEOUT_MS: '2000', LIMIAR_CHART_READER: 'on' });
  who = await registerAccount(server);
  chart = await cleanChartPng(truth);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await ollama?.stop();
});

interface Note {
  source?: string;
  confidence: string;
  pointConfidence?: Record<'right' | 'left', { air: Record<string, string> }>;
  positions?: unknown;
  secondOpinion?: { status: string; source?: string; disagreements: unknown[]; reason?: string };
  observations: string[];
  reviewPending?: { readingId: string };
}

/** Uploads the chart for a new exam and waits for the second opinion to settle; the exam as it then is. */
async function uploadAndSettle() {
  const p = await (await server.request('/api/patients', json({ name: 'Rui Segunda', age: 50, sex: 'M' }, who.token))).json();
  const exam = await (await server.request('/api/exams', json({ patientId: p.id, date: '2025-02-01' }, who.token))).json();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(chart)]), 'grafico.png');
  form.set('examId', exam.id);
  form.set('uploadedBy', who.user.id);
  const res = await server.request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status).toBe(201);
  // read by the chart reader at once: not a pending slow reading
  expect(await res.json()).toMatchObject({ analysisPending: false, error: null });
  let note: Note | null = null;
  for (let i = 0; i < 80; i++) {
    note = (await (await server.request(`/api/exams/${exam.id}`, bearer(who.token))).json()).ambienteJson;
    if (note?.secondOpinion && note.secondOpinion.status !== 'pending') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const view = await (await server.request(`/api/exams/${exam.id}`, bearer(who.token))).json();
  const readings = (await (await server.request(`/api/exams/${exam.id}/readings`, bearer(who.token))).json()).items;
  return { note: view.ambienteJson as Note, readings, audiogram: view.audiogram };
}

describe('second opinion of the local model on a chart the chart reader read', () => {
  it('disagreeing on two points: both values kept, those points low confidence, the reading waits for the professional', async () => {
    ollama.behave('good');
    ollama.reply = modelAnswer([{ ear: 'right', hz: 1000, db: 15 }, { ear: 'left', hz: 4000, db: -20 }]);
    const { note, readings } = await uploadAndSettle();
    expect(note.source).toBe('chart-image');
    expect(note.secondOpinion).toEqual({
      status: 'disagreed', source: 'ollama:qwen2.5vl:7b',
      disagreements: [
        { ear: 'right', conduction: 'air', frequencyHz: 1000, primary: { value: 25, noResponse: false }, secondary: { value: 40, noResponse: false } },
        { ear: 'left', conduction: 'air', frequencyHz: 4000, primary: { value: 45, noResponse: false }, secondary: { value: 25, noResponse: false } },
      ],
    });
    expect(note.pointConfidence!.right.air['1000']).toBe('low');
    expect(note.pointConfidence!.left.air['4000']).toBe('low');
    expect(note.confidence).toBe('low');
    expect(note.observations.some((o) => o.includes('2 ponto(s) divergem'))).toBe(true);
    // the professional decides: a held reading with the chart reader's values and the opinion
    expect(note.reviewPending).toBeDefined();
    const held = readings.find((r: { id: string }) => r.id === note.reviewPending!.readingId);
    expect(held).toMatchObject({ status: 'pending', source: 'chart-image', secondOpinion: { status: 'disagreed' } });
    expect(held.reasons).toContain('confidence');
    expect(held.audiogram.air['1000']).toEqual({ re: 25, le: 10 });
    expect(held.audiogram.air['4000']).toEqual({ re: 60, le: 45 });
    expect(held.pointConfidence.right.air['1000']).toBe('low');
    expect(ollama.chatRequests()).toHaveLength(1);
  }, 60_000);

  it('agreeing within 5 dB: no disagreement, an observation saying so', async () => {
    ollama.behave('good');
    ollama.reply = modelAnswer([{ ear: 'right', hz: 2000, db: 5 }]);
    const { note } = await uploadAndSettle();
    expect(note.secondOpinion).toEqual({ status: 'agreed', source: 'ollama:qwen2.5vl:7b', disagreements: [] });
    expect(note.observations.some((o) => o.startsWith('Segunda opinião (ollama:qwen2.5vl:7b) concorda'))).toBe(true);
  }, 60_000);

  it('a model that does not answer in time: the chart reading stands, with an observation', async () => {
    ollama.behave('hang');
    const { note, readings, audiogram } = await uploadAndSettle();
    expect(note.secondOpinion).toMatchObject({ status: 'failed', disagreements: [] });
    expect(note.source).toBe('chart-image');
    expect(note.observations.some((o) => o.includes('não disponível') && o.includes('mantida a leitura de chart-image'))).toBe(true);
    // the chart reader's values: held for review (not high confidence) or already in the exam
    const held = readings.find((r: { id: string }) => r.id === note.reviewPending?.readingId);
    expect((held?.audiogram ?? audiogram).air['4000']).toEqual({ re: 60, le: 45 });
  }, 60_000);
});

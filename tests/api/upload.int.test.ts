import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWireAudiogram } from '../../core/src';
import { diffAgainstTruth, prng, randomThresholdSet, renderLayout, writeImagePdf, writeTextPdf } from '../fixtures/audiogram-generator';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { FakeOllama } from '../support/fake-ollama';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let a: Account;
let b: Account;
let work: string;
beforeAll(async () => {
  t = await startTestServer();
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-upload-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

async function newExam(who = a) {
  const p = await (await t.request('/api/patients', json({ name: 'Maria Upload', age: 40, sex: 'F' }, who.token))).json();
  return (await (await t.request('/api/exams', json({ patientId: p.id, date: '2025-02-01' }, who.token))).json()) as { id: string };
}

function upload(examId: string | undefined, bytes: Uint8Array | Buffer, fileName: string, who = a, opts: { uploadedBy?: string | null; server?: TestServer } = {}) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), fileName);
  if (examId !== undefined) form.set('examId', examId);
  if (opts.uploadedBy !== null) form.set('uploadedBy', opts.uploadedBy ?? who.user.id);
  return (opts.server ?? t).request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
}

const png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const rand = prng(7);
const set = randomThresholdSet(rand, 1);
const textPdf = () => writeTextPdf([renderLayout('A', set, rand)]);
const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.lmr')).length : 0);
const storedDir = () => path.join(t.dataDir, 'files');

describe('POST /api/files/upload', () => {
  it('reads a text-layer PDF, fills the exam and classifies it', async () => {
    const exam = await newExam();
    const pdf = textPdf();
    const res = await upload(exam.id, pdf, 'audiometria.pdf');
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ analysisSucceeded: true, analysisPending: false, error: null, file: { fileName: 'audiometria.pdf', mediaType: 'application/pdf' } });
    const read = await (await t.request(`/api/exams/${exam.id}`, bearer(a.token))).json();
    expect(diffAgainstTruth(set, fromWireAudiogram(read.audiogram))).toEqual([]);
    expect(read.classification.classification_right).toBeTruthy();
    const ambiente = JSON.parse(read.ambienteJson);
    expect(ambiente).toMatchObject({ extractedFrom: 'audiometria.pdf', source: 'pdf-text' });
    expect(['high', 'medium', 'low']).toContain(ambiente.confidence);
    const files = await (await t.request(`/api/exams/${exam.id}/files`, bearer(a.token))).json();
    expect(files).toHaveLength(1);
    const download = await t.request(files[0].storageUrl, bearer(a.token));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    expect((await t.request(files[0].storageUrl, bearer(b.token))).status).toBe(404);
  });

  it('stores files encrypted: the data directory never holds the plaintext', async () => {
    const exam = await newExam();
    const marker = Buffer.from('LIMIAR-PLAINTEXT-MARKER-7f3a9c');
    const pdf = Buffer.concat([Buffer.from(textPdf()).subarray(0, -6), Buffer.from(`\n% ${marker}\n%%EOF\n`)]);
    expect((await upload(exam.id, pdf, 'marcado.pdf')).status).toBe(201);
    const hits = (() => {
      try {
        return execFileSync('grep', ['-rl', marker.toString(), t.dataDir], { encoding: 'utf8' });
      } catch (e) {
        return (e as { stdout?: string }).stdout ?? '';
      }
    })();
    expect(hits).toBe('');
    const files = await (await t.request(`/api/exams/${exam.id}/files`, bearer(a.token))).json();
    const back = Buffer.from(await (await t.request(files[0].storageUrl, bearer(a.token))).arrayBuffer());
    expect(back.includes(marker)).toBe(true);
  });

  it('a PNG with no model configured ends in the manual-entry path, cleanly', async () => {
    const exam = await newExam();
    const res = await upload(exam.id, png1x1, 'foto.png');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ analysisSucceeded: false, analysisPending: false, error: 'A análise automática falhou. Por favor, preencha os dados manualmente' });
    const read = await (await t.request(`/api/exams/${exam.id}`, bearer(a.token))).json();
    expect(JSON.parse(read.ambienteJson)).toMatchObject({ analysisFailed: true, confidence: 'unknown' });
  });

  it('a PDF without a text layer is stored and ends in manual entry (no 5xx)', async () => {
    const exam = await newExam();
    const pdf = writeImagePdf({ rgb: new Uint8Array(3 * 4 * 4).fill(200) }, 4, 4);
    const res = await upload(exam.id, pdf, 'digitalizado.pdf');
    expect(res.status).toBe(201);
    expect((await res.json()).analysisSucceeded).toBe(false);
  });

  it.each([
    ['a text file renamed to .pdf', Buffer.from('isto não é um PDF, apenas texto'), 'laudo.pdf', 415, "O arquivo 'laudo.pdf' não é suportado. Apenas PDF, JPEG e PNG são aceitos."],
    ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'x.gif', 415, "O arquivo 'x.gif' não é suportado. Apenas PDF, JPEG e PNG são aceitos."],
    ['an empty file', Buffer.alloc(0), 'vazio.pdf', 400, "O arquivo 'vazio.pdf' está vazio."],
    ['a corrupted (truncated) PNG', png1x1.subarray(0, 40), 'quebrado.png', 400, "O arquivo 'quebrado.png' está corrompido ou incompleto."],
    ['10 MB + 1 byte', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1 - 9, 0x20)]), 'grande.pdf', 413, 'O arquivo é muito grande. Tamanho máximo: 10MB.'],
  ])('refuses %s, keeps serving, leaves no file', async (_c, bytes, name, status, message) => {
    const exam = await newExam();
    const before = filesIn(storedDir());
    const res = await upload(exam.id, bytes, name);
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe(message);
    expect(filesIn(storedDir())).toBe(before);
    expect(await (await t.request(`/api/exams/${exam.id}/files`, bearer(a.token))).json()).toEqual([]);
    expect((await t.request('/api/health')).status).toBe(200);
  });

  it('accepts exactly 10 MB (boundary)', async () => {
    const exam = await newExam();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 - 9 - 7, 0x20), Buffer.from('\n%%EOF\n')]);
    expect(pdf.length).toBe(10 * 1024 * 1024);
    expect((await upload(exam.id, pdf, 'limite.pdf')).status).toBe(201);
  });

  it('requires examId and uploadedBy', async () => {
    const exam = await newExam();
    for (const res of [await upload(undefined, png1x1, 'a.png'), await upload(exam.id, png1x1, 'a.png', a, { uploadedBy: null })]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('ExamId e UserId são necessários para upload');
    }
  });

  it("answers 404 for another organisation's exam and stores nothing", async () => {
    const exam = await newExam(a);
    const before = filesIn(storedDir());
    const res = await upload(exam.id, png1x1, 'a.png', b);
    expect(res.status).toBe(404);
    expect(filesIn(storedDir())).toBe(before);
  });

  it('requires a token', async () => {
    const form = new FormData();
    form.set('file', new Blob([png1x1]), 'a.png');
    expect((await t.request('/api/files/upload', { method: 'POST', body: form })).status).toBe(401);
  });
});

describe('with a local vision model (fake Ollama)', () => {
  it('queues the image, answers pending within 3 s, and the job fills the exam', async () => {
    const ollama = await new FakeOllama().start();
    const server = await startTestServer({ OLLAMA_HOST: ollama.host, OLLAMA_TIMEOUT_MS: '5000' });
    try {
      const who = await registerAccount(server);
      const p = await (await server.request('/api/patients', json({ name: 'Rui', age: 50, sex: 'M' }, who.token))).json();
      const exam = await (await server.request('/api/exams', json({ patientId: p.id, date: '2025-02-01' }, who.token))).json();
      const started = Date.now();
      const res = await upload(exam.id, png1x1, 'grafico.png', who, { server });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await res.json()).toMatchObject({ analysisSucceeded: false, analysisPending: true, error: null });
      let read: { audiogram: { air: Record<string, { re: unknown }> }; ambienteJson: string } | undefined;
      for (let i = 0; i < 40; i++) {
        read = await (await server.request(`/api/exams/${exam.id}`, bearer(who.token))).json();
        if (read!.audiogram.air['4000'].re !== null) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(read!.audiogram.air['4000'].re).toBe(50);
      expect(JSON.parse(read!.ambienteJson)).toMatchObject({ source: 'ollama:qwen2.5vl:7b' });
      expect(ollama.requests.some((r) => r.path === '/api/chat')).toBe(true);
    } finally {
      await server.close();
      await ollama.stop();
    }
  }, 60_000);

  it('a model that answers garbage ends in analysisFailed, not an error', async () => {
    const ollama = await new FakeOllama().start();
    ollama.behave('garbage');
    const server = await startTestServer({ OLLAMA_HOST: ollama.host, OLLAMA_TIMEOUT_MS: '5000' });
    try {
      const who = await registerAccount(server);
      const p = await (await server.request('/api/patients', json({ name: 'Rui', age: 50, sex: 'M' }, who.token))).json();
      const exam = await (await server.request('/api/exams', json({ patientId: p.id, date: '2025-02-01' }, who.token))).json();
      expect((await (await upload(exam.id, png1x1, 'g.png', who, { server })).json()).analysisPending).toBe(true);
      let ambiente: { analysisFailed?: boolean } = {};
      for (let i = 0; i < 40 && !ambiente.analysisFailed; i++) {
        await new Promise((r) => setTimeout(r, 250));
        ambiente = JSON.parse((await (await server.request(`/api/exams/${exam.id}`, bearer(who.token))).json()).ambienteJson);
      }
      expect(ambiente.analysisFailed).toBe(true);
    } finally {
      await server.close();
      await ollama.stop();
    }
  }, 60_000);
});

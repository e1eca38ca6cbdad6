import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWireAudiogram } from '../../core/src';
import { diffAgainstTruth, prng, renderLayout, writeImagePdf, writeTextPdf, type FixturePatient, type ThresholdSet } from '../fixtures/audiogram-generator';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { DEFAULT_VISION_REPLY, FakeOllama } from '../support/fake-ollama';
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
/** Every air and bone point on the grid, no NR: the text layer reads it with high confidence. */
const notch: ThresholdSet = {
  origin: 'test:notch',
  right: { air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 30, 4000: 45 } },
  left: { air: { 250: 10, 500: 15, 1000: 15, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: 30 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 40 } },
};
/** A text-layer PDF naming nobody, read with high confidence: applied at once. */
const textPdf = () => writeTextPdf([renderLayout('A', notch, rand)]);
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
    expect(diffAgainstTruth(notch, fromWireAudiogram(read.audiogram))).toEqual([]);
    expect(read.classification.classification_right).toBeTruthy();
    const ambiente = read.ambienteJson;
    expect(ambiente).toMatchObject({ extractedFrom: 'audiometria.pdf', source: 'pdf-text' });
    expect(ambiente.confidence).toBe('high');
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
    expect(read.ambienteJson).toMatchObject({ analysisFailed: true, confidence: 'unknown' });
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
  it('queues the image, answers pending within 3 s; the job holds the reading for review and confirming fills the exam', async () => {
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
      // A model reading is never better than medium: the job holds it for the professional (issue 14).
      let held: { id: string; reasons: string[]; status: string }[] = [];
      for (let i = 0; i < 40 && !held.length; i++) {
        await new Promise((r) => setTimeout(r, 250));
        held = (await (await server.request(`/api/exams/${exam.id}/readings`, bearer(who.token))).json()).items;
      }
      expect(held).toMatchObject([{ status: 'pending', reasons: ['confidence'] }]);
      const before = await (await server.request(`/api/exams/${exam.id}`, bearer(who.token))).json();
      expect(before.audiogram.air['4000'].re).toBeNull();
      expect(before.ambienteJson.reviewPending.readingId).toBe(held[0].id);
      const apply = await server.request(`/api/exams/${exam.id}/readings/${held[0].id}/apply`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` } });
      expect(apply.status).toBe(200);
      const read: { audiogram: { air: Record<string, { re: unknown }> }; ambienteJson: Record<string, unknown> } = await (await server.request(`/api/exams/${exam.id}`, bearer(who.token))).json();
      expect(read!.audiogram.air['4000'].re).toBe(50);
      expect(read!.ambienteJson).toMatchObject({ source: 'ollama:qwen2.5vl:7b', reviewedBy: who.user.id });
      expect(ollama.requests.some((r) => r.path === '/api/chat')).toBe(true);
    } finally {
      await server.close();
      await ollama.stop();
    }
  }, 60_000);

  it("the job holds a model reading that names another person, with the mismatch", async () => {
    const ollama = await new FakeOllama().start();
    ollama.reply = { ...DEFAULT_VISION_REPLY, patient: { name: 'João Pedro Araújo', cpf: null, birth_date: null } };
    const server = await startTestServer({ OLLAMA_HOST: ollama.host, OLLAMA_TIMEOUT_MS: '5000' });
    try {
      const who = await registerAccount(server);
      const p = await (await server.request('/api/patients', json({ name: 'Ana Paula Souza Lima', age: 41, sex: 'F' }, who.token))).json();
      const exam = await (await server.request('/api/exams', json({ patientId: p.id, date: '2025-02-01' }, who.token))).json();
      expect((await (await upload(exam.id, png1x1, 'grafico.png', who, { server })).json()).analysisPending).toBe(true);
      let held: { reasons: string[]; identity: { status: string; stated: { name?: string } } }[] = [];
      for (let i = 0; i < 40 && !held.length; i++) {
        await new Promise((r) => setTimeout(r, 250));
        held = (await (await server.request(`/api/exams/${exam.id}/readings`, bearer(who.token))).json()).items;
      }
      expect(held).toMatchObject([{ reasons: ['identity_mismatch', 'confidence'], identity: { status: 'mismatch', stated: { name: 'João Pedro Araújo' } } }]);
      const read = await (await server.request(`/api/exams/${exam.id}`, bearer(who.token))).json();
      expect(read.audiogram.air['4000'].re).toBeNull();
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
        ambiente = (await (await server.request(`/api/exams/${exam.id}`, bearer(who.token))).json()).ambienteJson ?? {};
      }
      expect(ambiente.analysisFailed).toBe(true);
    } finally {
      await server.close();
      await ollama.stop();
    }
  }, 60_000);
});

describe('identity check on upload (issue 14)', () => {
  const ANA = { name: 'Ana Paula Souza Lima', age: 41, sex: 'F', cpf: '529.982.247-25', birthDate: '1985-04-12' };
  const JOAO: FixturePatient = { name: 'João Pedro Araújo', cpf: '11144477735', birthDate: '1979-08-30' };
  const pdfNaming = (patient: FixturePatient | undefined, layout: 'A' | 'B' | 'C' | 'D' = 'A', set: ThresholdSet = notch) =>
    writeTextPdf([renderLayout(layout, set, prng(21), patient)]);

  /** Ana Paula's exam in a fresh account (her CPF is unique within an organisation). */
  async function anaExam() {
    const who = await registerAccount(t);
    const p = await (await t.request('/api/patients', json(ANA, who.token))).json();
    expect(p.id, JSON.stringify(p)).toBeTruthy();
    const exam = await (await t.request('/api/exams', json({ patientId: p.id, date: '2025-03-10' }, who.token))).json();
    return { who, patientId: p.id as string, examId: exam.id as string, classification: exam.classification };
  }
  const getExam = async (id: string, who = a) => (await t.request(`/api/exams/${id}`, bearer(who.token))).json();
  const readings = async (id: string, who = a) => (await (await t.request(`/api/exams/${id}/readings`, bearer(who.token))).json()).items;
  const post = (path: string, who = a) => t.request(path, { method: 'POST', headers: { authorization: `Bearer ${who.token}` } });
  const airOf = (exam: { audiogram: { air: Record<string, { re: unknown; le: unknown }> } }) => Object.values(exam.audiogram.air).filter((p) => p.re !== null || p.le !== null);

  it("holds a PDF of another person: the exam's thresholds and classification stay; confirming applies it", async () => {
    const { who, examId, classification } = await anaExam();
    const res = await upload(examId, pdfNaming({ ...JOAO, nameLabel: 'Paciente:' }), 'joao.pdf', who);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ analysisSucceeded: false, analysisPending: false, reviewPending: true, identityStatus: 'mismatch', confidence: 'high', error: null });

    const held = await getExam(examId, who);
    expect(airOf(held)).toEqual([]);
    expect(held.classification).toEqual(classification);
    expect(held.ambienteJson.reviewPending).toMatchObject({ readingId: body.readingId, fileName: 'joao.pdf', reasons: ['identity_mismatch'] });

    const [pending] = await readings(examId, who);
    expect(pending).toMatchObject({
      id: body.readingId, status: 'pending', reasons: ['identity_mismatch'], confidence: 'high', fileName: 'joao.pdf',
      identity: { status: 'mismatch', mismatched: ['name', 'cpf', 'birthDate'], stated: { name: 'João Pedro Araújo', cpf: '11144477735', birthDate: '1979-08-30' }, worker: { name: ANA.name, cpf: '52998224725', birthDate: '1985-04-12' } },
    });
    expect(pending.audiogram.air['4000']).toEqual({ re: 50, le: 45 });

    const applied = await post(`/api/exams/${examId}/readings/${body.readingId}/apply`, who);
    expect(applied.status, await applied.clone().text()).toBe(200);
    const answer = await applied.json();
    expect(answer.reading).toMatchObject({ status: 'applied', decidedBy: who.user.id });
    expect(diffAgainstTruth(notch, fromWireAudiogram(answer.exam.audiogram))).toEqual([]);
    const after = await getExam(examId, who);
    expect(diffAgainstTruth(notch, fromWireAudiogram(after.audiogram))).toEqual([]);
    expect(after.classification.classification_right).toBeTruthy();
    expect(after.classification).not.toEqual(classification);
    const note = after.ambienteJson;
    expect(note.reviewPending).toBeUndefined();
    expect(note).toMatchObject({ source: 'pdf-text', confidence: 'high', reviewedBy: who.user.id });
    expect(note.observations.join('\n')).toContain('apesar da identificação divergente (João Pedro Araújo)');
    expect((await post(`/api/exams/${examId}/readings/${body.readingId}/apply`, who)).status).toBe(409);
    expect((await post(`/api/exams/${examId}/readings/${body.readingId}/discard`, who)).status).toBe(409);
  });

  it.each([
    ['Nome: with the name in capitals and a middle name left out, CPF as digits', 'C', { name: 'ANA PAULA LIMA', nameLabel: 'Nome:', cpf: '52998224725', cpfStyle: 'digits' }],
    ['Nome do paciente, CPF formatted, Data de nasc.', 'A', { name: 'Ana Paula Souza Lima', nameLabel: 'Nome do paciente', cpf: '52998224725', cpfStyle: 'formatted', birthDate: '1985-04-12', birthLabel: 'Data de nasc.:' }],
    ['Patient: without accents and an abbreviated middle name, DOB', 'B', { name: 'Ana P. Souza Lima', nameLabel: 'Patient:', birthDate: '1985-04-12', birthLabel: 'DOB:' }],
    ['no patient named at all', 'D', undefined],
  ] as const)("applies at once a high-confidence PDF of the worker: %s", async (_, layout, patient) => {
    const { who, examId } = await anaExam();
    const body = await (await upload(examId, pdfNaming(patient as FixturePatient | undefined, layout), 'ana.pdf', who)).json();
    expect(body).toMatchObject({ analysisSucceeded: true, reviewPending: false, readingId: null });
    expect(diffAgainstTruth(notch, fromWireAudiogram((await getExam(examId, who)).audiogram))).toEqual([]);
    expect(await readings(examId, who)).toEqual([]);
  });

  it('holds a homonym with another CPF, naming the CPF', async () => {
    const { who, examId } = await anaExam();
    const body = await (await upload(examId, pdfNaming({ name: 'Ana Paula Souza Lima', cpf: '11144477735', nameLabel: 'Nome:' }, 'C'), 'homonima.pdf', who)).json();
    expect(body).toMatchObject({ reviewPending: true, identityStatus: 'mismatch' });
    const [pending] = await readings(examId, who);
    expect(pending.identity).toMatchObject({ matched: ['name'], mismatched: ['cpf'] });
    expect(airOf(await getExam(examId, who))).toEqual([]);
  });

  it('holds a reading of the worker that is not of high confidence, and one for an exam that already has thresholds', async () => {
    const { who, examId } = await anaExam();
    const { 8000: _dropped, ...leftAir } = notch.left.air as Record<number, number>;
    // 8 kHz missing on the left (a mandatory NR-7 frequency): the reading is at most medium.
    const medium: ThresholdSet = { ...notch, left: { air: leftAir, bone: notch.left.bone } };
    const body = await (await upload(examId, pdfNaming({ name: ANA.name }, 'A', medium), 'nr.pdf', who)).json();
    expect(body).toMatchObject({ reviewPending: true, identityStatus: 'match', confidence: 'medium' });
    expect((await readings(examId, who))[0].reasons).toEqual(['confidence']);
    expect((await post(`/api/exams/${examId}/readings/${body.readingId}/apply`, who)).status).toBe(200);
    const again = await (await upload(examId, pdfNaming({ name: ANA.name }), 'segunda.pdf', who)).json();
    expect(again).toMatchObject({ reviewPending: true, identityStatus: 'match', confidence: 'high' });
    const [latest] = await readings(examId, who);
    expect(latest.reasons).toEqual(['existing_thresholds']);
    expect((await getExam(examId, who)).audiogram.air['8000']).toEqual({ re: 25, le: null });
  });

  it('discarding leaves the exam empty and asks for manual entry; other organisations see nothing', async () => {
    const { who, examId } = await anaExam();
    const body = await (await upload(examId, pdfNaming(JOAO), 'joao.pdf', who)).json();
    expect((await t.request(`/api/exams/${examId}/readings`, bearer(a.token))).status).toBe(404);
    expect((await post(`/api/exams/${examId}/readings/${body.readingId}/apply`, a)).status).toBe(404);
    const discarded = await post(`/api/exams/${examId}/readings/${body.readingId}/discard`, who);
    expect(discarded.status).toBe(200);
    expect((await discarded.json()).status).toBe('discarded');
    const exam = await getExam(examId, who);
    expect(airOf(exam)).toEqual([]);
    expect(exam.ambienteJson).toMatchObject({ analysisFailed: true });
    expect(exam.ambienteJson.reviewPending).toBeUndefined();
  });
});

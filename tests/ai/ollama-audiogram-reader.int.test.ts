import { crc32, deflateSync } from 'node:zlib';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OllamaAudiogramReader } from '../../adapters/src/ai/ollama/ollama-audiogram-reader';
import { visionReadingFormat } from '../../adapters/src/ai/ollama/vision-reading-schema';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import { ReadAudiogram } from '../../core/src/use-cases/exams/read-audiogram';
import { noResponse } from '../../core/src/rules/index';
import { writeImagePdf, writeTextPdf } from '../fixtures/audiogram-generator/pdf-writer';
import { DEFAULT_VISION_REPLY, FakeOllama } from '../support/fake-ollama';

/** A real, tiny PNG (grey 8×8) so the bytes on the wire can be checked. */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array(8).fill(180)])));
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]));
}

const png = tinyPng();
const image = { bytes: png, mediaType: 'image/png' as const, fileName: 'audiograma.png' };
const fake = new FakeOllama();
const reader = (options: Partial<{ model: string; timeoutMs: number; host: string }> = {}) =>
  new OllamaAudiogramReader({ host: fake.host, model: 'qwen2.5vl:7b', timeoutMs: 5000, ...options });

beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => fake.behave('good'));

describe('OllamaAudiogramReader against a fake Ollama', () => {
  it('reads a good answer, every point medium at most, with its source', async () => {
    const outcome = await reader().read(image);
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(outcome.reading.right).toEqual({ air: { 500: 15, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 }, bone: { 500: 10, 1000: 15 } });
    expect(outcome.reading.left).toEqual({ air: { 500: 20, 1000: 20, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: noResponse(110) } });
    expect(outcome.reading.confidence).toBe('medium');
    expect(outcome.reading.pointConfidence.left.air[8000]).toBe('medium');
    expect(outcome.reading.source).toBe('ollama:qwen2.5vl:7b');
  });

  it('carries the patient the model says the page names, dropping what it cannot use', async () => {
    fake.reply = { ...DEFAULT_VISION_REPLY, patient: { name: ' João Pedro Araújo ', cpf: '529.982.247-25', birth_date: '30/08/1979' } };
    try {
      const outcome = await reader().read(image);
      expect(outcome.status).toBe('read');
      if (outcome.status !== 'read') return;
      expect(outcome.reading.identity).toEqual({ name: 'João Pedro Araújo', cpf: '52998224725' });
    } finally {
      fake.reply = DEFAULT_VISION_REPLY;
    }
    const anonymous = await reader().read(image);
    expect(anonymous.status === 'read' && anonymous.reading.identity).toBeUndefined();
  });

  it('sends a request that matches the Ollama API (model, stream:false, JSON-schema format, temperature 0, base64 image)', async () => {
    await reader().read(image);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/tags', 'POST /api/show', 'POST /api/chat']);
    const [chat] = fake.chatRequests();
    expect(chat.headers['content-type']).toBe('application/json');
    expect(chat.headers['user-agent']).toMatch(/^ollama-js\/0\.6\.4/);
    expect(chat.body).toMatchObject({ model: 'qwen2.5vl:7b', stream: false, options: { temperature: 0 }, keep_alive: '5m' });
    expect(chat.body.format).toEqual(visionReadingFormat);
    expect(chat.body.format).toMatchObject({ type: 'object', required: ['is_audiogram', 'right', 'left'] });
    expect(chat.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    const [sent] = chat.body.messages[1].images as string[];
    expect(typeof sent).toBe('string');
    expect(sent.startsWith('data:')).toBe(false);
    expect(new Uint8Array(Buffer.from(sent, 'base64'))).toEqual(png);
  });

  it('sends each page of a PDF as a PNG rendered by pdftoppm, one request per page', async () => {
    fake.behave('not-audiogram', 'good');
    const pdf = writeTextPdf([{ texts: [{ x: 40, y: 800, size: 12, text: 'Capa do exame' }] }, { texts: [{ x: 40, y: 800, size: 12, text: 'Audiograma' }] }]);
    const outcome = await reader().read({ bytes: pdf, mediaType: 'application/pdf', fileName: 'exame.pdf' });
    expect(outcome.status).toBe('read');
    const chats = fake.chatRequests();
    expect(chats).toHaveLength(2);
    for (const chat of chats) expect(chat.body.messages[1].images[0]).toMatch(/^iVBORw0KGgo/);
  });

  it('a picture that is not an audiogram is not applicable', async () => {
    fake.behave('not-audiogram');
    expect(await reader().read(image)).toEqual({ status: 'not_applicable', reason: 'O modelo não encontrou audiograma na imagem.' });
  });

  it('garbage instead of JSON fails', async () => {
    fake.behave('garbage');
    expect(await reader().read(image)).toEqual({ status: 'failed', reason: 'A resposta do modelo não é um JSON válido.' });
  });

  it('a value out of range rejects the whole reading', async () => {
    fake.behave('out-of-range');
    const outcome = await reader().read(image);
    expect(outcome.status).toBe('failed');
    expect(outcome.status === 'failed' && outcome.reason).toContain('Valor 150 dB fora da faixa de -10 a 120 dB NA (orelha direita, via aérea, 500 Hz)');
  });

  it('off-grid values are snapped, flagged low and noted', async () => {
    fake.behave('off-grid');
    const outcome = await reader().read(image);
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(outcome.reading.right.air[500]).toBe(20); // 18 → 20
    expect(outcome.reading.pointConfidence.right.air[500]).toBe('low');
    expect(outcome.reading.confidence).toBe('low');
    expect(outcome.reading.observations).toContain('orelha direita, via aérea, 500 Hz: 18 dB ajustado para 20 dB (grade de 5 dB).');
  });

  it('an answer without the left ear fails the schema check', async () => {
    fake.behave('missing-ear');
    expect(await reader().read(image)).toEqual({ status: 'failed', reason: expect.stringMatching(/^A resposta do modelo não segue o esquema \(left: /) });
  });

  it('an answer with no points for one ear fails', async () => {
    fake.behave('empty-ear');
    expect(await reader().read(image)).toEqual({ status: 'failed', reason: 'Leitura do modelo rejeitada: Nenhum limiar de via aérea na orelha esquerda; leitura descartada.' });
  });

  it('a truncated answer (done_reason length) fails', async () => {
    fake.behave('truncated');
    expect(await reader().read(image)).toEqual({ status: 'failed', reason: 'Resposta do modelo truncada (limite de tokens atingido); leitura descartada.' });
  });

  it('a model that is not installed is unavailable (404 on /api/show), and no image is sent', async () => {
    const outcome = await reader({ model: 'llava:13b' }).read(image);
    expect(outcome).toEqual({ status: 'unavailable', reason: `Modelo "llava:13b" não encontrado no Ollama em ${fake.host} (instale com "ollama pull llava:13b").` });
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it('a 404 for the model on /api/chat (removed meanwhile) is unavailable', async () => {
    fake.behave('unknown-model');
    expect((await reader().read(image)).status).toBe('unavailable');
  });

  it('a model without vision is unavailable', async () => {
    fake.installedModels.push({ name: 'llama3.2:3b', capabilities: ['completion', 'tools'] });
    const outcome = await reader({ model: 'llama3.2:3b' }).read(image);
    expect(outcome).toEqual({ status: 'unavailable', reason: 'O modelo "llama3.2:3b" não aceita imagens; configure um modelo de visão (ex.: qwen2.5vl:7b).' });
  });

  it('503 busy fails', async () => {
    fake.behave('busy');
    expect(await reader().read(image)).toEqual({ status: 'failed', reason: 'Ollama ocupado (503); tente novamente mais tarde.' });
  });

  it('a model that hangs is cut at the timeout', async () => {
    fake.behave('hang');
    const started = performance.now();
    const outcome = await reader({ timeoutMs: 300 }).read(image);
    expect(outcome).toEqual({ status: 'failed', reason: 'O modelo não respondeu em 300 ms; leitura interrompida.' });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('no Ollama listening is unavailable, not an error', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const host = `http://127.0.0.1:${port}`;
    expect(await reader({ host }).read(image)).toEqual({ status: 'unavailable', reason: `Ollama não acessível em ${host}.` });
  });
});

describe('ReadAudiogram with the PDF text reader, then Ollama', () => {
  it('a scanned PDF falls through the text reader to the vision model', async () => {
    const scanned = writeImagePdf({ rgb: new Uint8Array(60 * 40 * 3).fill(230) }, 60, 40);
    const result = await new ReadAudiogram([new PdfTextAudiogramReader(), reader()]).execute({ bytes: scanned, mediaType: 'application/pdf', fileName: 'scan.pdf' });
    expect(result.status).toBe('read');
    expect(result.attempts).toEqual([
      { reader: 'pdf-text', status: 'not_applicable', reason: 'PDF sem camada de texto (provavelmente digitalizado); a leitura por texto não se aplica.' },
      { reader: 'ollama:qwen2.5vl:7b', status: 'read' },
    ]);
  });

  it('a garbage answer leaves the exam to manual entry with both attempts recorded', async () => {
    fake.behave('garbage');
    const result = await new ReadAudiogram([new PdfTextAudiogramReader(), reader()]).execute(image);
    expect(result).toEqual({
      status: 'failed',
      attempts: [
        { reader: 'pdf-text', status: 'not_applicable', reason: 'O arquivo não é PDF; a leitura da camada de texto não se aplica.' },
        { reader: 'ollama:qwen2.5vl:7b', status: 'failed', reason: 'A resposta do modelo não é um JSON válido.' },
      ],
    });
  });
});

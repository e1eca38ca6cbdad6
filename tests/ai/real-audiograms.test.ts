import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OllamaAudiogramReader } from '../../adapters/src/ai/ollama/ollama-audiogram-reader';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import { ReadAudiogram } from '../../core/src/use-cases/exams/read-audiogram';
import { SHARED_DIR } from '../support/shared-dir';

/**
 * The real audiogram pictures of the shared eval set (not shipped: no licence for some). With no
 * vision model on this machine, each must end cleanly in "fill manually": text reader not applicable,
 * Ollama unavailable, no throw.
 */
const EVAL_DIR = `${SHARED_DIR}/eval/audiograms-real`;
const images = existsSync(EVAL_DIR)
  ? readdirSync(EVAL_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort()
  : [];

let host = '';
beforeAll(async () => {
  // A port that was free a moment ago: nothing listens there, so connections are refused.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  host = `http://127.0.0.1:${port}`;
});

describe.skipIf(!images.length)('real audiogram images without a vision model', () => {
  it('finds the four images of the eval set', () => expect(images).toHaveLength(4));

  it.each(images)('%s ends in the manual-entry path with both attempts recorded', async (file) => {
    const pipeline = new ReadAudiogram([new PdfTextAudiogramReader(), new OllamaAudiogramReader({ host, model: 'qwen2.5vl:7b', timeoutMs: 2000 })]);
    const mediaType = /\.png$/i.test(file) ? 'image/png' : 'image/jpeg';
    const result = await pipeline.execute({ bytes: readFileSync(path.join(EVAL_DIR, file)), mediaType, fileName: path.basename(file) });
    expect(result).toEqual({
      status: 'failed',
      attempts: [
        { reader: 'pdf-text', status: 'not_applicable', reason: 'O arquivo não é PDF; a leitura da camada de texto não se aplica.' },
        { reader: 'ollama:qwen2.5vl:7b', status: 'unavailable', reason: `Ollama não acessível em ${host}.` },
      ],
    });
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OllamaAudiogramReader } from '../../adapters/src/ai/ollama/ollama-audiogram-reader';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import { ReadAudiogram } from '../../core/src/use-cases/exams/read-audiogram';
import { SHARED_DIR } from '../support/shared-dir';
import { readChartPicture } from '../../adapters/src/ai/chart-image/chart-reading';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../core/src/audiogram/frequencies';
import { isNoResponse, type Threshold } from '../../core/src/rules/index';

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

/**
 * The chart-image reader (no model) on the same pictures, against the team's annotations: the points
 * an exam holds (air 250–8000 Hz, bone 500–4000 Hz) read exactly. 79 of 86 on 2026-11-28 (issue 17's
 * target is 85 %, 74 points); the floor here is 76, so a change that loses more than three points fails.
 */
describe.skipIf(!images.length)('real audiogram images read by the chart reader', () => {
  afterAll(() => stopAxisLabelReader());

  it('reads at least 76 of the 86 points exactly, none of the four images below half', async () => {
    let exact = 0;
    let total = 0;
    for (const file of images) {
      const annotated = JSON.parse(readFileSync(path.join(EVAL_DIR, file).replace(/\.(png|jpe?g)$/i, '.json'), 'utf8')) as
        { thresholds: { ear: 'right' | 'left'; conduction: 'air' | 'bone'; frequency: number; threshold: number }[] };
      const truth = annotated.thresholds.filter((t) => (t.conduction === 'air' ? (AIR_FREQUENCIES as readonly number[]) : (BONE_FREQUENCIES as readonly number[])).includes(t.frequency));
      const outcome = await readChartPicture(new Uint8Array(readFileSync(path.join(EVAL_DIR, file))));
      expect(outcome.status, file).toBe('read');
      if (outcome.status !== 'read') continue;
      let here = 0;
      for (const t of truth) {
        const v = (outcome.reading[t.ear][t.conduction] as Readonly<Record<number, Threshold | undefined>> | undefined)?.[t.frequency];
        if (v !== undefined && v !== null && !isNoResponse(v) && v === t.threshold) here++;
      }
      expect(here, file).toBeGreaterThanOrEqual(truth.length / 2);
      exact += here;
      total += truth.length;
    }
    expect(total).toBe(86);
    expect(exact).toBeGreaterThanOrEqual(76);
  }, 60_000);

  it('keeps an air symbol weaker than a shape fitted across it and its bracket (13.png, 1.jpg)', async () => {
    // 13.png, right ear, 2000 Hz: a △ fitted across the O and the `[` touching it outscores the O; the O
    // was dropped as the bracket's, and a pair △ + [ found in its place read the point as 15 dB, no response.
    // 1.jpg, right ear, 4000 Hz: the O was dropped likewise, its strokes stayed, and its `[` was not found.
    const read = async (file: string) => {
      const outcome = await readChartPicture(new Uint8Array(readFileSync(path.join(EVAL_DIR, file))));
      expect(outcome.status, file).toBe('read');
      return outcome.status === 'read' ? outcome.reading : undefined;
    };
    const thirteen = await read(images.find((f) => f.endsWith('13.png'))!);
    expect(thirteen?.right.air[2000]).toBe(20);
    const one = await read(images.find((f) => f.endsWith('1.jpg'))!);
    expect(one?.right.air[4000]).toBe(55);
    expect(one?.right.bone?.[4000]).toBe(55);
  }, 60_000);
});

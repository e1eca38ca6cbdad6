import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OllamaAudiogramReader } from '../../adapters/src/ai/ollama/ollama-audiogram-reader';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import { isNoResponse, type EarAudiogram, type Threshold } from '../../core/src/rules/index';
import { ReadAudiogram } from '../../core/src/use-cases/exams/read-audiogram';
import { diffAgainstTruth, generateChartImages, type GeneratedFixture } from '../fixtures/audiogram-generator';
import { FakeOllama, type FakeVisionPoint, type FakeVisionReply } from '../support/fake-ollama';

const dir = mkdtempSync(path.join(os.tmpdir(), 'limiar-charts-'));
const fake = new FakeOllama();
let charts: GeneratedFixture[] = [];

beforeAll(async () => {
  await fake.start();
  charts = await generateChartImages(dir, 4, 2026);
});
afterAll(async () => {
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The answer a perfect vision model would give for a chart: its ground truth in the model's schema. */
function perfectAnswer(truth: { right: EarAudiogram; left: EarAudiogram }): FakeVisionReply {
  const points = (values: Readonly<Partial<Record<number, Threshold>>> | undefined): FakeVisionPoint[] =>
    Object.entries(values ?? {}).flatMap(([hz, t]) =>
      t === null || t === undefined ? [] : [{ frequency_hz: Number(hz), threshold_db_hl: isNoResponse(t) ? t.level : t, no_response: isNoResponse(t) }]);
  const ear = (e: EarAudiogram) => ({ air: points(e.air), bone: points(e.bone) });
  return { is_audiogram: true, right: ear(truth.right), left: ear(truth.left) };
}

describe('generateChartImages', () => {
  it('writes PNG and JPEG charts in both styles with ground truth beside each', () => {
    expect(charts.map((c) => path.basename(c.path))).toEqual(['chart-0000-classic.png', 'chart-0001-split.png', 'chart-0002-classic.jpg', 'chart-0003-split.jpg']);
    for (const chart of charts) {
      const bytes = readFileSync(chart.path);
      if (chart.mediaType === 'image/png') expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      else expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(bytes.length).toBeGreaterThan(10_000);
      expect(existsSync(`${chart.path}.json`)).toBe(true);
      expect(JSON.parse(readFileSync(`${chart.path}.json`, 'utf8'))).toEqual(chart.truth);
    }
  });
});

describe('the reading pipeline on generated charts', () => {
  it('with a vision model that answers the truth, every chart reads exactly', async () => {
    for (const chart of charts) {
      fake.reply = perfectAnswer(chart.truth);
      fake.behave('good');
      const pipeline = new ReadAudiogram([new PdfTextAudiogramReader(), new OllamaAudiogramReader({ host: fake.host, model: 'qwen2.5vl:7b', timeoutMs: 5000 })]);
      const result = await pipeline.execute({ bytes: readFileSync(chart.path), mediaType: chart.mediaType, fileName: path.basename(chart.path) });
      expect(result.status).toBe('read');
      if (result.status === 'read') expect(diffAgainstTruth(chart.truth, result.reading)).toEqual([]);
    }
  });

  it('with no model, every chart ends in the manual-entry path', async () => {
    const pipeline = new ReadAudiogram([new PdfTextAudiogramReader(), new OllamaAudiogramReader({ host: 'http://127.0.0.1:9', model: 'qwen2.5vl:7b', timeoutMs: 2000 })]);
    for (const chart of charts) {
      const result = await pipeline.execute({ bytes: readFileSync(chart.path), mediaType: chart.mediaType, fileName: path.basename(chart.path) });
      expect(result).toEqual({
        status: 'failed',
        attempts: [
          { reader: 'pdf-text', status: 'not_applicable', reason: 'O arquivo não é PDF; a leitura da camada de texto não se aplica.' },
          { reader: 'ollama:qwen2.5vl:7b', status: 'unavailable', reason: 'Ollama não acessível em http://127.0.0.1:9.' },
        ],
      });
    }
  });
});

/**
 * Audiogram reading (issue 6). Measures, against a baseline from the same run:
 * (a) the PDF text-layer reader on ≥ 300 generated exports over the layouts A–D: exact-match rate
 *     against the ground truth (target 100 %) and median / p95 ms per file (target median < 300 ms);
 *     baseline: pdfjs getDocument + getTextContent alone on the same files;
 * (b) the whole pipeline (PDF text, then Ollama at OLLAMA_HOST) on generated charts and on the real
 *     images of /work/shared/eval/audiograms-real: outcome of each (with no model: "fill manually"),
 *     and exact / within-5-dB counts when a model did read.
 * Run: `npm run bench audiogram` or `node --import tsx tests/bench/audiogram-reading.bench.ts`.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { OllamaAudiogramReader } from '../../adapters/src/ai/ollama/ollama-audiogram-reader';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import type { AudiogramReading } from '../../core/src/audiogram/reading';
import { isNoResponse, type Threshold } from '../../core/src/rules/index';
import { describeAttempts, ReadAudiogram } from '../../core/src/use-cases/exams/read-audiogram';
import { diffAgainstTruth, generateChartImages, generatePdfFixtures, PDF_LAYOUTS } from '../fixtures/audiogram-generator';
import { SHARED_DIR } from '../support/shared-dir';

const PDF_COUNT = 320;
const CHART_COUNT = 8;
const REAL_DIR = `${SHARED_DIR}/eval/audiograms-real`;
const ollama = {
  host: process.env.OLLAMA_HOST || 'http://127.0.0.1:11434',
  model: process.env.OLLAMA_VISION_MODEL || 'qwen2.5vl:7b',
  timeoutMs: Number(process.env.OLLAMA_TIMEOUT_MS || 60_000),
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-audiogram-'));
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;
let failedTargets = 0;

async function baselineText(bytes: Uint8Array): Promise<number> {
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  const doc = await task.promise;
  let items = 0;
  for (let n = 1; n <= doc.numPages; n++) items += (await (await doc.getPage(n)).getTextContent()).items.length;
  await task.destroy();
  return items;
}

try {
  // (a) text-layer PDFs
  let t0 = performance.now();
  const fixtures = generatePdfFixtures(path.join(dir, 'pdf'), PDF_COUNT, 20260601);
  console.log(`generated ${fixtures.length} text-layer PDFs (layouts ${PDF_LAYOUTS.join(', ')}) in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  const files = fixtures.map((f) => ({ f, bytes: new Uint8Array(readFileSync(f.path)) }));
  const reader = new PdfTextAudiogramReader();
  for (const { bytes } of files.slice(0, 5)) { // warm-up (module compilation, font data)
    await reader.read({ bytes, mediaType: 'application/pdf', fileName: 'warm.pdf' });
    await baselineText(bytes);
  }

  const times: number[] = [];
  const baseTimes: number[] = [];
  const byLayout = new Map<string, { n: number; exact: number }>();
  const misses: string[] = [];
  for (const { f, bytes } of files) {
    t0 = performance.now();
    await baselineText(bytes);
    baseTimes.push(performance.now() - t0);
    t0 = performance.now();
    const outcome = await reader.read({ bytes, mediaType: 'application/pdf', fileName: f.truth.file });
    times.push(performance.now() - t0);
    const stats = byLayout.get(f.truth.variant) ?? { n: 0, exact: 0 };
    byLayout.set(f.truth.variant, stats);
    stats.n++;
    const diff = outcome.status === 'read' ? diffAgainstTruth(f.truth, outcome.reading) : [`${outcome.status}: ${outcome.reason}`];
    if (diff.length) misses.push(`${f.truth.file}: ${diff.slice(0, 3).join('; ')}`);
    else stats.exact++;
  }
  const exact = files.length - misses.length;
  const rate = (100 * exact) / files.length;
  const median = quantile(times, 0.5);
  const baseMedian = quantile(baseTimes, 0.5);
  console.log(`(a) PDF text reader: exact match ${exact}/${files.length} = ${rate.toFixed(1)} % (target 100 %)`);
  console.log(`    per layout: ${[...byLayout].map(([l, s]) => `${l} ${s.exact}/${s.n}`).join(', ')}`);
  console.log(`    time per file: median ${ms(median)}, p95 ${ms(quantile(times, 0.95))}, max ${ms(Math.max(...times))} (target median < 300 ms)`);
  console.log(`    baseline pdfjs getDocument+getTextContent: median ${ms(baseMedian)}, p95 ${ms(quantile(baseTimes, 0.95))}; ratio reader/baseline = ${(median / baseMedian).toFixed(2)}×`);
  for (const m of misses.slice(0, 10)) console.log(`    miss ${m}`);
  if (rate < 100) failedTargets++;
  if (median >= 300) failedTargets++;

  // (b) the pipeline on pictures: generated charts, then the real images
  const pipeline = new ReadAudiogram([new PdfTextAudiogramReader(), new OllamaAudiogramReader(ollama)]);
  console.log(`(b) pipeline pdf-text → ollama (${ollama.model} at ${ollama.host}, timeout ${ollama.timeoutMs} ms)`);
  t0 = performance.now();
  const charts = await generateChartImages(path.join(dir, 'charts'), CHART_COUNT, 20260602);
  console.log(`    generated ${charts.length} chart images (PNG/JPEG, 2 styles) in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  const tally = new Map<string, number>();
  let chartExact = 0;
  for (const chart of charts) {
    const result = await pipeline.execute({ bytes: readFileSync(chart.path), mediaType: chart.mediaType, fileName: chart.truth.file });
    const key = result.status === 'read' ? 'read' : `failed (${result.attempts.map((a) => `${a.reader} ${a.status}`).join(', ')})`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
    if (result.status === 'read' && !diffAgainstTruth(chart.truth, result.reading).length) chartExact++;
  }
  console.log(`    generated charts: ${[...tally].map(([k, n]) => `${n} × ${k}`).join('; ')}; exact ${chartExact}/${charts.length}`);

  if (!existsSync(REAL_DIR)) console.log(`    real images: ${REAL_DIR} not found, skipped`);
  else {
    const images = readdirSync(REAL_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
    for (const file of images) {
      t0 = performance.now();
      const mediaType = /\.png$/i.test(file) ? 'image/png' : 'image/jpeg';
      const result = await pipeline.execute({ bytes: readFileSync(path.join(REAL_DIR, file)), mediaType, fileName: file });
      const took = ms(performance.now() - t0);
      if (result.status === 'read') console.log(`    ${file}: read (${result.reading.confidence}) in ${took}; ${scoreReal(path.join(REAL_DIR, file), result.reading)}`);
      else console.log(`    ${file}: failed → preencher manualmente, in ${took}; ${describeAttempts(result.attempts).join(' | ')}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(failedTargets ? `${failedTargets} target(s) missed` : 'targets met');
process.exit(failedTargets ? 1 : 0);

/** Scores a reading against the team's annotation (`<image>.json`): exact and within 5 dB. */
function scoreReal(imagePath: string, reading: AudiogramReading): string {
  const truthFile = imagePath.replace(/\.(png|jpe?g)$/i, '.json');
  if (!existsSync(truthFile)) return 'no annotation';
  const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as { thresholds: { ear: 'right' | 'left'; conduction: 'air' | 'bone'; frequency: number; threshold: number }[] };
  let exact = 0;
  let near = 0;
  for (const t of truth.thresholds) {
    const ear = reading[t.ear];
    const value = (t.conduction === 'air' ? ear.air : (ear.bone ?? {})) as Record<number, Threshold>;
    const got = value[t.frequency];
    const level = got === null || got === undefined ? undefined : isNoResponse(got) ? got.level : got;
    if (level === t.threshold) exact++;
    if (level !== undefined && Math.abs(level - t.threshold) <= 5) near++;
  }
  return `${exact}/${truth.thresholds.length} exact, ${near}/${truth.thresholds.length} within 5 dB`;
}

/**
 * Audiogram reading (issue 6). Measures, against a baseline from the same run:
 * (a) the PDF text-layer reader on ≥ 300 generated exports over the layouts A–D: exact-match rate
 *     against the ground truth (target 100 %) and median / p95 ms per file (target median < 300 ms);
 *     baseline: pdfjs getDocument + getTextContent alone on the same files;
 * (b) the whole pipeline (PDF text, then Ollama at OLLAMA_HOST) on generated charts and on the real
 *     images of /work/shared/eval/audiograms-real: outcome of each (with no model: "fill manually"),
 *     and exact / within-5-dB counts when a model did read.
 * (c) the chart-image reader (no model) on CHART_BENCH_COUNT (default 300) generated pictures of many
 *     styles and degradations, and on the real images: exact share per threshold point after the 5 dB
 *     snap, per style trait and per degradation, the confidence calibration, p50/p95 ms and peak RSS.
 * Run: `npm run bench audiogram` or `node --import tsx tests/bench/audiogram-reading.bench.ts`
 * (`CHART_BENCH_ONLY=1` runs part (c) alone).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { OllamaAudiogramReader } from '../../adapters/src/ai/ollama/ollama-audiogram-reader';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import type { AudiogramReading } from '../../core/src/audiogram/reading';
import { isNoResponse, type Threshold } from '../../core/src/rules/index';
import { describeAttempts, ReadAudiogram } from '../../core/src';
import { diffAgainstTruth, generateChartImages, generatePdfFixtures, PDF_LAYOUTS } from '../fixtures/audiogram-generator';
import { SHARED_DIR } from '../support/shared-dir';
import { readChartImage, stopChartImageReader } from '../../adapters/src/ai/chart-image';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../core/src/audiogram/frequencies';
import { generateChartCases } from '../fixtures/audiogram-generator/chart-corpus';
import type { ReadingConfidence } from '../../core/src/audiogram/reading';

class SkipRest extends Error {}

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
  if (process.env.CHART_BENCH_ONLY) {
    failedTargets += await benchChartReader();
    throw new SkipRest();
  }
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
  failedTargets += await benchChartReader();
} catch (error) {
  if (!(error instanceof SkipRest)) throw error;
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

interface PointTruth { key: string; level: number; nr: boolean }

/** Truth points a reading can hold (air 250–8000 Hz, bone 500–4000 Hz), keyed "right.air.500". */
function truthPoints(right: EarAudiogramLike, left: EarAudiogramLike): PointTruth[] {
  const out: PointTruth[] = [];
  for (const [side, ear] of [['right', right], ['left', left]] as const) {
    for (const conduction of ['air', 'bone'] as const) {
      for (const [hz, t] of Object.entries((ear[conduction] ?? {}) as Record<string, Threshold>)) {
        if (t === null || t === undefined) continue;
        out.push({ key: `${side}.${conduction}.${hz}`, level: isNoResponse(t) ? t.level : t, nr: isNoResponse(t) });
      }
    }
  }
  return out;
}
type EarAudiogramLike = { air: Readonly<Record<number, Threshold | undefined>>; bone?: Readonly<Record<number, Threshold | undefined>> };

/** Per point: exact (level and NR flag after the snap), plus each read point's confidence and correctness. */
function scorePoints(truth: PointTruth[], reading: AudiogramReading | null, checkNr = true) {
  const read = new Map<string, { level: number; nr: boolean; confidence: ReadingConfidence }>();
  if (reading) {
    for (const side of ['right', 'left'] as const) {
      for (const conduction of ['air', 'bone'] as const) {
        for (const [hz, t] of Object.entries((reading[side][conduction] ?? {}) as Record<string, Threshold>)) {
          if (t === null || t === undefined) continue;
          const confidence = (reading.pointConfidence[side][conduction] as Record<string, ReadingConfidence>)[hz] ?? 'low';
          read.set(`${side}.${conduction}.${hz}`, { level: isNoResponse(t) ? t.level : t, nr: isNoResponse(t), confidence });
        }
      }
    }
  }
  const truthKeys = new Map(truth.map((t) => [t.key, t]));
  let exact = 0;
  for (const t of truth) {
    const r = read.get(t.key);
    if (r && r.level === t.level && (!checkNr || r.nr === t.nr)) exact++;
  }
  const judged = [...read].map(([key, r]) => {
    const t = truthKeys.get(key);
    return { confidence: r.confidence, correct: !!t && t.level === r.level && (!checkNr || t.nr === r.nr) };
  });
  return { exact, total: truth.length, judged };
}

/** Part (c): the chart-image reader alone. Returns the number of missed targets. */
async function benchChartReader(): Promise<number> {
  const count = Number(process.env.CHART_BENCH_COUNT || 300);
  let t0 = performance.now();
  const cases = await generateChartCases(count, 20261125);
  console.log(`(c) chart-image reader: generated ${cases.length} chart pictures in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await readChartImage(cases[0].bytes); // warm-up: the reader's thread, sharp, the OCR worker
  const byTrait = new Map<string, { exact: number; total: number }>();
  const byDegradation = new Map<string, { exact: number; total: number }>();
  const calibration = new Map<ReadingConfidence, { n: number; correct: number }>();
  const outcomes = new Map<string, number>();
  const times: number[] = [];
  let wrong = 0;
  let wrongLow = 0;
  let peak = process.memoryUsage().rss;
  const add = (m: Map<string, { exact: number; total: number }>, k: string, e: number, t: number) => {
    const v = m.get(k) ?? { exact: 0, total: 0 };
    m.set(k, { exact: v.exact + e, total: v.total + t });
  };
  const judge = (judged: { confidence: ReadingConfidence; correct: boolean }[]) => {
    for (const j of judged) {
      const c = calibration.get(j.confidence) ?? { n: 0, correct: 0 };
      calibration.set(j.confidence, { n: c.n + 1, correct: c.correct + (j.correct ? 1 : 0) });
      if (!j.correct) {
        wrong++;
        if (j.confidence === 'low') wrongLow++;
      }
    }
  };
  for (const c of cases) {
    t0 = performance.now();
    const outcome = await readChartImage(c.bytes);
    times.push(performance.now() - t0);
    peak = Math.max(peak, process.memoryUsage().rss);
    outcomes.set(outcome.status, (outcomes.get(outcome.status) ?? 0) + 1);
    const score = scorePoints(truthPoints(c.truth.right, c.truth.left), outcome.status === 'read' ? outcome.reading : null);
    judge(score.judged);
    add(byDegradation, c.degradation, score.exact, score.total);
    for (const trait of c.spec.name.split('+')) add(byTrait, trait, score.exact, score.total);
    add(byTrait, c.degradation === 'clean' ? 'ALL clean' : 'ALL degraded', score.exact, score.total);
  }
  const pct = (v: { exact: number; total: number }) => `${((100 * v.exact) / Math.max(1, v.total)).toFixed(1)} % (${v.exact}/${v.total})`;
  console.log(`    outcomes: ${[...outcomes].map(([k, n]) => `${n} × ${k}`).join(', ')}`);
  console.log('    exact per threshold point, by style trait:');
  for (const [k, v] of [...byTrait].sort()) console.log(`      ${k.padEnd(14)} ${pct(v)}`);
  console.log('    by degradation:');
  for (const [k, v] of byDegradation) console.log(`      ${k.padEnd(14)} ${pct(v)}`);

  let realExact = 0;
  let realTotal = 0;
  if (existsSync(REAL_DIR)) {
    const images = readdirSync(REAL_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
    for (const file of images) {
      const truthFile = path.join(REAL_DIR, file).replace(/\.(png|jpe?g)$/i, '.json');
      if (!existsSync(truthFile)) continue;
      const annotated = JSON.parse(readFileSync(truthFile, 'utf8')) as { thresholds: { ear: 'right' | 'left'; conduction: 'air' | 'bone'; frequency: number; threshold: number }[] };
      // Only the points a reading can hold (air 250–8000, bone 500–4000); NR not annotated.
      const truth = annotated.thresholds
        .filter((t) => (t.conduction === 'air' ? (AIR_FREQUENCIES as readonly number[]) : (BONE_FREQUENCIES as readonly number[])).includes(t.frequency))
        .map((t) => ({ key: `${t.ear}.${t.conduction}.${t.frequency}`, level: t.threshold, nr: false }));
      t0 = performance.now();
      const outcome = await readChartImage(new Uint8Array(readFileSync(path.join(REAL_DIR, file))));
      const took = performance.now() - t0;
      const score = scorePoints(truth, outcome.status === 'read' ? outcome.reading : null, false);
      judge(score.judged);
      realExact += score.exact;
      realTotal += score.total;
      const how = outcome.status === 'read' ? outcome.reading.observations[0] : `${outcome.status}: ${outcome.reason}`;
      console.log(`    real ${file}: ${score.exact}/${score.total} exact (of ${annotated.thresholds.length} annotated; 125 Hz and bone 250 Hz are outside the exam) in ${ms(took)} — ${how}`);
    }
  } else console.log(`    real images: ${REAL_DIR} not found, skipped`);

  console.log('    confidence calibration (generated + real): level → share correct');
  for (const level of ['high', 'medium', 'low'] as const) {
    const c = calibration.get(level) ?? { n: 0, correct: 0 };
    console.log(`      ${level.padEnd(6)} ${c.n ? ((100 * c.correct) / c.n).toFixed(1) : '—'} % of ${c.n}`);
  }
  const lowShare = wrong ? (100 * wrongLow) / wrong : 100;
  console.log(`    wrong points carrying low confidence: ${lowShare.toFixed(1)} % (${wrongLow}/${wrong}; target ≥ 80 %)`);
  const p95 = quantile(times, 0.95);
  console.log(`    time per picture: p50 ${ms(quantile(times, 0.5))}, p95 ${ms(p95)} (target p95 < 1500 ms); peak RSS of this bench process ${(peak / 2 ** 20).toFixed(0)} MB`);
  // The reader's own memory: the same pictures read in a fresh process that holds only the reader.
  const folder = path.join(dir, 'chart-pictures');
  mkdirSync(folder, { recursive: true });
  cases.forEach((c, i) => writeFileSync(path.join(folder, `${String(i).padStart(4, '0')}.${c.mediaType === 'image/jpeg' ? 'jpg' : 'png'}`), c.bytes));
  // with the allocator setting every Limiar process runs with (npm start, the Docker image; ADR 0029)
  const arenas = process.env.MALLOC_ARENA_MAX ?? '2';
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'chart-reader-process.ts'), folder], { encoding: 'utf8', env: { ...process.env, MALLOC_ARENA_MAX: arenas } });
  const reader = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as { pictures?: number; loadedMb?: number; peakMb?: number };
  const readerPeak = reader.peakMb ?? Infinity;
  console.log(`    reader alone (fresh process, the reader's thread included, MALLOC_ARENA_MAX=${arenas}, ${reader.pictures ?? 0} pictures): peak RSS ${readerPeak.toFixed(0)} MB (target < 300 MB), of which ${(reader.loadedMb ?? 0).toFixed(0)} MB before the reader's thread starts (node, tsx, the reading policy)`);
  await stopChartImageReader();
  const clean = byTrait.get('ALL clean') ?? { exact: 0, total: 1 };
  const degraded = byTrait.get('ALL degraded') ?? { exact: 0, total: 1 };
  const targets = [
    clean.exact / clean.total >= 0.98, degraded.exact / degraded.total >= 0.92, !realTotal || realExact / realTotal >= 0.85,
    lowShare >= 80, p95 < 1500, readerPeak < 300,
  ];
  console.log(`    real images overall: ${realTotal ? ((100 * realExact) / realTotal).toFixed(1) : '—'} % (${realExact}/${realTotal}; target ≥ 85 %)`);
  return targets.filter((ok) => !ok).length;
}

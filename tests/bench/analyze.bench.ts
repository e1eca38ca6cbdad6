/**
 * Rules-engine throughput. Generates 100 000 worker histories (3 exams each) from real NHANES
 * 2017–2018 thresholds (baseline exam = a participant; later exams add a plausible noise-induced
 * drift at 3–6 kHz and ±5 dB test-retest noise), then measures, against baselines from the same run:
 * (a) the pure function `analyzeHistory`: histories/s (target ≥ 50 000/s), baseline JSON.parse +
 *     JSON.stringify of the same histories;
 * (b) the whole `limiar analyze <file>` command on a temp file (target < 10 s), baseline a child
 *     node process that only reads, parses and re-serialises the same file.
 * Run: `npx tsx tests/bench/analyze.bench.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeHistory, isNoResponse, type AirThresholds, type AudiometricExam, type Threshold, type WorkerHistory } from '../../core/src/rules/index';
import { loadNhanesParticipants } from '../fixtures/nhanes';

const HISTORIES = 100_000;
const root = path.resolve(import.meta.dirname, '..', '..');

/** Deterministic PRNG (mulberry32) so every run benchmarks the same data. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(20260101);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

function drift(ear: AirThresholds, years: number): AirThresholds {
  const out: Record<number, Threshold> = {};
  for (const [hz, t] of Object.entries(ear)) {
    if (t === null || t === undefined || isNoResponse(t)) {
      out[Number(hz)] = t ?? null;
      continue;
    }
    const notch = hz === '3000' || hz === '4000' || hz === '6000';
    const shift = (notch ? pick([0, 0, 5, 5, 10, 15]) : 0) * years + pick([-5, 0, 0, 5]);
    out[Number(hz)] = Math.min(120, Math.max(-10, t + shift));
  }
  return out;
}

function generate(): WorkerHistory[] {
  const people = loadNhanesParticipants();
  const dates = ['2021-06-01', '2022-06-01', '2023-06-01'];
  const histories: WorkerHistory[] = [];
  for (let i = 0; i < HISTORIES; i++) {
    const p = pick(people);
    const age = 20 + Math.floor(rand() * 40);
    const exams: AudiometricExam[] = dates.map((date, k) => ({
      date,
      age: age + k,
      right: { air: k === 0 ? p.right : drift(p.right, k) },
      left: { air: k === 0 ? p.left : drift(p.left, k) },
    }));
    histories.push({ worker: { sex: rand() < 0.5 ? 'M' : 'F' }, exams });
  }
  return histories;
}

/** The command's input format (clinical-rules §10): maps keyed by Hz, NR as {"nr": level}. */
function toInput(h: WorkerHistory): unknown {
  const ear = (air: AirThresholds) =>
    Object.fromEntries(Object.entries(air).map(([hz, t]) => [hz, isNoResponse(t) ? { nr: t.level } : t]));
  return { worker: h.worker, exams: h.exams.map((e) => ({ date: e.date, age: e.age, right: ear(e.right.air), left: ear(e.left.air) })) };
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return (performance.now() - t0) / 1000;
}

const t0 = performance.now();
const histories = generate();
console.log(`generated ${HISTORIES} histories from NHANES in ${((performance.now() - t0) / 1000).toFixed(2)} s`);

// (a) pure functions. Warm up first so the JIT has compiled the rules.
for (let i = 0; i < 5_000; i++) analyzeHistory(histories[i]);
let triggered = 0;
const pureSeconds = time(() => {
  for (const h of histories) if (analyzeHistory(h).desencadeamento === true) triggered++;
});
const baselineSeconds = time(() => {
  for (const h of histories) JSON.parse(JSON.stringify(h));
});
const pureRate = HISTORIES / pureSeconds;
console.log(`(a) analyzeHistory: ${Math.round(pureRate).toLocaleString('en')} histories/s (${pureSeconds.toFixed(2)} s; target ≥ 50,000/s) — ${triggered} with desencadeamento`);
console.log(`    baseline JSON.parse+stringify: ${Math.round(HISTORIES / baselineSeconds).toLocaleString('en')} histories/s; ratio analyze/baseline time = ${(pureSeconds / baselineSeconds).toFixed(2)}×`);

// (b) the whole command on a temp file.
const dir = mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-'));
const file = path.join(dir, 'histories.json');
writeFileSync(file, JSON.stringify(histories.map(toInput)));
const out = path.join(dir, 'out.json');
try {
  const cmdSeconds = time(() => {
    const r = spawnSync('sh', ['-c', `npm run --silent limiar -- analyze "${file}" > "${out}"`], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`limiar analyze exited with ${r.status}`);
  });
  const script = `const fs=require('fs');fs.writeFileSync(process.argv[2], JSON.stringify(JSON.parse(fs.readFileSync(process.argv[1],'utf8'))))`;
  const cmdBaseline = time(() => {
    spawnSync('node', ['-e', script, file, out], { stdio: 'inherit' });
  });
  console.log(`(b) limiar analyze on ${HISTORIES} histories: ${cmdSeconds.toFixed(2)} s (target < 10 s)`);
  console.log(`    baseline node read+parse+stringify+write: ${cmdBaseline.toFixed(2)} s; ratio = ${(cmdSeconds / cmdBaseline).toFixed(2)}×`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

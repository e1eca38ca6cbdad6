import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ChartReaderThread } from '../../adapters/src/ai/chart-image';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { readChartPicture } from '../../adapters/src/ai/chart-image/chart-reading';
import { renderStyledChartSvg, type ChartSpec } from '../fixtures/audiogram-generator/chart-styles';
import { prng } from '../fixtures/audiogram-generator/prng';

// The chart reader in its own worker thread (ADR 0031): the same readings as in the caller's thread,
// one at a time, bounded in time and memory, the caller's event loop free, the thread given back when idle.

const threads: ChartReaderThread[] = [];
const thread = (options?: ConstructorParameters<typeof ChartReaderThread>[0]) => {
  const t = new ChartReaderThread(options);
  threads.push(t);
  return t;
};
afterAll(() => Promise.all([stopAxisLabelReader(), ...threads.map((t) => t.stop())]));

const base: ChartSpec = {
  name: 'test', layout: 'combined', portrait: false, colour: true, red: '#d0021b', blue: '#1f4fd1', symbolSize: 7,
  strokeWidth: 1.8, lineWidth: 1.4, gridColour: '#9a9a9a', gridWidth: 1, font: 'DejaVu Sans', dbDirection: 'down',
  from125: false, halfOctaves: '3k6k', khzLabels: false, fiveDbLines: false, maskedShare: 0, boneOffset: true,
  connectLines: true, legend: false, table: false, background: '#ffffff',
};

const sets = [
  { right: { air: { 250: 15, 500: 20, 1000: 25, 2000: 35, 3000: 50, 4000: 60, 6000: 55, 8000: 40 } }, left: { air: { 250: 5, 500: 10, 1000: 10, 2000: 15, 3000: 30, 4000: 45, 6000: 40, 8000: 25 } } },
  { right: { air: { 250: 40, 500: 45, 1000: 50, 2000: 55, 3000: 60, 4000: 70, 6000: 75, 8000: 80 } }, left: { air: { 250: 35, 500: 40, 1000: 45, 2000: 50, 3000: 55, 4000: 60, 6000: 70, 8000: 70 } } },
  { right: { air: { 250: 0, 500: 5, 1000: 0, 2000: 10, 3000: 25, 4000: 35, 6000: 20, 8000: 10 } }, left: { air: { 250: 10, 500: 5, 1000: 5, 2000: 5, 3000: 10, 4000: 15, 6000: 15, 8000: 5 } } },
];

async function chart(i: number, spec: Partial<ChartSpec> = {}): Promise<Uint8Array> {
  const { svg } = renderStyledChartSvg({ origin: 'test', ...sets[i] }, { ...base, ...spec }, prng(i + 1));
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

describe('ChartReaderThread', () => {
  it('reads as the reader does in the caller\'s thread, and answers pictures asked at once each with its own reading, in order', async () => {
    const pictures = await Promise.all([chart(0), chart(1, { layout: 'panels', colour: false, red: '#111111', blue: '#111111' }), chart(2, { dbDirection: 'up' })]);
    const inline = [];
    for (const p of pictures) inline.push(await readChartPicture(p));
    expect(inline.map((o) => o.status)).toEqual(['read', 'read', 'read']);
    const reader = thread();
    const threaded = await Promise.all(pictures.map((p) => reader.read(p)));
    expect(threaded).toEqual(inline);
    expect(reader.running).toBe(true);
  });

  it('a read past its time fails with a pt-BR reason and ends the thread; the next read starts another', async () => {
    const reader = thread();
    const picture = await chart(0);
    expect(await reader.read(picture, 1)).toEqual({ status: 'failed', reason: 'A leitura do gráfico passou de 1 ms e foi interrompida.' });
    await expect.poll(() => reader.running).toBe(false);
    expect((await reader.read(picture)).status).toBe('read');
  });

  it('a picture that needs more memory than the thread has fails alone: the process lives on', async () => {
    const reader = thread({ oldGenerationMb: 8 });
    const outcome = await reader.read(await chart(0));
    expect(outcome).toEqual({ status: 'failed', reason: 'A leitura do gráfico foi interrompida: a imagem exigiu mais memória do que o leitor dispõe.' });
    expect(reader.running).toBe(false);
  });

  it('gives its thread back once idle', async () => {
    const reader = thread({ idleMs: 200 });
    expect(reader.running).toBe(false);
    expect((await reader.read(await chart(2))).status).toBe('read');
    expect(reader.running).toBe(true);
    await expect.poll(() => reader.running, { timeout: 5_000 }).toBe(false);
  });

  it('leaves the caller\'s event loop free while it reads', async () => {
    const reader = thread();
    const picture = await chart(1, { layout: 'panels', portrait: true });
    await reader.read(picture); // the thread started and warm
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const t0 = performance.now();
    const outcomes = [await reader.read(picture), await reader.read(picture)];
    const took = performance.now() - t0;
    clearInterval(ticker);
    expect(outcomes.map((o) => o.status)).toEqual(['read', 'read']);
    // in the caller's thread the loop would be blocked for most of the reads' time
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('does not keep a process alive once it has read', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'limiar-thread-'));
    const script = path.join(dir, 'read-once.mts');
    writeFileSync(script, [
      `import { readChartImage } from ${JSON.stringify(path.resolve('adapters/src/ai/chart-image/index.ts'))};`,
      `import { readFileSync } from 'node:fs';`,
      `const outcome = await readChartImage(new Uint8Array(readFileSync(process.argv[2])));`,
      'console.log(outcome.status);',
    ].join('\n'));
    return chart(0).then((bytes) => {
      writeFileSync(path.join(dir, 'chart.png'), bytes);
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, path.join(dir, 'chart.png')], { encoding: 'utf8', timeout: 45_000, cwd: process.cwd() });
      expect(run.error).toBeUndefined();
      expect(run.stdout.trim()).toBe('read');
      expect(run.status).toBe(0);
    });
  });
});

import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { readChartPicture } from '../../adapters/src/ai/chart-image/chart-reading';
import type { AudiogramReading, ImagePoint } from '../../core/src';
import { cleanChartPng } from '../fixtures/audiogram-generator/clean-chart';

// Issue 17 item 5: the chart reader says where each symbol is on the uploaded picture (the review overlay).
afterAll(() => stopAxisLabelReader());

const AIR = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000] as const;
const set = {
  origin: 'test:positions',
  right: { air: { 250: 15, 500: 20, 1000: 25, 2000: 35, 3000: 50, 4000: 60, 6000: 55, 8000: 40 } },
  left: { air: { 250: 5, 500: 10, 1000: 10, 2000: 15, 3000: 30, 4000: 45, 6000: 40, 8000: 25 } },
};

async function read(bytes: Buffer): Promise<AudiogramReading> {
  const outcome = await readChartPicture(new Uint8Array(bytes), { ocr: false });
  if (outcome.status !== 'read') throw new Error(`not read: ${outcome.reason}`);
  return outcome.reading;
}

/** The picture turned by `deg` clockwise about its centre, same size (what a slightly rotated scan looks like). */
async function turned(png: Buffer, deg: number): Promise<Buffer> {
  const { width, height } = await sharp(png).metadata();
  const big = await sharp(png).rotate(deg, { background: '#ffffff' }).png().toBuffer();
  const meta = await sharp(big).metadata();
  return sharp(big).extract({ left: Math.floor((meta.width! - width!) / 2), top: Math.floor((meta.height! - height!) / 2), width: width!, height: height! }).png().toBuffer();
}

describe('symbol positions of a chart reading', () => {
  it('every point read has its position on the picture, left to right by frequency and top to bottom by level', async () => {
    const reading = await read(await cleanChartPng(set));
    for (const side of ['right', 'left'] as const) {
      const at = AIR.map((hz) => reading.positions?.[side].air[hz] as ImagePoint);
      for (const p of at) {
        expect(p.x).toBeGreaterThan(0);
        expect(p.x).toBeLessThan(1);
        expect(p.y).toBeGreaterThan(0);
        expect(p.y).toBeLessThan(1);
      }
      for (let i = 1; i < at.length; i++) expect(at[i].x).toBeGreaterThan(at[i - 1].x);
      const byLevel = AIR.map((hz, i) => ({ db: set[side].air[hz], y: at[i].y })).sort((a, b) => a.db - b.db);
      for (let i = 1; i < byLevel.length; i++) if (byLevel[i].db > byLevel[i - 1].db) expect(byLevel[i].y).toBeGreaterThan(byLevel[i - 1].y);
    }
  }, 20_000);

  it('on a picture the reader straightened, positions are on the picture as uploaded (the rotation undone)', async () => {
    const png = await cleanChartPng(set);
    const { width, height } = await sharp(png).metadata();
    const straight = await read(png);
    const deg = 2.5;
    const rotated = await read(await turned(png, deg));
    expect(rotated.observations[0]).toContain('endireitada');
    const t = (deg * Math.PI) / 180;
    for (const side of ['right', 'left'] as const)
      for (const hz of AIR) {
        // where the straight picture's symbol lands once the picture is turned clockwise by `deg`
        const p = straight.positions![side].air[hz]!;
        const [dx, dy] = [(p.x - 0.5) * width!, (p.y - 0.5) * height!];
        const want = { x: 0.5 + (dx * Math.cos(t) - dy * Math.sin(t)) / width!, y: 0.5 + (dx * Math.sin(t) + dy * Math.cos(t)) / height! };
        const got = rotated.positions![side].air[hz]!;
        expect(Math.abs(got.x - want.x) * width!, `${side} ${hz} x`).toBeLessThan(4);
        expect(Math.abs(got.y - want.y) * height!, `${side} ${hz} y`).toBeLessThan(4);
      }
  }, 30_000);
});

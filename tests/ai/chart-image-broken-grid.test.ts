import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { joinFragments } from '../../adapters/src/ai/chart-image/grid';
import { benchCleanCase, type ChartCase } from '../fixtures/audiogram-generator/chart-corpus';
import { chartReading } from '../support/chart-reading';

afterAll(() => stopAxisLabelReader());

/**
 * The picture with its horizontal lines broken: every `every` px a 7 px gap, where a pixel has light paper
 * 4 px above and below it (thin horizontal strokes: the grid's rows; vertical lines and symbols' bodies
 * stay). A faint grid under JPEG blocks or noise breaks the same way.
 */
async function withBrokenRows(c: ChartCase, every = 250): Promise<Uint8Array> {
  const { data, info } = await sharp(c.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const src = Buffer.from(data);
  const light = (x: number, y: number) => y < 0 || y >= info.height || src[(y * info.width + x) * 3] + src[(y * info.width + x) * 3 + 1] + src[(y * info.width + x) * 3 + 2] > 600;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (x % every < 7 && light(x, y - 4) && light(x, y + 4)) data.fill(255, (y * info.width + x) * 3, (y * info.width + x) * 3 + 3);
    }
  }
  return new Uint8Array(await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).png().toBuffer());
}

describe('grid rows broken into pieces', () => {
  it('joins pieces of one row (same height, apart by a few pixels or overlapping), not rows at other heights or far apart', () => {
    const pieces = [
      { pos: 100, from: 80, to: 250, thickness: 2 },
      { pos: 100.8, from: 257, to: 500, thickness: 3 },
      { pos: 100.4, from: 480, to: 680, thickness: 2 },
      { pos: 140, from: 80, to: 300, thickness: 2 },
      { pos: 140, from: 340, to: 680, thickness: 2 },
      { pos: 103, from: 700, to: 900, thickness: 2 },
    ];
    const lines = joinFragments(pieces, 15);
    expect(lines.map((l) => [Math.round(l.pos), l.from, l.to])).toEqual([[100, 80, 680], [103, 700, 900], [140, 80, 300], [140, 340, 680]]);
    expect(lines[0].thickness).toBe(3);
  });

  it('reads charts whose rows are broken every 250 px (none of them was found a grid before)', async () => {
    // The bench's seed drawn all clean: combined colour with a table, two colour panels, an upward dB axis,
    // and two black-and-white panels.
    for (const i of [0, 3, 4, 9]) {
      const c = await benchCleanCase(i);
      const reading = await chartReading(await withBrokenRows(c));
      let [exact, total] = [0, 0];
      for (const ear of ['right', 'left'] as const) {
        for (const [hz, db] of Object.entries(c.truth[ear].air as Record<string, number | null>)) {
          if (db === null || typeof db !== 'number') continue;
          total++;
          if (reading[ear].air[Number(hz) as keyof typeof reading.right.air] === db) exact++;
        }
      }
      expect(exact / total, `case ${i} (${c.spec.name}): ${exact}/${total}`).toBeGreaterThanOrEqual(0.9);
    }
  }, 60_000);
});

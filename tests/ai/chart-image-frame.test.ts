import { afterAll, describe, expect, it } from 'vitest';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { besidePanel } from '../../adapters/src/ai/chart-image/read-chart-picture';
import { benchCleanCase, generateChartCases, type ChartCase } from '../fixtures/audiogram-generator/chart-corpus';
import { chartReading } from '../support/chart-reading';

afterAll(() => stopAxisLabelReader());

/** How many of one ear's air points a combo-degraded picture read as two panels gives exactly. */
async function airReadOnTwoPanels(c: ChartCase, ear: 'right' | 'left'): Promise<number> {
  expect(c.degradation).toBe('combo');
  const reading = await chartReading(c.bytes);
  expect(reading.observations.join(' ')).toContain('dois painéis');
  return Object.entries(c.truth[ear].air as Record<string, number>).filter(([hz, db]) => reading[ear].air[Number(hz) as keyof typeof reading.right.air] === db).length;
}

describe('the chart reader at the frame', () => {
  it('reads black-and-white air symbols centred on the right frame line (8000 Hz), which hides up to half of them', async () => {
    // The bench's clean case 96 (combined, black and white): the O and the X at 8000 Hz sit on the frame.
    const c = await benchCleanCase(96);
    expect(c.truth.right.air[8000]).toBe(10);
    expect(c.truth.left.air[8000]).toBe(20);
    const reading = await chartReading(c.bytes);
    expect(reading.right.air[8000]).toBe(10);
    expect(reading.left.air[8000]).toBe(20);
  });

  it('looks again for a second panel whose grid uneven lighting made faint, when the picture has room for it', async () => {
    // Seed 777's case 13: two black-and-white panels, rotated, blurred, noisy, unevenly lit; only the
    // right ear's grid was found at the first ink threshold and the left ear's X's were not read.
    // (none of them before: the left ear's X's were read in the right panel's frame)
    expect(await airReadOnTwoPanels((await generateChartCases(14, 777))[13], 'left')).toBeGreaterThanOrEqual(4);
  });

  it('takes a panel found at a quarter of the threshold beside the first, on the same rows, on the first panel’s rows', () => {
    const panel = (left: number, right: number, top: number, bottom: number, step: number, count: number) => ({
      grid: { left, right, top, bottom, rows: [], columns: [] }, freq: { a: 0, b: 1, score: 5 }, spacing: { first: top, step, count }, area: (right - left) * (bottom - top),
    });
    const kept = panel(588, 968, 111.5, 511.5, 30.77, 14);
    // the frame's top line lost: 13 rows from 142 at the lower threshold
    const beside = besidePanel(kept, [panel(588, 995, 142.5, 511.4, 30.76, 13), panel(98, 478, 141.9, 511.2, 30.8, 13)]);
    expect(beside?.grid.left).toBe(98);
    expect([beside?.grid.top, beside?.grid.bottom, beside?.spacing]).toEqual([111.5, 511.5, kept.spacing]);
    // not on other rows, not of another step, not much narrower
    expect(besidePanel(kept, [panel(98, 478, 200, 600, 30.8, 13)])).toBeNull();
    expect(besidePanel(kept, [panel(98, 478, 111.5, 511.5, 25, 16)])).toBeNull();
    expect(besidePanel(kept, [panel(98, 300, 111.5, 511.5, 30.8, 14)])).toBeNull();
  });

  it('reads the right ear’s panel that uneven lighting left fainter than the half threshold (the 300-picture bench’s case 111)', async () => {
    // Two colour panels, combo degradation: only the left ear's grid was found, even at the half
    // threshold, and the right ear's symbols were read in its frame, 20–40 dB off.
    // (none of the seven before)
    expect(await airReadOnTwoPanels((await generateChartCases(112, 20261125))[111], 'right')).toBeGreaterThanOrEqual(6);
  }, 90_000);
});

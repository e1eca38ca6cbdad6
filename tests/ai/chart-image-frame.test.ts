import { afterAll, describe, expect, it } from 'vitest';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { benchCleanCase, generateChartCases } from '../fixtures/audiogram-generator/chart-corpus';
import { chartReading } from '../support/chart-reading';

afterAll(() => stopAxisLabelReader());

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
    const c = (await generateChartCases(14, 777))[13];
    expect(c.degradation).toBe('combo');
    const reading = await chartReading(c.bytes);
    expect(reading.observations.join(' ')).toContain('dois painéis');
    const truth = c.truth.left.air as Record<string, number>;
    const exact = Object.entries(truth).filter(([hz, db]) => reading.left.air[Number(hz) as keyof typeof reading.left.air] === db);
    // (none of them before: the left ear's X's were read in the right panel's frame)
    expect(exact.length).toBeGreaterThanOrEqual(4);
  });
});

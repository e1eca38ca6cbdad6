import { afterAll, describe, expect, it } from 'vitest';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { generateChartCases } from '../fixtures/audiogram-generator/chart-corpus';
import { chartReading } from '../support/chart-reading';

afterAll(() => stopAxisLabelReader());

describe('the chart reader ranks candidates on the 5 dB grid first', () => {
  it('reads blurred thick O’s as O’s on their level, not as △ fitted a third of a row higher (the 300-picture bench’s case 227)', async () => {
    // Two black-and-white panels, blurred, half the symbols masked. A △ fitted 10 px above each O scored
    // 0.98 to the O's 0.97: four of the right ear's air points were read 5 dB too good (12 of 16 before).
    const c = (await generateChartCases(228, 20261125))[227];
    expect([c.spec.name, c.degradation]).toEqual(['panels+bw+masked', 'blur']);
    const reading = await chartReading(c.bytes);
    for (const hz of [250, 500, 6000, 8000] as const) expect(reading.right.air[hz], `${hz} Hz`).toBe(c.truth.right.air[hz]);
    let exact = 0;
    let total = 0;
    for (const ear of ['right', 'left'] as const) {
      for (const [hz, db] of Object.entries(c.truth[ear].air as Record<string, unknown>)) {
        total++;
        if ((reading[ear].air as Record<string, unknown>)[hz] === db) exact++;
      }
    }
    expect(exact).toBe(total);
  }, 90_000);
});

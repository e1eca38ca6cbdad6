import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { noResponse } from '../../core/src/audiogram/threshold';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { diffAgainstTruth } from '../fixtures/audiogram-generator';
import { renderStyledChartSvg, type ChartSpec } from '../fixtures/audiogram-generator/chart-styles';
import { prng } from '../fixtures/audiogram-generator/prng';
import { chartReading } from '../support/chart-reading';

afterAll(() => stopAxisLabelReader());

const spec: ChartSpec = {
  name: 'test', layout: 'panels', portrait: false, colour: true, red: '#d22', blue: '#2250d0', symbolSize: 9,
  strokeWidth: 2.2, lineWidth: 1.4, gridColour: '#bdbdbd', gridWidth: 1, font: 'Liberation Mono', dbDirection: 'down',
  from125: false, halfOctaves: '3k6k', khzLabels: false, fiveDbLines: false, maskedShare: 0, boneOffset: true,
  connectLines: true, legend: false, table: false, background: '#ffffff',
};

async function read(set: Parameters<typeof renderStyledChartSvg>[0], symbolSize = 9) {
  const { svg } = renderStyledChartSvg(set, { ...spec, symbolSize }, prng(5));
  return diffAgainstTruth(set, await chartReading(new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer())));
}

/** The right ear of both charts: mild and flat, its bone beside its air. */
const right = { air: { 250: 15, 500: 20, 1000: 20, 2000: 25, 3000: 30, 4000: 30, 6000: 25, 8000: 20 }, bone: { 500: 20, 1000: 20, 2000: 25 } };

describe('no-response arrows of bone symbols', () => {
  it('keeps the arrow of a > that points at the next, deeper > (bone symbols are not joined)', async () => {
    const set = {
      origin: 'test',
      right,
      left: {
        air: { 250: 20, 500: 25, 1000: 30, 2000: 70, 3000: 80, 4000: 85, 6000: 80, 8000: 75 },
        bone: { 500: 25, 1000: 30, 2000: noResponse(55), 3000: 75 },
      },
    };
    expect(await read(set)).toEqual([]);
  }, 30_000);

  it('does not take the joining line that leaves a > beside its X for the > ’s arrow', async () => {
    const set = {
      origin: 'test',
      right,
      left: {
        air: { 250: 20, 500: 35, 1000: 50, 2000: 50, 3000: 60, 4000: 60, 6000: 55, 8000: 50 },
        bone: { 500: 35, 1000: 50 },
      },
    };
    // The line from the X at 500 Hz to the one at 1000 Hz passes where the arrow of the > beside it would be.
    expect(await read(set, 8)).toEqual([]);
  }, 30_000);
});

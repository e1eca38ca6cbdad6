import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { diffAgainstTruth } from '../fixtures/audiogram-generator';
import { renderStyledChartSvg, type ChartSpec } from '../fixtures/audiogram-generator/chart-styles';
import { generateChartCases } from '../fixtures/audiogram-generator/chart-corpus';
import { prng } from '../fixtures/audiogram-generator/prng';
import { chartReading } from '../support/chart-reading';

afterAll(() => stopAxisLabelReader());

describe('a combined colour chart where both ears share a level', () => {
  // Every right-ear air symbol masked (△), the left ear's X drawn over it where both ears share a level.
  const spec: ChartSpec = {
    name: 'test', layout: 'combined', portrait: false, colour: true, red: '#c62828', blue: '#1e4bd2', symbolSize: 8,
    strokeWidth: 2.4, lineWidth: 1.2, gridColour: '#a0a0a0', gridWidth: 1, font: 'Liberation Mono', dbDirection: 'down',
    from125: false, halfOctaves: '3k6k', khzLabels: false, fiveDbLines: false, maskedShare: 1, boneOffset: true,
    connectLines: true, legend: false, table: false, background: '#ffffff',
  };
  const set = {
    origin: 'test',
    right: { air: { 250: 10, 500: 15, 1000: 20, 2000: 30, 3000: 40, 4000: 50, 6000: 65, 8000: 70 } },
    left: { air: { 250: 5, 500: 15, 1000: 20, 2000: 35, 3000: 40, 4000: 45, 6000: 65, 8000: 65 } },
  };

  it('reads the right ear’s △ under the X: the blue strokes hide its strokes, they do not erase them', async () => {
    const { svg } = renderStyledChartSvg(set, spec, prng(11));
    expect(diffAgainstTruth(set, await chartReading(new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer())))).toEqual([]);
  }, 30_000);
});

describe('a bone < beside its O with the joining line through both', () => {
  it('is read, not taken by a small O fitted on it (the bench’s case 49, rotated)', async () => {
    // A small O fitted on the < and the line, weaker than the O of the column, took the <'s strokes from
    // the bone search; the < explains it as well once the O of the column is taken out.
    const cases = await generateChartCases(50, 20261125);
    const reading = await chartReading(cases[49].bytes);
    expect(reading.right.air[1000]).toBe(50);
    expect(reading.right.bone?.[1000]).toBe(50);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { noResponse } from '../../core/src/rules/index';
import { renderChartSvg } from '../fixtures/audiogram-generator/chart-svg';

const set = {
  origin: 'test',
  right: { air: { 500: -10, 1000: 120, 4000: noResponse(110) }, bone: { 500: 10 } },
  left: { air: { 500: 20, 1000: 25 }, bone: { 1000: noResponse(70) } },
};

describe('renderChartSvg', () => {
  it.each(['classic', 'split'] as const)('%s draws the standard symbols on an inverted dB axis', (style) => {
    const { svg } = renderChartSvg(set, style);
    expect(svg.match(/<circle [^>]*stroke="#d0021b"/g)).toHaveLength(3); // red O: right air
    expect(svg).toContain('stroke="#1f4fd1"'); // blue: left ear
    // -10 dB sits above 120 dB: y grows with dB.
    const yOfLabel = (db: number) => Number(new RegExp(`<text x="[\\d.]+" y="([\\d.]+)"[^>]*>${db}</text>`).exec(svg)?.[1]);
    expect(yOfLabel(-10)).toBeLessThan(yOfLabel(120));
    // Two NR arrows (right air 4 kHz, left bone 1 kHz).
    expect(svg.match(/fill="none" stroke="#[0-9a-f]{6}" stroke-width="1.6"/g)).toHaveLength(2);
  });

  it('places 3 and 6 kHz between the octaves', () => {
    const { svg } = renderChartSvg(set, 'classic');
    const x = (label: string) => Number(new RegExp(`<text x="([\\d.]+)" y="[\\d.]+"[^>]*>${label}</text>`).exec(svg)?.[1]);
    expect(x('2000')).toBeLessThan(x('3000'));
    expect(x('3000')).toBeLessThan(x('4000'));
    expect(x('4000') - x('3000')).toBeLessThan(x('3000') - x('2000'));
  });
});

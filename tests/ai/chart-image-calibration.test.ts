import { describe, expect, it } from 'vitest';
import {
  fitFrequencyAxis, fitRowSpacing, levelAxesFromLabels, levelAxisByDirection, levelAxisFromLabels, levelAxisFromRows, xOfHz,
} from '../../adapters/src/ai/chart-image/calibration';
import { columnOf, levelOf, pointConfidence } from '../../adapters/src/ai/chart-image/mapping';
import { withoutPartialBones } from '../../adapters/src/ai/chart-image/read-chart-picture';
import { dilate } from '../../adapters/src/ai/chart-image/picture';
import { findSymbols, LEFT_KINDS, RIGHT_KINDS, TEMPLATES, type FoundSymbol, type SymbolKind } from '../../adapters/src/ai/chart-image/symbols';

const log2 = Math.log2;

describe('frequency axis calibration', () => {
  it('fits a 250–8000 Hz grid with dashed 3 and 6 kHz columns and the frame at both ends', () => {
    const [left, b] = [100, 90];
    const columns = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => left + b * log2(hz / 250));
    const axis = fitFrequencyAxis(columns, left, left + 5 * b);
    expect(axis).not.toBeNull();
    expect(xOfHz(axis!, 1000)).toBeCloseTo(left + 2 * b, 1);
    expect(xOfHz(axis!, 8000)).toBeCloseTo(left + 5 * b, 1);
  });

  it('fits 125–8000 Hz with every half-octave and a frame wider than the columns', () => {
    const [x125, b] = [60, 70];
    const hz = [125, 250, 500, 750, 1000, 1500, 2000, 3000, 4000, 6000, 8000];
    const columns = [x125 - 30, ...hz.map((f) => x125 + b * log2(f / 125)), x125 + 6 * b + 30];
    const axis = fitFrequencyAxis(columns, x125 - 30, x125 + 6 * b + 30);
    expect(xOfHz(axis!, 125)).toBeCloseTo(x125, 1);
    expect(xOfHz(axis!, 750)).toBeCloseTo(x125 + b * log2(6), 1);
  });

  it('finds nothing in the unevenly spaced columns of a table', () => {
    expect(fitFrequencyAxis([0, 80, 110, 190, 230, 300], 0, 300)).toBeNull();
  });
});

describe('dB axis calibration', () => {
  const rows = Array.from({ length: 14 }, (_, i) => 80 + 32 * i);
  const spacing = fitRowSpacing(rows, rows[0], rows[13])!;

  it('reads 14 rows as −10…120 dB HL by 10 dB, −10 at the top', () => {
    expect(spacing.count).toBe(14);
    const axis = levelAxisFromRows(spacing);
    expect(axis.certain).toBe(true);
    expect(levelOf(rows[0], axis).value).toBe(-10);
    expect(levelOf(rows[13], axis).value).toBe(120);
    expect(levelOf(rows[3] + 16, axis)).toEqual({ value: 25, residual: 0 });
  });

  it('keeps the regular spacing when a 25 dB reference line and a missing row are in the way', () => {
    const noisy = [...rows.filter((_, i) => i !== 6), 80 + 32 * 3.5].sort((a, b) => a - b);
    const s = fitRowSpacing(noisy, rows[0], rows[13])!;
    expect(s.step).toBeCloseTo(32, 1);
    expect(s.count).toBe(14);
  });

  it('takes the direction from OCR labels: 120 at the top is read as such', () => {
    const labels = [120, 110, 100, 90, 80, 70].map((value, i) => ({ value, y: rows[i] + 1 }));
    const axis = levelAxisFromLabels(labels, spacing)!;
    expect(axis.how).toBe('ocr');
    expect(levelOf(rows[0], axis).value).toBe(120);
    expect(levelOf(rows[13], axis).value).toBe(-10);
  });

  it('needs three labels that agree', () => {
    expect(levelAxisFromLabels([{ value: 10, y: rows[2] }, { value: 500, y: rows[5] }], spacing)).toBeNull();
  });

  it('takes the labels of the other panel drawn on the same rows when a panel\'s own are too few', () => {
    // Two panels, 120 at the top; OCR read "10" (of "110") and "-10" beside the first, "110" and "100" beside the second.
    const second = rows.map((y) => y + 3);
    const secondSpacing = fitRowSpacing(second, second[0], second[13])!;
    const labels = [[{ value: 10, y: rows[1] }, { value: -10, y: rows[13] }], [{ value: 110, y: second[1] }, { value: 100, y: second[2] }]];
    const [a, b] = levelAxesFromLabels(labels, [spacing, secondSpacing]);
    for (const [axis, r] of [[a!, rows], [b!, second]] as const) {
      expect(axis.how).toBe('ocr');
      expect(levelOf(r[0], axis).value).toBe(120);
      expect(levelOf(r[13], axis).value).toBe(-10);
    }
    // Rows that do not match (another step): nothing is carried over, no axis from labels.
    const other = fitRowSpacing(rows.map((y) => 100 + 1.2 * (y - 80)), 100, 100 + 1.2 * 32 * 13)!;
    expect(levelAxesFromLabels([labels[0], null], [spacing, other])).toEqual([null, null]);
  });

  it('on a standard grid, two labels on their rows say the direction; labels that fit neither direction do not vote', () => {
    const up = levelAxisByDirection([{ value: 100, y: rows[2] }, { value: 10, y: rows[11] }, { value: 10, y: rows[1] }], spacing)!;
    expect(levelOf(rows[0], up).value).toBe(120);
    expect(levelOf(rows[13], up).value).toBe(-10);
    const down = levelAxisByDirection([{ value: 0, y: rows[1] + 4 }, { value: 90, y: rows[10] }], spacing)!;
    expect(levelOf(rows[0], down).value).toBe(-10);
    // One label, or votes both ways: undecided.
    expect(levelAxisByDirection([{ value: 100, y: rows[2] }], spacing)).toBeNull();
    expect(levelAxisByDirection([{ value: 100, y: rows[2] }, { value: 90, y: rows[3] }, { value: 10, y: rows[2] }], spacing)).toBeNull();
    // A label between two rows, and a grid that is not standard, say nothing.
    expect(levelAxisByDirection([{ value: 100, y: rows[2] + 16 }, { value: 90, y: rows[3] + 16 }], spacing)).toBeNull();
    const short = fitRowSpacing(rows.slice(0, 12), rows[0], rows[11])!;
    expect(levelAxisByDirection([{ value: 100, y: rows[2] }, { value: 90, y: rows[3] }], short)).toBeNull();
  });
});

/** Draws a template's strokes (its `on` samples joined) into a mask with the given stroke width. */
function drawSymbol(mask: Uint8Array, w: number, kind: SymbolKind, cx: number, cy: number, s: number, width = 2): void {
  const pts = TEMPLATES[kind].on;
  for (const [px, py] of pts) {
    for (let dy = -width / 2; dy <= width / 2; dy += 0.5) {
      for (let dx = -width / 2; dx <= width / 2; dx += 0.5) mask[Math.round(cy + py * s + dy) * w + Math.round(cx + px * s + dx)] = 1;
    }
  }
  // Densify: join neighbouring samples that belong to one stroke (closer than 0.5 symbol units).
  for (const a of pts) {
    for (const b of pts) {
      if (Math.hypot(a[0] - b[0], a[1] - b[1]) > 0.5) continue;
      for (let t = 0; t <= 1; t += 0.05) mask[Math.round(cy + (a[1] + (b[1] - a[1]) * t) * s) * w + Math.round(cx + (a[0] + (b[0] - a[0]) * t) * s)] = 1;
    }
  }
}

describe('symbol classification', () => {
  const [w, h] = [80, 80];
  it.each([...RIGHT_KINDS, ...LEFT_KINDS])('a drawn %s is found as itself', (kind) => {
    const raw = new Uint8Array(w * h);
    drawSymbol(raw, w, kind, 40, 40, 9);
    const field = { width: w, height: h, raw, dilated: dilate(raw, w, h), grid: new Uint8Array(w * h) };
    const kinds = RIGHT_KINDS.includes(kind) ? RIGHT_KINDS : LEFT_KINDS;
    const found = findSymbols(field, kinds, [7, 8, 9, 10, 11], { x0: 20, x1: 60, y0: 20, y1: 60 });
    const best = [...found].sort((a, b) => b.score - a.score)[0];
    expect(best.kind).toBe(kind);
    expect(Math.hypot(best.x - 40, best.y - 40)).toBeLessThanOrEqual(1.5);
  });

  it('drops a bracket found half a symbol off a stronger air symbol of the same ear, keeps one beside it', () => {
    const square: FoundSymbol = { x: 100, y: 100, s: 8, kind: 'S', score: 0.95, runnerUp: 0 };
    const part: FoundSymbol = { x: 104, y: 100, s: 8, kind: ']', score: 0.9, runnerUp: 0 };
    const beside: FoundSymbol = { x: 116, y: 100, s: 8, kind: ']', score: 0.9, runnerUp: 0 };
    expect(withoutPartialBones([square, part, beside]).map((f) => f.x)).toEqual([100, 116]);
  });
});

describe('mapping a symbol onto the audiogram', () => {
  const freq = { a: 100 - 90 * log2(250), b: 90, score: 0 };
  it('puts an air symbol on its column and a right-ear bone < drawn left of the column on that column', () => {
    expect(columnOf({ x: xOfHz(freq, 2000) + 2, s: 8, kind: 'O' }, freq)?.hz).toBe(2000);
    expect(columnOf({ x: xOfHz(freq, 2000) - 15, s: 8, kind: '<' }, freq)?.hz).toBe(2000);
    expect(columnOf({ x: xOfHz(freq, 2000) + 15, s: 8, kind: '>' }, freq)?.hz).toBe(2000);
  });

  it('refuses a symbol between columns', () => {
    expect(columnOf({ x: xOfHz(freq, 2450), s: 8, kind: 'X' }, freq)).toBeNull(); // half-way between 2 and 3 kHz
  });

  it('grades confidence by symbol score, ambiguity and distance to the grid', () => {
    expect(pointConfidence(0.95, 0.5, 0.05, 0.02, true)).toBe('high');
    expect(pointConfidence(0.95, 0.5, 0.05, 0.02, false)).toBe('medium');
    expect(pointConfidence(0.95, 0.5, 0.45, 0.02, true)).toBe('low');
    expect(pointConfidence(0.9, 0.85, 0.05, 0.02, true)).toBe('low');
    expect(pointConfidence(0.8, 0.2, 0.05, 0.02, true)).toBe('low');
  });
});

import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { readChartPicture } from '../../adapters/src/ai/chart-image/chart-reading';
import type { AudiogramReading } from '../../core/src';
import { CLEAN_CHART_SPEC, cleanChartPng } from '../fixtures/audiogram-generator/clean-chart';
import { findLines } from '../../adapters/src/ai/chart-image/grid';
import { buildMasks, noiseBias, smoothedGrey } from '../../adapters/src/ai/chart-image/picture';
import { straightenSlants } from '../../adapters/src/ai/chart-image/rectify';
import { findSlantedLines, lineAt, withoutOddSlants, type SlantedLine } from '../../adapters/src/ai/chart-image/slanted-lines';
import { estimateSkew } from '../../adapters/src/ai/chart-image/deskew';
import { fainterIsBetter } from '../../adapters/src/ai/chart-image/calibration';

afterAll(() => stopAxisLabelReader());

/** A white RGB picture with 2 px dark lines drawn by a function of the position along them. */
function picture(w: number, h: number) {
  const rgb = new Uint8Array(w * h * 3).fill(255);
  const ink = (x: number, y: number) => {
    const [xi, yi] = [Math.round(x), Math.round(y)];
    if (xi < 0 || yi < 0 || xi >= w || yi >= h) return;
    rgb.fill(40, (yi * w + xi) * 3, (yi * w + xi) * 3 + 3);
  };
  return {
    rgb, w, h,
    /** A row from x0 to x1 through (x0, y0) with slope b. */
    row(x0: number, x1: number, y0: number, b: number) {
      for (let x = x0; x <= x1; x += 0.5) for (const d of [0, 1]) ink(x, y0 + b * (x - x0) + d);
    },
    column(y0: number, y1: number, x0: number, b: number) {
      for (let y = y0; y <= y1; y += 0.5) for (const d of [0, 1]) ink(x0 + b * (y - y0) + d, y);
    },
    ink(): Uint8Array {
      return Uint8Array.from({ length: w * h }, (_, i) => (rgb[i * 3] < 128 ? 1 : 0));
    },
  };
}

/**
 * Two panels side by side, slanted differently (as a photographed page warps them): the left
 * panel's rows fall by 1 % to the right, the right panel's rise by 2 %; the columns of the left
 * panel lean 1.5 % one way, the right panel's 1 % the other.
 */
function twoSlantedPanels() {
  const p = picture(900, 420);
  for (const [x0, x1, rowSlope, colSlope] of [[60, 420, 0.01, 0.015], [500, 860, -0.02, -0.01]] as const) {
    for (let k = 0; k < 12; k++) p.row(x0, x1, 40 + k * 30, rowSlope);
    for (let k = 0; k < 7; k++) {
      const x = x0 + k * 60;
      p.column(40 + rowSlope * (x - x0), 370 + rowSlope * (x - x0), x, colSlope);
    }
  }
  return p;
}

describe('lines found with their own slant', () => {
  it('finds the rows of two panels slanted differently, each with its slope', () => {
    const p = twoSlantedPanels();
    const rows = findSlantedLines(p.ink(), p.w, p.h, 'h', Math.round(0.12 * p.w));
    const left = rows.filter((r) => r.to < 450);
    const right = rows.filter((r) => r.from > 450);
    expect(left).toHaveLength(12);
    expect(right).toHaveLength(12);
    for (const r of left) expect(r.b).toBeCloseTo(0.01, 2);
    for (const r of right) expect(r.b).toBeCloseTo(-0.02, 2);
    // Where the second row of the left panel is at its start.
    expect(lineAt(left[1], 60)).toBeCloseTo(71, 0);
    const columns = findSlantedLines(p.ink(), p.w, p.h, 'v', Math.round(0.1 * p.h));
    expect(columns.filter((c) => c.b > 0.01)).toHaveLength(7);
    expect(columns.filter((c) => c.b < -0.005)).toHaveLength(7);
  });

  it('drops a line whose slant is unlike its neighbours (a line joining two symbols)', () => {
    const row = (a: number, b: number): SlantedLine => ({ a, b, from: 0, to: 400, thickness: 2 });
    const rows = [row(10, 0.01), row(40, 0.011), row(70, 0.05), row(100, 0.012), row(130, 0.013)];
    expect(withoutOddSlants(rows).map((r) => r.a)).toEqual([10, 40, 100, 130]);
    // Where two panels slanted differently meet, the line is like its own side's neighbour.
    const sides = [row(10, 0.01), row(40, 0.011), row(70, 0.012), row(100, -0.012), row(130, -0.013)];
    expect(withoutOddSlants(sides)).toHaveLength(5);
  });
});

describe('straightening line by line', () => {
  it('makes every row horizontal and every column vertical in both panels, and maps positions back', () => {
    const p = twoSlantedPanels();
    const s = straightenSlants({ width: p.w, height: p.h, rgb: p.rgb }, { width: p.w, height: p.h, ink: p.ink(), red: new Uint8Array(0), blue: new Uint8Array(0) });
    expect(s).not.toBeNull();
    const ink = Uint8Array.from({ length: p.w * p.h }, (_, i) => (s!.picture.rgb[i * 3] < 160 ? 1 : 0));
    // The axis-aligned grid finder now sees every row and column as a thin line.
    const rows = findLines(ink, p.w, p.h, 'h', Math.round(0.12 * p.w));
    const columns = findLines(ink, p.w, p.h, 'v', Math.round(0.1 * p.h));
    expect(rows.filter((r) => r.to - r.from > 300)).toHaveLength(24);
    for (const r of rows) expect(r.thickness).toBeLessThanOrEqual(4);
    expect(columns.filter((c) => c.to - c.from > 300)).toHaveLength(14);
    for (const c of columns) expect(c.thickness).toBeLessThanOrEqual(4);
    // A point on the right panel's 4th row, at its 3rd column, straightened → back where it was drawn.
    const [x0, y0] = [500 + 2 * 60, 40 + 3 * 30];
    const drawn = { x: x0 + -0.01 * (y0 - 40) + 1, y: y0 + -0.02 * (x0 - 500) + 1 };
    const straightRow = rows.find((r) => r.from > 450 && r.to - r.from > 300 && Math.abs(r.pos - drawn.y) < 12)!;
    const straightCol = columns.find((c) => c.pos > 450 && c.to - c.from > 300 && Math.abs(c.pos - drawn.x) < 12)!;
    const back = s!.toSource(straightCol.pos, straightRow.pos);
    expect(back.x).toBeCloseTo(drawn.x, 0);
    expect(back.y).toBeCloseTo(drawn.y, 0);
  });

  it('leaves a picture whose lines are straight alone', () => {
    const p = picture(600, 300);
    for (let k = 0; k < 10; k++) p.row(50, 550, 20 + 25 * k, 0);
    for (let k = 0; k < 6; k++) p.column(20, 245, 50 + 100 * k, 0);
    expect(straightenSlants({ width: p.w, height: p.h, rgb: p.rgb }, { width: p.w, height: p.h, ink: p.ink(), red: new Uint8Array(0), blue: new Uint8Array(0) })).toBeNull();
  });
});

describe('noisy pictures', () => {
  /** Paper at 230 with seeded Gaussian noise (σ per channel), a few dark rows. */
  function noisy(sigma: number) {
    const p = picture(500, 300);
    for (let k = 0; k < 8; k++) p.row(20, 480, 30 + 30 * k, 0);
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < p.rgb.length; i++) {
      const g = Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
      const base = p.rgb[i] === 255 ? 230 : p.rgb[i];
      p.rgb[i] = Math.max(0, Math.min(255, base + g * sigma));
    }
    return p;
  }
  const smoothOf = (p: { rgb: Uint8Array; w: number; h: number }) => smoothedGrey({ width: p.w, height: p.h, rgb: p.rgb });

  it('measures no noise bias on clean paper and some on noisy paper', () => {
    expect(noiseBias(smoothOf(noisy(0)), 500, 300, 24)).toBe(0);
    expect(noiseBias(smoothOf(noisy(15)), 500, 300, 24)).toBeGreaterThan(3);
  });

  it('keeps the speckle of noisy paper out of the ink mask, and the lines in it', () => {
    const p = noisy(15);
    const masks = buildMasks({ width: p.w, height: p.h, rgb: p.rgb });
    let paperInk = 0;
    let paper = 0;
    for (let y = 0; y < p.h; y++) {
      for (let x = 0; x < p.w; x++) {
        const onRow = x >= 20 && x <= 480 && y >= 28 && y <= 33 + 30 * 7 && (y - 30) % 30 <= 2;
        if (onRow) continue;
        paper++;
        paperInk += masks.ink[y * p.w + x];
      }
    }
    expect(paperInk / paper).toBeLessThan(0.05);
    expect(findLines(masks.ink, p.w, p.h, 'h', 60).filter((l) => l.to - l.from > 400)).toHaveLength(8);
  });

  it('takes the grid found with the halved threshold only when it calibrates more, or more on a standard row count', () => {
    const panels = (...counts: number[]) => counts.map((count) => ({ spacing: { count } }));
    // A noisy two-panel chart: one panel found on 10 of its rows; with the lower threshold both, on 14.
    expect(fainterIsBetter(panels(10), panels(14, 14))).toBe(true);
    expect(fainterIsBetter(panels(10), panels(14))).toBe(true);
    expect(fainterIsBetter(panels(14, 14), panels(14, 14))).toBe(false);
    expect(fainterIsBetter(panels(14, 10), panels(12))).toBe(false);
    expect(fainterIsBetter(panels(), panels())).toBe(false);
  });

  it('measures the skew of a noisy page (speckle does not pull the angle to 0)', () => {
    const p = picture(600, 400);
    for (let k = 0; k < 12; k++) p.row(40, 560, 30 + 28 * k, Math.tan((2 * Math.PI) / 180));
    const ink = p.ink();
    let seed = 3;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < ink.length; i++) if (rand() < 0.25) ink[i] = 1;
    expect(estimateSkew(ink, p.w, p.h)).toBeCloseTo(2, 0);
  });
});

describe('a chart photographed at an angle (perspective), read end to end', () => {
  const AIR = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000] as const;
  const set = {
    origin: 'test:perspective',
    right: { air: { 250: 15, 500: 20, 1000: 25, 2000: 35, 3000: 50, 4000: 60, 6000: 55, 8000: 40 } },
    left: { air: { 250: 5, 500: 10, 1000: 10, 2000: 15, 3000: 30, 4000: 45, 6000: 40, 8000: 25 } },
  };
  // Corners moved as a photo taken at an angle moves them (fractions of the size): the generator's
  // bilinear warp, each output pixel taken from the source at the interpolated corners.
  const corners = [[0.02, -0.01], [1.01, 0.025], [-0.015, 1.02], [0.985, 0.99]];
  const source = (u: number, v: number) => [0, 1].map((c) => (1 - u) * (1 - v) * corners[0][c] + u * (1 - v) * corners[1][c] + (1 - u) * v * corners[2][c] + u * v * corners[3][c]);

  async function warped(png: Buffer): Promise<Buffer> {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [w, h] = [info.width, info.height];
    const out = Buffer.alloc(data.length, 255);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const [su, sv] = source(x / (w - 1), y / (h - 1));
        const [sx, sy] = [su * (w - 1), sv * (h - 1)];
        const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
        if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
        const [fx, fy] = [sx - x0, sy - y0];
        for (let c = 0; c < 3; c++) {
          const at = (xx: number, yy: number) => data[(yy * w + xx) * 3 + c];
          out[(y * w + x) * 3 + c] = (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0)) + fy * ((1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1));
        }
      }
    }
    return sharp(out, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
  }

  async function read(bytes: Buffer): Promise<AudiogramReading> {
    const outcome = await readChartPicture(new Uint8Array(bytes), { ocr: false });
    if (outcome.status !== 'read') throw new Error(`not read: ${outcome.reason}`);
    return outcome.reading;
  }

  it('reads every threshold, and the overlay positions are where the symbols are on the warped picture', async () => {
    const png = await cleanChartPng(set, CLEAN_CHART_SPEC);
    const { width, height } = await sharp(png).metadata();
    const straight = await read(png);
    const photo = await read(await warped(png));
    expect(photo.observations[0]).toContain('linhas da grade endireitadas');
    for (const side of ['right', 'left'] as const) {
      for (const hz of AIR) {
        expect(photo[side].air[hz], `${side} ${hz}`).toBe(set[side].air[hz]);
        // Where the straight picture's symbol lands in the warped one: the (u, v) whose source is it.
        const p = straight.positions![side].air[hz]!;
        let [u, v] = [p.x, p.y];
        for (let k = 0; k < 20; k++) {
          const [su, sv] = source(u, v);
          [u, v] = [u + p.x - su, v + p.y - sv];
        }
        const got = photo.positions![side].air[hz]!;
        expect(Math.abs(got.x - u) * width!, `${side} ${hz} x`).toBeLessThan(4);
        expect(Math.abs(got.y - v) * height!, `${side} ${hz} y`).toBeLessThan(4);
      }
    }
  }, 30_000);
});

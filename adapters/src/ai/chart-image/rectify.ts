import type { Masks, Picture } from './picture';
import { findSlantedLines, lineAt, type SlantedLine } from './slanted-lines';

/**
 * Straightening line by line (issue 17, degraded pictures): a page photographed at an angle, or
 * warped, has ruled lines that are straight but slant differently from one line to the next (the
 * two panels of one picture each their own way). Each long line is found with its own slant, and
 * the picture is resampled so that every row becomes horizontal and every column vertical, each
 * turned about its own middle; between lines the displacement is interpolated. A picture whose
 * lines are already straight is left alone.
 */

/** The largest shift (px) that straightening a line about its middle would make at its ends. */
export const endShift = (l: SlantedLine) => Math.abs(l.b) * (l.to - l.from) / 2;

/**
 * The displacement field that straightens the lines: at each position along the cross axis, the
 * shift of each line (its position there minus its position at its middle) is interpolated between
 * the nearest lines before and after (straightened position), held past the first and last. The
 * lines that run through a position are used there; where none does, the group whose ends are
 * nearest, each line continued up to `reach` past its end (the axis labels printed along a row)
 * and held beyond, so the field has no seam where a line ends. For rows the field is dy(x, Y); for columns dx(X, y).
 */
export function shiftField(lines: readonly SlantedLine[], len: number, n: number, reach: number): Float32Array {
  // field[t * n + s]: the shift at t along the lines, s across (straightened).
  const field = new Float32Array(len * n);
  if (!lines.length) return field;
  const mids = lines.map((l) => ({ l, mid: lineAt(l, (l.from + l.to) / 2) })).sort((p, q) => p.mid - q.mid);
  for (let t = 0; t < len; t++) {
    // The lines that run through t; where none does, the ones whose ends are nearest (one group of
    // lines ends together), continued up to `reach` past their ends and held beyond.
    const gap = (l: SlantedLine) => Math.max(0, l.from - t, t - l.to);
    const nearest = Math.min(...mids.map(({ l }) => gap(l)));
    const near = mids.filter(({ l }) => gap(l) <= nearest + 0.03 * len);
    const here = near.map(({ l, mid }) => ({ pos: mid, shift: lineAt(l, Math.min(l.to + reach, Math.max(l.from - reach, t))) - mid }));
    let j = 0;
    for (let s = 0; s < n; s++) {
      while (j < here.length && here[j].pos <= s) j++;
      let v: number;
      if (j === 0) v = here[0].shift;
      else if (j === here.length) v = here[here.length - 1].shift;
      else {
        const [p, q] = [here[j - 1], here[j]];
        v = p.shift + ((s - p.pos) / (q.pos - p.pos)) * (q.shift - p.shift);
      }
      field[t * n + s] = v;
    }
  }
  return field;
}

/** How a straightened picture maps back to the picture it came from. */
export interface Straightening {
  /** Source position of a position in the straightened picture. */
  readonly toSource: (x: number, y: number) => { x: number; y: number };
}

/**
 * The straightening of a picture whose rows or columns slant (at least three lines with an end
 * shifted by ≥ `minShift` px),
 * or null when every line is straight already. Rows give dy(x, Y), columns dx(X, y); a straightened
 * pixel (X, Y) comes from (X + dx(X, Y), Y + dy(X, Y)).
 */
export function straighteningOf(rows: readonly SlantedLine[], columns: readonly SlantedLine[], w: number, h: number, minShift = 1.5): (Straightening & { dx: Float32Array; dy: Float32Array }) | null {
  // One slanted line among straight ones is not a warp (a scanned form's hand-ruled line): at least three.
  if ([...rows, ...columns].filter((l) => endShift(l) >= minShift).length < 3) return null;
  const reach = 0.12 * Math.max(w, h);
  // dy indexed [x * h + Y], dx indexed [y * w + X].
  const dy = shiftField(rows, w, h, reach);
  const dx = shiftField(columns, h, w, reach);
  const toSource = (x: number, y: number) => {
    const [xi, yi] = [Math.min(w - 1, Math.max(0, Math.round(x))), Math.min(h - 1, Math.max(0, Math.round(y)))];
    return { x: x + dx[yi * w + xi], y: y + dy[xi * h + yi] };
  };
  return { dx, dy, toSource };
}

/** The picture resampled through a straightening (bilinear, white outside). */
export function straighten(rgb: Uint8Array, w: number, h: number, s: { dx: Float32Array; dy: Float32Array }): Uint8Array {
  const out = new Uint8Array(rgb.length).fill(255);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = x + s.dx[y * w + x];
      const sy = y + s.dy[x * h + y];
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
      const [fx, fy] = [sx - x0, sy - y0];
      const o = (y * w + x) * 3;
      const i00 = (y0 * w + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + w * 3;
      const i11 = i01 + 3;
      for (let c = 0; c < 3; c++) {
        out[o + c] = (1 - fy) * ((1 - fx) * rgb[i00 + c] + fx * rgb[i10 + c]) + fy * ((1 - fx) * rgb[i01 + c] + fx * rgb[i11 + c]);
      }
    }
  }
  return out;
}

/**
 * The picture with its slanted rows and columns straightened (rows at least 12 % of the width long,
 * columns 10 % of the height, as the grid finder wants them), or null when they are straight.
 */
export function straightenSlants(picture: Picture, masks: Masks): { picture: Picture; toSource: Straightening['toSource'] } | null {
  const { width: w, height: h } = picture;
  const rows = findSlantedLines(masks.ink, w, h, 'h', Math.round(0.12 * w));
  const columns = findSlantedLines(masks.ink, w, h, 'v', Math.round(0.1 * h));
  const s = straighteningOf(rows, columns, w, h);
  if (!s) return null;
  return { picture: { width: w, height: h, rgb: straighten(picture.rgb, w, h, s) }, toSource: s.toSource };
}

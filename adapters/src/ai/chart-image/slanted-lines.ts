/**
 * Ruled lines found with their own slant (issue 17, degraded pictures): a page photographed at an
 * angle, or warped, has straight lines that slant differently from one to the next (the two panels
 * of one picture each their own way). The grid finder (`grid.ts`) wants them level; `rectify.ts`
 * straightens the picture from these.
 */

/** A straight line found with its slant: horizontal `y = a + b·x` for x in [from, to]; vertical `x = a + b·y`. */
export interface SlantedLine {
  readonly a: number;
  readonly b: number;
  readonly from: number;
  readonly to: number;
  readonly thickness: number;
}

/** Where a line lies at `t` (x for a row, y for a column). */
export const lineAt = (l: SlantedLine, t: number) => l.a + l.b * t;

/**
 * Long straight lines along one axis at any slant within ±`maxDeg`: a Hough transform over the ink
 * pixels that continue along the axis (a pixel with ink on both sides along it: text and speckle
 * mostly drop out), the strongest (slope, offset) cells, then along each the runs of ink with gaps
 * up to `maxGap` that are at least `minLen` long, each refitted by least squares on the centres of
 * its ink across the line.
 */
export function findSlantedLines(ink: Uint8Array, w: number, h: number, axis: 'h' | 'v', minLen: number, maxDeg = 4, maxGap = 4): SlantedLine[] {
  const [len, n] = axis === 'h' ? [w, h] : [h, w];
  // at(t, s): t runs along the line, s across it.
  const at = axis === 'h' ? (t: number, s: number) => ink[s * w + t] : (t: number, s: number) => ink[t * w + s];
  const maxSlope = Math.tan((maxDeg * Math.PI) / 180);
  const slopeStep = 2 / len;
  const slopes: number[] = [];
  for (let k = -Math.ceil(maxSlope / slopeStep); k <= Math.ceil(maxSlope / slopeStep); k++) slopes.push(k * slopeStep);
  const margin = Math.ceil(maxSlope * len) + 2;
  const bins = n + 2 * margin;
  const acc = new Float32Array(slopes.length * bins);
  const step = 2;
  for (let s = 0; s < n; s++) {
    for (let t = 1; t < len - 1; t += step) {
      if (!at(t, s) || !at(t - 1, s) || !at(t + 1, s)) continue;
      for (let k = 0; k < slopes.length; k++) acc[k * bins + Math.round(s - slopes[k] * t) + margin] += step;
    }
  }
  // Cells that are the maximum of their neighbourhood (±2 slopes, ±3 px) and hold at least half a line.
  const peaks: { k: number; r: number; v: number }[] = [];
  const floor = 0.5 * minLen;
  for (let k = 0; k < slopes.length; k++) {
    for (let r = 1; r < bins - 1; r++) {
      const v = acc[k * bins + r] + 0.5 * (acc[k * bins + r - 1] + acc[k * bins + r + 1]);
      if (v < floor) continue;
      let top = true;
      for (let dk = -2; dk <= 2 && top; dk++) {
        const kk = k + dk;
        if (kk < 0 || kk >= slopes.length) continue;
        for (let dr = -3; dr <= 3; dr++) {
          const rr = r + dr;
          if ((dk === 0 && dr === 0) || rr < 1 || rr >= bins - 1) continue;
          const u = acc[kk * bins + rr] + 0.5 * (acc[kk * bins + rr - 1] + acc[kk * bins + rr + 1]);
          if (u > v || (u === v && (dk < 0 || (dk === 0 && dr < 0)))) { top = false; break; }
        }
      }
      if (top) peaks.push({ k, r, v });
    }
  }
  peaks.sort((p, q) => q.v - p.v);
  const found: SlantedLine[] = [];
  const maxThick = Math.max(10, 0.012 * Math.max(w, h));
  for (const { k, r } of peaks.slice(0, 400)) {
    const line = { a: r - margin, b: slopes[k] };
    for (const run of inkRuns(at, len, n, line, minLen, maxGap)) {
      const fitted = refit(at, n, line, run.from, run.to, maxThick);
      if (!fitted || fitted.to - fitted.from + 1 < minLen || fitted.thickness > maxThick) continue;
      // The same line found again (from a neighbouring cell): the longer find stays.
      const twin = found.findIndex((f) => sameLine(f, fitted));
      if (twin < 0) found.push(fitted);
      else if (fitted.to - fitted.from > found[twin].to - found[twin].from) found[twin] = fitted;
    }
  }
  return withoutOddSlants(found).sort((p, q) => lineAt(p, (p.from + p.to) / 2) - lineAt(q, (q.from + q.to) / 2));
}

/**
 * A line whose slant lies outside the range of its neighbours' (the nearest line overlapping it on
 * each side) by more than 0.5 % (0.3°) is not a ruled line of the grid: a line joining two symbols
 * at different levels, a shaded border. A warp changes the slant smoothly from one ruled line to the
 * next, and the line where two panels meet is like the lines on one side of it. A line with
 * neighbours on one side only (a frame) may differ from the nearest by 0.5 % plus the change
 * between that one and the next.
 */
export function withoutOddSlants(lines: readonly SlantedLine[]): SlantedLine[] {
  const mid = (l: SlantedLine) => lineAt(l, (l.from + l.to) / 2);
  const tol = 0.005;
  return lines.filter((l) => {
    const overlapping = lines.filter((o) => o !== l && Math.min(o.to, l.to) - Math.max(o.from, l.from) > 0.5 * Math.min(o.to - o.from, l.to - l.from));
    const side = (sign: 1 | -1) => overlapping
      .filter((o) => sign * (mid(o) - mid(l)) > 0)
      .sort((p, q) => Math.abs(mid(p) - mid(l)) - Math.abs(mid(q) - mid(l)));
    const [after, before] = [side(1), side(-1)];
    if (after.length && before.length) {
      const [lo, hi] = [Math.min(after[0].b, before[0].b), Math.max(after[0].b, before[0].b)];
      return l.b >= lo - tol && l.b <= hi + tol;
    }
    const one = after.length ? after : before;
    if (!one.length) return true;
    return Math.abs(l.b - one[0].b) <= tol + (one.length > 1 ? Math.abs(one[0].b - one[1].b) : 0);
  });
}

/** Runs along a line where ink lies within 1.5 px of it, gaps up to `maxGap`, at least `minLen` long. */
function inkRuns(at: (t: number, s: number) => number, len: number, n: number, line: { a: number; b: number }, minLen: number, maxGap: number): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  let start = -1;
  let last = -1;
  for (let t = 0; t < len; t++) {
    const s = line.a + line.b * t;
    const s0 = Math.round(s - 1.5);
    let on = false;
    for (let ss = Math.max(0, s0); ss <= Math.min(n - 1, Math.round(s + 1.5)) && !on; ss++) on = at(t, ss) === 1;
    if (!on) continue;
    if (start < 0 || t - last > maxGap + 1) {
      if (start >= 0 && last - start + 1 >= minLen) out.push({ from: start, to: last });
      start = t;
    }
    last = t;
  }
  if (start >= 0 && last - start + 1 >= minLen) out.push({ from: start, to: last });
  return out;
}

/**
 * Least-squares line through the centres of the ink crossing the line at each t of [from, to]
 * (the contiguous ink around the predicted position, no thicker than `maxThick`); twice, the
 * second time without centres more than 1.5 px off the first fit. The ends are where that ink
 * is found.
 */
function refit(at: (t: number, s: number) => number, n: number, line: { a: number; b: number }, from: number, to: number, maxThick: number): SlantedLine | null {
  let current = line;
  let result: SlantedLine | null = null;
  for (let pass = 0; pass < 2; pass++) {
    const ts: number[] = [];
    const cs: number[] = [];
    const widths: number[] = [];
    for (let t = from; t <= to; t++) {
      const s = Math.round(current.a + current.b * t);
      let c = -1;
      for (const d of [0, -1, 1, -2, 2]) if (s + d >= 0 && s + d < n && at(t, s + d)) { c = s + d; break; }
      if (c < 0) continue;
      let [lo, hi] = [c, c];
      while (lo - 1 >= 0 && at(t, lo - 1) && hi - lo < maxThick + 2) lo--;
      while (hi + 1 < n && at(t, hi + 1) && hi - lo < maxThick + 2) hi++;
      if (hi - lo + 1 > maxThick) continue; // crossed by a column or a symbol here
      const centre = (lo + hi + 1) / 2;
      if (pass === 1 && Math.abs(centre - (current.a + current.b * t)) > 1.5) continue;
      ts.push(t);
      cs.push(centre);
      widths.push(hi - lo + 1);
    }
    if (ts.length < 0.3 * (to - from + 1) || ts.length < 10) return result;
    const fit = leastSquares(ts, cs);
    if (!fit) return result;
    current = fit;
    const sorted = [...widths].sort((x, y) => x - y);
    result = { a: fit.a, b: fit.b, from: ts[0], to: ts[ts.length - 1], thickness: sorted[sorted.length >> 1] };
  }
  return result;
}

/** Two finds of one line: they overlap along it and lie within 3 px of each other there. */
function sameLine(p: SlantedLine, q: SlantedLine): boolean {
  const [from, to] = [Math.max(p.from, q.from), Math.min(p.to, q.to)];
  if (to - from < 0.5 * Math.min(p.to - p.from, q.to - q.from)) return false;
  return Math.abs(lineAt(p, from) - lineAt(q, from)) < 3 && Math.abs(lineAt(p, to) - lineAt(q, to)) < 3;
}

function leastSquares(xs: readonly number[], ys: readonly number[]): { a: number; b: number } | null {
  const n = xs.length;
  if (n < 2) return null;
  let [mx, my] = [0, 0];
  for (let i = 0; i < n; i++) { mx += xs[i]; my += ys[i]; }
  [mx, my] = [mx / n, my / n];
  let [sxx, sxy] = [0, 0];
  for (let i = 0; i < n; i++) { sxx += (xs[i] - mx) ** 2; sxy += (xs[i] - mx) * (ys[i] - my); }
  if (sxx === 0) return null;
  const b = sxy / sxx;
  return { a: my - b * mx, b };
}

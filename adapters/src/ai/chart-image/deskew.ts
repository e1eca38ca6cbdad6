/**
 * Skew angle (degrees, within ±maxDeg) of a page of ruled lines: the angle whose row projection of the
 * ink is sharpest (sum of squared bin counts), searched coarse then fine. Positive = the content is
 * rotated clockwise (rotate by the negative to straighten). With `region`, only the ink inside it
 * counts; with `axis` 'v', the vertical lines' slant is measured instead (dx per dy, as an angle).
 */
export function estimateSkew(ink: Uint8Array, w: number, h: number, maxDeg = 5, region?: { x0: number; x1: number; y0: number; y1: number }, axis: 'h' | 'v' = 'h'): number {
  const xs: number[] = [];
  const ys: number[] = [];
  const { x0, x1, y0, y1 } = region ?? { x0: 0, x1: w, y0: 0, y1: h };
  for (let y = Math.max(0, y0); y < Math.min(h, y1); y += 2) {
    for (let x = Math.max(0, x0); x < Math.min(w, x1); x += 2) {
      if (!ink[y * w + x]) continue;
      // For vertical lines the roles of x and y swap.
      if (axis === 'h') { xs.push(x); ys.push(y); } else { xs.push(y); ys.push(x); }
    }
  }
  if (xs.length < 200) return 0;
  const span = axis === 'h' ? w : h;
  const bins = new Float64Array((axis === 'h' ? h : w) + 2 * span);
  const sharpness = (deg: number): number => {
    const t = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i] - xs[i] * t + span)]++;
    let s = 0;
    for (const b of bins) s += b * b;
    return s;
  };
  let best = 0;
  let bestScore = -1;
  for (let d = -maxDeg; d <= maxDeg + 1e-9; d += 0.25) {
    const s = sharpness(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const coarse = best;
  for (let d = coarse - 0.25; d <= coarse + 0.25 + 1e-9; d += 0.05) {
    const s = sharpness(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return best;
}

/** Slants left after straightening: rows near the top and bottom, columns near the left and right (degrees). */
export interface Keystone { readonly top: number; readonly bottom: number; readonly left: number; readonly right: number }

/**
 * The slant of the ruled lines in four bands (a page photographed at a slight angle: the rows slant
 * differently at the top and the bottom, the columns at the left and the right).
 */
export function estimateKeystone(ink: Uint8Array, w: number, h: number): Keystone {
  const band = 0.4;
  return {
    top: estimateSkew(ink, w, h, 3, { x0: 0, x1: w, y0: 0, y1: Math.round(band * h) }),
    bottom: estimateSkew(ink, w, h, 3, { x0: 0, x1: w, y0: Math.round((1 - band) * h), y1: h }),
    left: estimateSkew(ink, w, h, 3, { x0: 0, x1: Math.round(band * w), y0: 0, y1: h }, 'v'),
    right: estimateSkew(ink, w, h, 3, { x0: Math.round((1 - band) * w), x1: w, y0: 0, y1: h }, 'v'),
  };
}

/**
 * Straightens rows and columns whose slant varies across the picture (keystone): each output pixel
 * takes the source pixel its row and column came from, the row slant interpolated between the top
 * and bottom bands (centres at 20 % and 80 % of the height), the column slant between the left and
 * right bands; bilinear sampling, white outside.
 */
export function unslant(rgb: Uint8Array, w: number, h: number, k: Keystone): Uint8Array {
  const out = new Uint8Array(rgb.length).fill(255);
  const tan = (deg: number) => Math.tan((deg * Math.PI) / 180);
  const [cx, cy] = [w / 2, h / 2];
  const rowSlant = new Float64Array(h);
  for (let y = 0; y < h; y++) rowSlant[y] = tan(k.top + (k.bottom - k.top) * Math.min(1, Math.max(0, (y / h - 0.2) / 0.6)));
  const colSlant = new Float64Array(w);
  for (let x = 0; x < w; x++) colSlant[x] = tan(k.left + (k.right - k.left) * Math.min(1, Math.max(0, (x / w - 0.2) / 0.6)));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = x + (y - cy) * colSlant[x];
      const sy = y + (x - cx) * rowSlant[y];
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
      const [fx, fy] = [sx - x0, sy - y0];
      const o = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        const at = (xx: number, yy: number) => rgb[(yy * w + xx) * 3 + c];
        out[o + c] = (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0)) + fy * ((1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1));
      }
    }
  }
  return out;
}

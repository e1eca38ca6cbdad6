/**
 * Skew angle (degrees, within ±maxDeg) of a page of ruled lines: the angle whose row projection of the
 * ink is sharpest (sum of squared bin counts), searched coarse then fine. Positive = the content is
 * rotated clockwise (rotate by the negative to straighten). Only ink that continues along the lines
 * counts (inked on both sides along them), so speckle does not weigh. With `region`, only the ink inside it
 * counts; with `axis` 'v', the vertical lines' slant is measured instead (dx per dy, as an angle).
 */
export function estimateSkew(ink: Uint8Array, w: number, h: number, maxDeg = 5, region?: { x0: number; x1: number; y0: number; y1: number }, axis: 'h' | 'v' = 'h'): number {
  const xs: number[] = [];
  const ys: number[] = [];
  const { x0, x1, y0, y1 } = region ?? { x0: 0, x1: w, y0: 0, y1: h };
  // Every line across the lines is sampled, every second pixel along them: sampling every second
  // row would put all samples of straight rows in even bins and favour 0°.
  const [stepY, stepX] = axis === 'h' ? [1, 2] : [2, 1];
  for (let y = Math.max(0, y0); y < Math.min(h, y1); y += stepY) {
    for (let x = Math.max(0, x0); x < Math.min(w, x1); x += stepX) {
      if (!ink[y * w + x]) continue;
      // Only ink that goes on along the lines (a pixel inked on both sides along the axis): the
      // speckle of a noisy picture, spread evenly, would favour 0° (the picture's own edges).
      if (axis === 'h' ? !(x > 0 && x < w - 1 && ink[y * w + x - 1] && ink[y * w + x + 1]) : !(y > 0 && y < h - 1 && ink[(y - 1) * w + x] && ink[(y + 1) * w + x])) continue;
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

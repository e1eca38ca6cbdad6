/**
 * Skew angle (degrees, within ±maxDeg) of a page of ruled lines: the angle whose row projection of the
 * ink is sharpest (sum of squared bin counts), searched coarse then fine. Positive = the content is
 * rotated clockwise (rotate by the negative to straighten).
 */
export function estimateSkew(ink: Uint8Array, w: number, h: number, maxDeg = 5): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y += 2) for (let x = 0; x < w; x += 2) if (ink[y * w + x]) { xs.push(x); ys.push(y); }
  if (xs.length < 200) return 0;
  const bins = new Float64Array(h + 2 * w);
  const sharpness = (deg: number): number => {
    const t = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i] - xs[i] * t + w)]++;
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

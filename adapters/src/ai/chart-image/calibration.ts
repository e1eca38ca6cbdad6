/** Frequencies an audiogram's columns can stand for; octaves carry the grid, the others are half-octaves. */
export const OCTAVE_HZ = [125, 250, 500, 1000, 2000, 4000, 8000] as const;
export const HALF_OCTAVE_HZ = [750, 1500, 3000, 6000] as const;

/** x = a + b·log2(Hz). */
export interface FrequencyAxis { readonly a: number; readonly b: number; readonly score: number }
/** dB HL = c + d·y. */
export interface LevelAxis { readonly c: number; readonly d: number; readonly how: 'grade' | 'ocr'; readonly certain: boolean }

export const xOfHz = (axis: FrequencyAxis, hz: number) => axis.a + axis.b * Math.log2(hz);
export const hzAt = (axis: FrequencyAxis, x: number) => 2 ** ((x - axis.a) / axis.b);

/**
 * Fits the frequency axis to the vertical lines of a panel: every pair of lines is tried as every pair
 * of standard frequencies; a fit must place 250 and 8000 Hz inside the panel, and scores +1 per octave
 * line predicted and found, −1 per octave predicted inside the panel but missing, +0.5 per half-octave
 * found, −0.3 per inner line it cannot explain. Null when nothing fits at least five octaves.
 */
export function fitFrequencyAxis(columns: readonly number[], left: number, right: number): FrequencyAxis | null {
  const width = right - left;
  const tol = Math.max(4, 0.03 * width);
  const all = [...OCTAVE_HZ, ...HALF_OCTAVE_HZ].sort((x, y) => x - y);
  let best: FrequencyAxis | null = null;
  let bestMatched = 0;
  for (let i = 0; i < columns.length; i++) {
    for (let j = i + 1; j < columns.length; j++) {
      for (let p = 0; p < all.length; p++) {
        for (let q = p + 1; q < all.length; q++) {
          const b = (columns[j] - columns[i]) / (Math.log2(all[q]) - Math.log2(all[p]));
          if (b < width / 9 || b > width / 4.6) continue;
          const a = columns[i] - b * Math.log2(all[p]);
          const axis = { a, b, score: 0 };
          // 8000 Hz may lie a little past the rows' end (rows fading into a shaded margin before the frame).
          if (xOfHz(axis, 250) < left - tol || xOfHz(axis, 8000) > right + Math.max(tol, 0.6 * b)) continue;
          const near = Math.max(2.5, 0.05 * b);
          const explained = new Set<number>();
          let score = 0;
          let matched = 0;
          for (const hz of all) {
            const x = xOfHz(axis, hz);
            if (x < left - tol || x > right + tol) continue;
            const k = nearestIndex(columns, x);
            const hit = k >= 0 && Math.abs(columns[k] - x) <= near;
            if (hit) explained.add(k);
            const octave = (OCTAVE_HZ as readonly number[]).includes(hz);
            if (octave) {
              score += hit ? 1 : -1;
              if (hit) matched++;
            } else if (hit) score += 0.5;
          }
          for (let k = 1; k < columns.length - 1; k++) if (!explained.has(k)) score -= 0.3;
          // A chart ends at (or half an octave past) 8000 Hz: a fit that leaves more than that empty
          // on the right is one octave off (a faint 8 kHz line was missed).
          if (right - xOfHz(axis, 8000) > 0.6 * b + tol) score -= 2;
          if (matched >= 5 && (!best || score > best.score + 1e-9)) {
            best = { a, b, score };
            bestMatched = matched;
          }
        }
      }
    }
  }
  return best && bestMatched >= 5 ? refineFrequencyAxis(best, columns) : null;
}

/** Least-squares refit on the lines the axis explains (removes the pair's own pixel error). */
function refineFrequencyAxis(axis: FrequencyAxis, columns: readonly number[]): FrequencyAxis {
  const pts: [number, number][] = [];
  for (const hz of [...OCTAVE_HZ, ...HALF_OCTAVE_HZ]) {
    const x = xOfHz(axis, hz);
    const k = nearestIndex(columns, x);
    if (k >= 0 && Math.abs(columns[k] - x) <= Math.max(2.5, 0.05 * axis.b)) pts.push([Math.log2(hz), columns[k]]);
  }
  const fit = leastSquares(pts);
  return fit ? { a: fit.a, b: fit.b, score: axis.score } : axis;
}

/**
 * Finds the regular spacing of the horizontal lines (the 10 dB or 5 dB rows): every pair of lines and
 * every count of steps between them is a candidate; +1 per predicted row found, −0.5 per row missing.
 * Returns the first row, the step in px and how many rows the panel holds, or null.
 */
export function fitRowSpacing(rows: readonly number[], top: number, bottom: number): { first: number; step: number; count: number } | null {
  let best: { first: number; step: number; count: number; score: number } | null = null;
  const height = bottom - top;
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      for (let k = 1; k <= 30; k++) {
        const step = (rows[j] - rows[i]) / k;
        if (step < 5 || step > height / 6) continue;
        const tol = Math.max(1.5, 0.1 * step);
        const n0 = Math.ceil((top - tol - rows[i]) / step);
        const n1 = Math.floor((bottom + tol - rows[i]) / step);
        let score = 0;
        for (let n = n0; n <= n1; n++) {
          const y = rows[i] + n * step;
          const m = nearestIndex(rows, y);
          score += m >= 0 && Math.abs(rows[m] - y) <= tol ? 1 : -0.5;
        }
        if (!best || score > best.score + 1e-9) best = { first: rows[i] + n0 * step, step, count: n1 - n0 + 1, score };
      }
    }
  }
  if (!best || best.score < 6) return null;
  // Refit first/step on the rows found.
  const pts: [number, number][] = [];
  for (let n = 0; n < best.count; n++) {
    const y = best.first + n * best.step;
    const m = nearestIndex(rows, y);
    if (m >= 0 && Math.abs(rows[m] - y) <= Math.max(1.5, 0.1 * best.step)) pts.push([n, rows[m]]);
  }
  const fit = leastSquares(pts);
  return fit ? { first: fit.a, step: fit.b, count: best.count } : best;
}

/**
 * The dB axis from the row spacing alone (no labels read): 14 rows are −10…120 by 10 dB, 27 rows
 * −10…120 by 5 dB, with −10 at the top (the standard orientation). Other counts are a guess with
 * −10 at the top; `certain` says whether the count matched a standard chart.
 */
export function levelAxisFromRows(spacing: { first: number; step: number; count: number }, direction: 'down' | 'up' = 'down'): LevelAxis {
  const dbPerRow = spacing.count >= 20 ? 5 : 10;
  const certain = spacing.count === 14 || spacing.count === 27;
  if (direction === 'up') return { c: 120 + (dbPerRow * spacing.first) / spacing.step, d: -dbPerRow / spacing.step, how: 'grade', certain };
  return { c: -10 - (dbPerRow * spacing.first) / spacing.step, d: dbPerRow / spacing.step, how: 'grade', certain };
}

/**
 * Which way a standard grid's dB axis runs, from how wide its labels are, when OCR read none of them:
 * the labels next to the −10 end are short ("0", "10") and those next to the 120 end long ("110",
 * "100"). Compares the width of the ink left of the frame (within 1.5 rows of 10 dB: further out, a
 * picture's dark border or rotated corner widened the top labels) on the second and third 10 dB rows
 * from the top with the second and third from the bottom (grids of 14 rows by 10 dB or 27 by 5 dB);
 * 'up' or 'down' when one end's labels are clearly narrower (under 70 % of the other's), else null.
 */
export function directionFromLabelWidths(ink: Uint8Array, width: number, frameLeft: number, spacing: { first: number; step: number; count: number }): 'down' | 'up' | null {
  if (spacing.count !== 14 && spacing.count !== 27) return null;
  const perTen = spacing.count === 14 ? 1 : 2;
  const rowY = (n: number) => spacing.first + n * spacing.step;
  const reach = Math.round(Math.min(frameLeft - 6, 1.5 * spacing.step * perTen));
  if (reach < 8) return null;
  const [x0, x1] = [Math.max(0, Math.round(frameLeft) - reach), Math.round(frameLeft) - 2];
  const inkIn = (x: number, y: number, half: number) => {
    let n = 0;
    for (let yy = Math.max(0, Math.round(y) - half); yy <= Math.min(ink.length / width - 1, Math.round(y) + half); yy++) n += ink[yy * width + x];
    return n;
  };
  const half = Math.max(2, Math.round(0.3 * spacing.step * perTen));
  // Speckle: the ink per column between labelled rows (a band half as high, midway), scaled to a label's band.
  const between = [perTen, 2 * perTen, spacing.count - 1 - 2 * perTen, spacing.count - 1 - 3 * perTen].map((n) => rowY(n) + 0.5 * perTen * spacing.step);
  const quiet = Math.max(1, Math.round(0.15 * spacing.step * perTen));
  let speckle = 0;
  for (const y of between) for (let x = x0; x < x1; x++) speckle += inkIn(x, y, quiet);
  speckle *= (2 * half + 1) / (2 * quiet + 1) / Math.max(1, between.length * (x1 - x0));
  // The label's width: the columns of the strip that hold a stroke across the row's band (three ink
  // pixels or more, well above the speckle: noise does not widen it).
  const least = Math.max(3, Math.ceil(speckle + 3 * Math.sqrt(speckle) + 1));
  const labelWidth = (y: number) => {
    let cols = 0;
    for (let x = x0; x < x1; x++) if (inkIn(x, y, half) >= least) cols++;
    return cols;
  };
  const last = spacing.count - 1;
  const top = labelWidth(rowY(perTen)) + labelWidth(rowY(2 * perTen));
  const bottom = labelWidth(rowY(last - perTen)) + labelWidth(rowY(last - 2 * perTen));
  if (!top || !bottom) return null;
  return bottom < 0.7 * top ? 'up' : top < 0.7 * bottom ? 'down' : null;
}

/**
 * The dB axis from OCR'd labels (value, y) matched to the rows: the labels that agree on one
 * line dB = c + d·y with |d·step| = 5 or 10 dB; at least three must agree. Handles both directions.
 */
export function levelAxisFromLabels(labels: readonly { value: number; y: number }[], spacing: { first: number; step: number; count: number }): LevelAxis | null {
  const onRow = labels
    .map((l) => ({ value: l.value, row: Math.round((l.y - spacing.first) / spacing.step), off: Math.abs(((l.y - spacing.first) / spacing.step) % 1) }))
    .filter((l) => l.row >= -1 && l.row <= spacing.count && (l.off < 0.35 || l.off > 0.65) && l.value >= -20 && l.value <= 130 && l.value % 5 === 0);
  let best: { c0: number; perRow: number; votes: number } | null = null;
  for (const perRow of [10, -10, 5, -5]) {
    const counts = new Map<number, number>();
    for (const l of onRow) {
      const c0 = l.value - perRow * l.row;
      counts.set(c0, (counts.get(c0) ?? 0) + 1);
    }
    for (const [c0, votes] of counts) if (!best || votes > best.votes) best = { c0, perRow, votes };
  }
  if (!best || best.votes < 3) return null;
  // dB at row n = c0 + perRow·n; y at row n = first + n·step.
  const d = best.perRow / spacing.step;
  return { c: best.c0 - d * spacing.first, d, how: 'ocr', certain: true };
}

/**
 * The dB axis of each panel from the labels read beside it, and where a panel's own labels do not
 * agree on an axis (OCR read too few of them: noise, a slashed zero), from the labels of every panel
 * drawn on the same rows — two panels of one form are labelled alike, row for row. Rows match when
 * both panels count as many at steps within 3 %; the other panel's labels are carried over by row.
 * Failing a line, on a standard grid the labels may still say the direction (`levelAxisByDirection`).
 */
export function levelAxesFromLabels(
  labels: readonly (readonly { value: number; y: number }[] | null)[],
  spacings: readonly { first: number; step: number; count: number }[],
): (LevelAxis | null)[] {
  return spacings.map((spacing, i) => {
    const own = labels[i] ? levelAxisFromLabels(labels[i]!, spacing) : null;
    if (own) return own;
    const pooled = labelsOnRowsOf(i, labels, spacings);
    return (pooled.length > (labels[i]?.length ?? 0) ? levelAxisFromLabels(pooled, spacing) : null) ?? levelAxisByDirection(pooled, spacing);
  });
}

/** The labels of every panel drawn on the same rows as panel `i`, carried over to its rows. */
export function labelsOnRowsOf(
  i: number,
  labels: readonly (readonly { value: number; y: number }[] | null)[],
  spacings: readonly { first: number; step: number; count: number }[],
): { value: number; y: number }[] {
  const spacing = spacings[i];
  return spacings.flatMap((other, j) => {
    const theirs = labels[j];
    if (!theirs || (j !== i && (other.count !== spacing.count || Math.abs(other.step - spacing.step) > 0.03 * spacing.step))) return [];
    return theirs.map((l) => ({ value: l.value, y: spacing.first + ((l.y - other.first) / other.step) * spacing.step }));
  });
}

/**
 * On a standard grid (14 rows by 10 dB, 27 by 5 dB: −10…120) the labels need not agree on a line of
 * their own: they only have to say which way the axis runs. Each label read on a row votes for the
 * direction whose value at that row it is (−10 at the top, or 120 at the top); a label that fits
 * neither (a "10" left of a "110" whose first digit was lost) votes for none. Decided when one
 * direction has at least two votes and the other none, or three more; null otherwise.
 */
export function levelAxisByDirection(labels: readonly { value: number; y: number }[], spacing: { first: number; step: number; count: number }): LevelAxis | null {
  if (spacing.count !== 14 && spacing.count !== 27) return null;
  const perRow = spacing.count === 14 ? 10 : 5;
  let down = 0;
  let up = 0;
  for (const l of labels) {
    const at = (l.y - spacing.first) / spacing.step;
    const row = Math.round(at);
    if (Math.abs(at - row) > 0.35 || row < 0 || row >= spacing.count) continue;
    if (l.value === -10 + perRow * row) down++;
    if (l.value === 120 - perRow * row) up++;
  }
  const decided = (a: number, b: number) => (a >= 2 && b === 0) || a >= b + 3;
  if (!decided(down, up) && !decided(up, down)) return null;
  const d = (decided(down, up) ? perRow : -perRow) / spacing.step;
  const top = decided(down, up) ? -10 : 120;
  return { c: top - d * spacing.first, d, how: 'ocr', certain: true };
}

/** How many panels' rows count as a standard chart's: 14 rows by 10 dB or 27 by 5 dB (−10…120). */
export function onStandardRows(panels: readonly { spacing: { count: number } }[]): number {
  return panels.filter((p) => p.spacing.count === 14 || p.spacing.count === 27).length;
}

/**
 * Whether the grid found with a lower ink threshold (`again`) is better than the first (`before`):
 * more panels calibrated, or as many with more of them on a standard row count (a panel whose light
 * rows noise broke up is found on part of its rows, or not at all).
 */
export function fainterIsBetter(before: readonly { spacing: { count: number } }[], again: readonly { spacing: { count: number } }[]): boolean {
  return again.length > before.length || (again.length === before.length && onStandardRows(again) > onStandardRows(before));
}

export function nearestIndex(xs: readonly number[], x: number): number {
  let best = -1;
  for (let i = 0; i < xs.length; i++) if (best < 0 || Math.abs(xs[i] - x) < Math.abs(xs[best] - x)) best = i;
  return best;
}

function leastSquares(pts: readonly [number, number][]): { a: number; b: number } | null {
  if (pts.length < 2) return null;
  const n = pts.length;
  const mx = pts.reduce((s, p) => s + p[0], 0) / n;
  const my = pts.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of pts) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
  }
  if (sxx === 0) return null;
  const b = sxy / sxx;
  return { a: my - b * mx, b };
}

/** A straight ruled line found in the picture: horizontal (pos = y, from..to = x) or vertical. */
export interface RuledLine {
  readonly pos: number;
  readonly from: number;
  readonly to: number;
  readonly thickness: number;
}

/** One chart panel: its frame box and the ruled lines inside it. */
export interface PanelGrid {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  /** y of horizontal lines, top to bottom. */
  readonly rows: readonly RuledLine[];
  /** x of vertical lines, left to right. */
  readonly columns: readonly RuledLine[];
}

/**
 * Long runs of ink along one axis: for each scan line, runs at least `minLen` long that tolerate gaps up
 * to `maxGap` (dashed and dotted grid lines); the scan line is OR-ed with its neighbour so a line that
 * drifts by a pixel (residual skew) stays one run. Consecutive scan lines with overlapping runs merge.
 */
export function findLines(ink: Uint8Array, w: number, h: number, axis: 'h' | 'v', minLen: number, maxGap = 4): RuledLine[] {
  const [n, len] = axis === 'h' ? [h, w] : [w, h];
  const at = axis === 'h' ? (line: number, i: number) => ink[line * w + i] : (line: number, i: number) => ink[i * w + line];
  const open: { start: number; end: number; from: number; to: number; weight: number; sum: number }[] = [];
  const done: RuledLine[] = [];
  let previous: { from: number; to: number }[] = [];
  const openByRun = new Map<number, (typeof open)[number]>();
  for (let line = 0; line < n; line++) {
    const runs: { from: number; to: number }[] = [];
    let start = -1;
    let last = -1;
    for (let i = 0; i < len; i++) {
      const on = at(line, i) || (line + 1 < n && at(line + 1, i));
      if (!on) continue;
      if (start < 0 || i - last > maxGap + 1) {
        if (start >= 0 && last - start + 1 >= minLen) runs.push({ from: start, to: last });
        start = i;
      }
      last = i;
    }
    if (start >= 0 && last - start + 1 >= minLen) runs.push({ from: start, to: last });
    const next = new Map<number, (typeof open)[number]>();
    for (const [k, run] of runs.entries()) {
      const j = previous.findIndex((p) => Math.min(p.to, run.to) - Math.max(p.from, run.from) > 0.5 * (run.to - run.from));
      const group = j >= 0 ? openByRun.get(j) : undefined;
      const length = run.to - run.from;
      if (group && !group.end) {
        group.weight += length;
        group.sum += line * length;
        group.from = Math.min(group.from, run.from);
        group.to = Math.max(group.to, run.to);
        group.start = Math.min(group.start, line);
        next.set(k, group);
        openByRun.delete(j);
      } else {
        const g = { start: line, end: 0, from: run.from, to: run.to, weight: length, sum: line * length };
        open.push(g);
        next.set(k, g);
      }
    }
    for (const g of openByRun.values()) g.end = line;
    openByRun.clear();
    for (const [k, g] of next) openByRun.set(k, g);
    previous = runs;
  }
  for (const g of open) {
    const end = g.end || n;
    // The OR with the next scan line adds one row; centre = length-weighted mean row + 0.5.
    done.push({ pos: g.sum / g.weight + 0.5, from: g.from, to: g.to, thickness: end - g.start });
  }
  // Blocks (filled areas, thick text) are not ruled lines; a blurred 2 px frame is up to ~10 px.
  // (The limit follows the picture's larger side, so a portrait picture's columns get the same as its rows.)
  const lines = done.filter((l) => l.thickness <= Math.max(10, 0.012 * Math.max(w, h)));
  return axis === 'h' ? joinFragments(lines, 3 * (maxGap + 1)) : lines.sort((a, b) => a.pos - b.pos);
}

/**
 * Pieces of one ruled line: on the same scan line (within 1.5 px) and overlapping or apart by at most
 * `gap` px. A faint grid line under JPEG blocks or noise breaks into pieces that are each long enough
 * but do not span the panel, and the panel's rows were then not grouped (a picture read nothing).
 */
export function joinFragments(lines: readonly RuledLine[], gap: number): RuledLine[] {
  const out: RuledLine[] = [];
  for (const l of [...lines].sort((a, b) => a.from - b.from)) {
    const j = out.findIndex((o) => Math.abs(o.pos - l.pos) <= 1.5 && l.from - o.to <= gap);
    if (j < 0) { out.push(l); continue; }
    const o = out[j];
    const [a, b] = [o.to - o.from + 1, l.to - l.from + 1];
    out[j] = { pos: (o.pos * a + l.pos * b) / (a + b), from: o.from, to: Math.max(o.to, l.to), thickness: Math.max(o.thickness, l.thickness) };
  }
  return out.sort((a, b) => a.pos - b.pos);
}

/**
 * Groups horizontal lines that start and end at the same x (one panel's grid) and splits a group where
 * the vertical gap is far larger than usual (panels stacked in portrait). Each group with enough lines,
 * plus the vertical lines inside its box, is a panel candidate.
 */
export function findPanels(rows: readonly RuledLine[], columns: readonly RuledLine[], w: number): PanelGrid[] {
  const tol = 0.04 * w;
  const groups: RuledLine[][] = [];
  for (const line of rows) {
    // One panel's rows share both ends, or (an axis label touching a row extends it) overlap almost
    // wholly; rows of panels side by side do not overlap at all.
    const g = groups.find((gr) => {
      const [from, to] = [median(gr.map((l) => l.from)), median(gr.map((l) => l.to))];
      if (Math.abs(from - line.from) < tol && Math.abs(to - line.to) < tol) return true;
      const overlap = Math.min(to, line.to) - Math.max(from, line.from);
      return overlap >= 0.9 * Math.min(to - from, line.to - line.from) && Math.abs(to - from - (line.to - line.from)) < 0.25 * (to - from);
    });
    if (g) g.push(line);
    else groups.push([line]);
  }
  const panels: PanelGrid[] = [];
  for (const group of groups) {
    for (const part of splitAtGaps(group)) {
      if (part.length < 5) continue;
      const left = median(part.map((l) => l.from));
      const right = median(part.map((l) => l.to));
      const [top, bottom] = [part[0].pos, part[part.length - 1].pos];
      if (bottom - top < 60 || right - left < 60) continue;
      // A line running far past the panel at both ends is a separator between panels, not a column.
      const beyond = 0.12 * (bottom - top);
      const inside = columns.filter((c) => c.pos > left - 6 && c.pos < right + 6 && Math.min(c.to, bottom) - Math.max(c.from, top) > 0.6 * (bottom - top)
        && !(c.from < top - beyond && c.to > bottom + beyond));
      if (inside.length < 4) continue;
      const cols = dedupe(inside);
      // The frame's own vertical lines, when found, say where the panel ends better than rows that an
      // axis label touching them extends.
      const [first, last] = [cols[0].pos, cols[cols.length - 1].pos];
      const [l, r] = [first > left && first - left < tol ? first : left, last < right && right - last < tol ? last : right];
      panels.push({ left: l, right: r, top, bottom, rows: part, columns: cols });
    }
  }
  return panels;
}

function splitAtGaps(lines: RuledLine[]): RuledLine[][] {
  const sorted = [...lines].sort((a, b) => a.pos - b.pos);
  const gaps = sorted.slice(1).map((l, i) => l.pos - sorted[i].pos);
  const usual = median(gaps);
  const out: RuledLine[][] = [[]];
  for (const [i, l] of sorted.entries()) {
    if (i > 0 && gaps[i - 1] > 2.5 * usual) out.push([]);
    out[out.length - 1].push(l);
  }
  return out;
}

/** Lines closer than 3 px are one line (both sides of a thick stroke). */
function dedupe(lines: readonly RuledLine[]): RuledLine[] {
  const out: RuledLine[] = [];
  for (const l of [...lines].sort((a, b) => a.pos - b.pos)) {
    const last = out[out.length - 1];
    if (last && l.pos - last.pos < 3) out[out.length - 1] = (l.to - l.from > last.to - last.from ? l : last);
    else out.push(l);
  }
  return out;
}

/**
 * Where the dB labels end on a panel's left: its leftmost column line's outer edge (the rows may reach
 * further left, into labels written against them), or the panel's left when no column was found.
 */
export function labelsEnd(grid: PanelGrid): number {
  return grid.columns.length ? Math.max(grid.left, grid.columns[0].pos - grid.columns[0].thickness / 2) : grid.left;
}

export function median(xs: readonly number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

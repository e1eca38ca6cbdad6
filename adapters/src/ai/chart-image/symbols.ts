/**
 * Audiogram symbols (ASHA 1990 / ISO 8253-1 usage): O right air, X left air, △ right masked air,
 * □ left masked air, < right bone, > left bone, [ right masked bone, ] left masked bone.
 */
export type SymbolKind = 'O' | 'X' | 'T' | 'S' | '<' | '>' | '[' | ']';
export const RIGHT_KINDS: readonly SymbolKind[] = ['O', 'T', '<', '['];
export const LEFT_KINDS: readonly SymbolKind[] = ['X', 'S', '>', ']'];
export const earOfKind = (k: SymbolKind): 'right' | 'left' => (RIGHT_KINDS.includes(k) ? 'right' : 'left');
export const conductionOfKind = (k: SymbolKind): 'air' | 'bone' => ('OXTS'.includes(k) ? 'air' : 'bone');

type Pt = readonly [number, number];
interface Template { readonly on: readonly Pt[]; readonly off: readonly Pt[] }

function segment(a: Pt, b: Pt, n: number): Pt[] {
  return Array.from({ length: n }, (_, i) => [a[0] + ((b[0] - a[0]) * (i + 0.5)) / n, a[1] + ((b[1] - a[1]) * (i + 0.5)) / n] as const);
}
const circle = (r: number, n: number): Pt[] => Array.from({ length: n }, (_, i) => [r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)] as const);

/**
 * Sample points in symbol units (1 = the symbol's half size): `on` must carry ink, `off` must not.
 * `off` points avoid the horizontal through the centre, where the line joining the symbols runs.
 */
export const TEMPLATES: Readonly<Record<SymbolKind, Template>> = {
  O: { on: circle(1, 16), off: [[0, 0.45], [0, -0.45], [0.35, 0.35], [-0.35, -0.35], [0.35, -0.35], [-0.35, 0.35]] },
  X: { on: [...segment([-1, -1], [1, 1], 9), ...segment([1, -1], [-1, 1], 9)], off: [[0, 0.75], [0, -0.75], [0, 1.05], [0, -1.05]] },
  T: { on: [...segment([0, -1.1], [1, 0.8], 6), ...segment([1, 0.8], [-1, 0.8], 6), ...segment([-1, 0.8], [0, -1.1], 6)], off: [[0.8, -0.7], [-0.8, -0.7], [0, 1.3], [0.45, 0.25], [-0.45, 0.25]].map(([x, y]) => [x, y] as const) },
  S: { on: [...segment([-0.85, -0.85], [0.85, -0.85], 5), ...segment([0.85, -0.85], [0.85, 0.85], 5), ...segment([0.85, 0.85], [-0.85, 0.85], 5), ...segment([-0.85, 0.85], [-0.85, -0.85], 5)], off: [[0.4, 0.4], [-0.4, -0.4], [0.4, -0.4], [-0.4, 0.4]] },
  '<': { on: [...segment([0.6, -1], [-0.6, 0], 8), ...segment([-0.6, 0], [0.6, 1], 8)], off: [[-0.6, -0.8], [-0.6, 0.8], [0.6, -0.2], [0.6, 0.2], [0.15, 0]] },
  '>': { on: [...segment([-0.6, -1], [0.6, 0], 8), ...segment([0.6, 0], [-0.6, 1], 8)], off: [[0.6, -0.8], [0.6, 0.8], [-0.6, -0.2], [-0.6, 0.2], [-0.15, 0]] },
  '[': { on: [...segment([0.5, -1], [-0.3, -1], 4), ...segment([-0.3, -1], [-0.3, 1], 8), ...segment([-0.3, 1], [0.5, 1], 4)], off: [[0.5, -0.5], [0.5, 0.5], [-0.9, -0.5], [-0.9, 0.5]] },
  ']': { on: [...segment([-0.5, -1], [0.3, -1], 4), ...segment([0.3, -1], [0.3, 1], 8), ...segment([0.3, 1], [-0.5, 1], 4)], off: [[-0.5, -0.5], [-0.5, 0.5], [0.9, -0.5], [0.9, 0.5]] },
};

/** What the matcher reads: a dilated ink mask (tolerates 1 px), the raw mask, and where the grid was. */
export interface SymbolField {
  readonly width: number;
  readonly height: number;
  readonly dilated: Uint8Array;
  readonly raw: Uint8Array;
  /** Pixels on a removed grid line: samples there are unknown, neither ink nor blank. */
  readonly grid: Uint8Array;
}

/** Template score at (cx, cy) with half size s: share of `on` samples inked minus 0.8 × share of `off` inked. */
export function templateScore(field: SymbolField, kind: SymbolKind, cx: number, cy: number, s: number): number {
  const t = TEMPLATES[kind];
  let on = 0;
  let onN = 0;
  for (const [px, py] of t.on) {
    const [x, y] = [Math.round(cx + px * s), Math.round(cy + py * s)];
    if (x < 0 || y < 0 || x >= field.width || y >= field.height) return 0;
    const i = y * field.width + x;
    if (field.grid[i] && !field.raw[i]) continue;
    onN++;
    on += field.dilated[i];
  }
  let off = 0;
  let offN = 0;
  for (const [px, py] of t.off) {
    const [x, y] = [Math.round(cx + px * s), Math.round(cy + py * s)];
    if (x < 0 || y < 0 || x >= field.width || y >= field.height) continue;
    const i = y * field.width + x;
    if (field.grid[i]) continue;
    offN++;
    off += field.raw[i];
  }
  if (onN < t.on.length * 0.6) return 0;
  return on / onN - (offN ? (0.8 * off) / offN : 0);
}

/** A symbol found: centre, half size, kind, score in [0, 1]. */
export interface FoundSymbol {
  readonly x: number;
  readonly y: number;
  readonly s: number;
  readonly kind: SymbolKind;
  readonly score: number;
  /** Best score of another kind of the same ear and conduction family at that spot (ambiguity). */
  readonly runnerUp: number;
}

/**
 * Scans a box for the given kinds at the given sizes; keeps local maxima above `minScore`; a weaker
 * symbol of the same ear and conduction within one symbol size of a stronger one is suppressed (an air
 * and a bone symbol, or a right and a left one, may overlap).
 */
export function findSymbols(
  field: SymbolField, kinds: readonly SymbolKind[], sizes: readonly number[],
  box: { x0: number; x1: number; y0: number; y1: number }, minScore = 0.72,
): FoundSymbol[] {
  const raw: FoundSymbol[] = [];
  const smax = Math.max(...sizes);
  const x0 = Math.max(Math.ceil(smax + 1), Math.floor(box.x0));
  const x1 = Math.min(field.width - Math.ceil(smax + 2), Math.ceil(box.x1));
  const y0 = Math.max(Math.ceil(smax + 2), Math.floor(box.y0));
  const y1 = Math.min(field.height - Math.ceil(smax + 2), Math.ceil(box.y1));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      // Quick reject: a symbol needs ink around its centre.
      if (!nearInk(field, x, y, Math.max(2, Math.round(sizes[0])))) continue;
      let best: FoundSymbol | null = null;
      const perKind = new Map<SymbolKind, number>();
      for (const kind of kinds) {
        for (const s of sizes) {
          const score = templateScore(field, kind, x, y, s);
          if (score > (perKind.get(kind) ?? -1)) perKind.set(kind, score);
          if (score >= minScore && (!best || score > best.score)) best = { x, y, s, kind, score, runnerUp: 0 };
        }
      }
      if (best) {
        const family = (k: SymbolKind) => earOfKind(k) === earOfKind(best!.kind) && conductionOfKind(k) === conductionOfKind(best!.kind);
        const runnerUp = Math.max(0, ...[...perKind].filter(([k]) => k !== best!.kind && family(k)).map(([, v]) => v));
        raw.push({ ...best, runnerUp });
      }
    }
  }
  raw.sort((a, b) => b.score - a.score || a.y - b.y || a.x - b.x);
  const kept: FoundSymbol[] = [];
  for (const c of raw) {
    const clash = kept.some((k) => Math.hypot(k.x - c.x, k.y - c.y) < 1.2 * Math.max(k.s, c.s)
      && (earOfKind(k.kind) === earOfKind(c.kind) && conductionOfKind(k.kind) === conductionOfKind(c.kind)
        || Math.hypot(k.x - c.x, k.y - c.y) < 0.35 * Math.max(k.s, c.s) && k.kind === c.kind));
    if (!clash) kept.push(centre(c, raw));
  }
  return kept;
}

/** Centre of the plateau: mean position of the same kind's near-best scores around the peak. */
function centre(peak: FoundSymbol, all: readonly FoundSymbol[]): FoundSymbol {
  let [sx, sy, n] = [0, 0, 0];
  for (const c of all) {
    if (c.kind !== peak.kind || c.score < peak.score - 0.04 || Math.hypot(c.x - peak.x, c.y - peak.y) > 0.5 * peak.s) continue;
    sx += c.x;
    sy += c.y;
    n++;
  }
  return n ? { ...peak, x: sx / n, y: sy / n } : peak;
}

function nearInk(field: SymbolField, x: number, y: number, r: number): boolean {
  let n = 0;
  for (let dy = -r; dy <= r; dy += 2) for (let dx = -r; dx <= r; dx += 2) n += field.raw[(y + dy) * field.width + x + dx];
  return n >= 2;
}

/**
 * No-response arrow: ink along a short stroke going down and outwards from the symbol (to the left for
 * the right ear), in the direction of higher dB (`down` = +1 when dB grows downwards).
 */
export function hasNoResponseArrow(field: SymbolField, sym: FoundSymbol, ear: 'right' | 'left', down: 1 | -1): boolean {
  const s = sym.s;
  const dx = (ear === 'right' ? -1 : 1) * s * 1.4;
  const pts = segment([sym.x + dx * 0.55, sym.y + down * s * 1.15], [sym.x + dx * 1.15, sym.y + down * s * 2.5], 8);
  let hit = 0;
  for (const [x, y] of pts) {
    const [xi, yi] = [Math.round(x), Math.round(y)];
    if (xi < 0 || yi < 0 || xi >= field.width || yi >= field.height) return false;
    hit += field.dilated[yi * field.width + xi];
  }
  return hit >= 7;
}

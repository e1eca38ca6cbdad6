import { Integral } from './picture';

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
 * The corners of △ and □ are sampled too: without them a ring fits a square's or a triangle's sides.
 * `off` points avoid the horizontal through the centre, where the line joining the symbols runs.
 */
const DRAWN: Readonly<Record<SymbolKind, Template>> = {
  O: { on: circle(1, 16), off: [[0, 0.45], [0, -0.45], [0.35, 0.35], [-0.35, -0.35], [0.35, -0.35], [-0.35, 0.35]] },
  X: { on: [...segment([-1, -1], [1, 1], 9), ...segment([1, -1], [-1, 1], 9)], off: [[0, 0.75], [0, -0.75], [0, 1.05], [0, -1.05], [1.5, 1.5], [-1.5, -1.5], [1.5, -1.5], [-1.5, 1.5]] },
  T: { on: [...segment([0, -1.1], [1, 0.8], 6), ...segment([1, 0.8], [-1, 0.8], 6), ...segment([-1, 0.8], [0, -1.1], 6), [0, -1.1], [1, 0.8], [-1, 0.8]], off: [[0.8, -0.7], [-0.8, -0.7], [0, 1.3], [0.45, 0.25], [-0.45, 0.25]].map(([x, y]) => [x, y] as const) },
  S: { on: [...segment([-0.85, -0.85], [0.85, -0.85], 5), ...segment([0.85, -0.85], [0.85, 0.85], 5), ...segment([0.85, 0.85], [-0.85, 0.85], 5), ...segment([-0.85, 0.85], [-0.85, -0.85], 5), [0.85, 0.85], [-0.85, 0.85], [0.85, -0.85], [-0.85, -0.85]], off: [[0.4, 0.4], [-0.4, -0.4], [0.4, -0.4], [-0.4, 0.4]] },
  '<': { on: [...segment([0.6, -1], [-0.6, 0], 8), ...segment([-0.6, 0], [0.6, 1], 8)], off: [[-0.6, -0.8], [-0.6, 0.8], [0.6, -0.2], [0.6, 0.2], [0.15, 0], [0.95, -1.6], [0.95, 1.6], [-1.2, 0.5], [-1.2, -0.5]] },
  '>': { on: [...segment([-0.6, -1], [0.6, 0], 8), ...segment([0.6, 0], [-0.6, 1], 8)], off: [[0.6, -0.8], [0.6, 0.8], [-0.6, -0.2], [-0.6, 0.2], [-0.15, 0], [-0.95, -1.6], [-0.95, 1.6], [1.2, 0.5], [1.2, -0.5]] },
  '[': { on: [...segment([0.5, -1], [-0.3, -1], 4), ...segment([-0.3, -1], [-0.3, 1], 8), ...segment([-0.3, 1], [0.5, 1], 4)], off: [[0.5, -0.5], [0.5, 0.5], [-0.9, -0.5], [-0.9, 0.5], [-0.3, 1.6], [-0.3, -1.6], [1.1, 1], [1.1, -1]] },
  ']': { on: [...segment([-0.5, -1], [0.3, -1], 4), ...segment([0.3, -1], [0.3, 1], 8), ...segment([0.3, 1], [-0.5, 1], 4)], off: [[-0.5, -0.5], [-0.5, 0.5], [0.9, -0.5], [0.9, 0.5], [0.3, 1.6], [0.3, -1.6], [-1.1, 1], [-1.1, -1]] },
};

/**
 * Each template's `off` points also get every other symbol's stroke points that lie away from its own
 * strokes: a ring is then penalised as a `<` (whose strokes it covers) because it also inks where a
 * `<` has none. That is what separates the shapes when strokes are thick and symbols small.
 */
export const TEMPLATES: Readonly<Record<SymbolKind, Template>> = Object.fromEntries(
  (Object.keys(DRAWN) as SymbolKind[]).map((kind) => {
    const own = DRAWN[kind].on;
    const others = (Object.keys(DRAWN) as SymbolKind[]).filter((k) => k !== kind).flatMap((k) => DRAWN[k].on);
    // Not near the horizontal through the centre, where the line joining the symbols runs.
    const far = others.filter(([x, y]) => Math.abs(y) > 0.3 && own.every(([ox, oy]) => Math.hypot(x - ox, y - oy) > 0.45));
    // Interleaved order, so a partial count is representative (templateScore stops early).
    const n = own.length;
    const step = [7, 5, 3].find((k) => n % k !== 0) ?? 1;
    const order = Array.from({ length: n }, (_, i) => own[(i * step) % n]);
    return [kind, { on: order, off: [...DRAWN[kind].off, ...far] }];
  }),
) as unknown as Record<SymbolKind, Template>;

/**
 * What the matcher reads: a dilated ink mask (tolerates 1 px), the raw mask, and where the grid was.
 * On a black-and-white chart `raw` holds the strokes' cores and `dilated` the ink as binarised (about
 * a pixel wider on each side: the same tolerance), with the plain field beside them.
 */
export interface SymbolField {
  readonly width: number;
  readonly height: number;
  readonly dilated: Uint8Array;
  readonly raw: Uint8Array;
  /** Pixels on a removed grid line: samples there are unknown, neither ink nor blank. */
  readonly grid: Uint8Array;
  /**
   * The same field on the ink as binarised (its `raw`) and dilated, when `raw` holds only the strokes'
   * cores (black and white): two shapes drawn on one spot are told from one shape there (pairOnSpot),
   * and the second search around found air symbols runs there.
   */
  readonly plain?: SymbolField;
  /**
   * The x of the panels' left and right frame lines (on the strokes' cores): a symbol at the first or
   * last column is centred on one, and the frame, like a grid line, hides up to half of it.
   */
  readonly frames?: readonly number[];
}

/**
 * Lines leaving a symbol (the lines joining it to its neighbours): short runs of ink on a ring of
 * radius 1.7 s around the centre, as unit directions. Ink along such a ray through the centre is the
 * joining line, not part of a shape, so it is neither a stray nor a "must be blank" hit.
 */
/** A line through (x, y) in direction (ux, uy), leaving a symbol centred there. */
export interface Ray { readonly x: number; readonly y: number; readonly ux: number; readonly uy: number }

export function exitRays(field: SymbolField, cx: number, cy: number, s: number): Ray[] {
  const r = 1.7 * s;
  const n = Math.max(24, Math.round((2 * Math.PI * r) / 1.5));
  const on: number[] = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    const [x, y] = [Math.round(cx + r * Math.cos(a)), Math.round(cy + r * Math.sin(a))];
    on.push(x >= 0 && y >= 0 && x < field.width && y < field.height && field.raw[y * field.width + x] ? 1 : 0);
  }
  if (on.every((v) => v)) return [];
  const start = on.indexOf(0);
  const rays: Ray[] = [];
  let run = -1;
  for (let j = 1; j <= n; j++) {
    const k = (start + j) % n;
    if (on[k] && run < 0) run = j;
    if (!on[k] && run >= 0) {
      const width = j - run;
      // A crossing line is a short arc; a wide arc is a neighbouring shape.
      if (width * (2 * Math.PI * r) / n <= Math.max(6, 0.9 * s)) {
        const a = (2 * Math.PI * (start + (run + j - 1) / 2)) / n;
        // A joining line goes on well past the shape; a stroke of the shape itself (an X's arm seen
        // from a smaller candidate) ends.
        const far = [2.4 * s, 3 * s].every((d) => {
          const [x, y] = [Math.round(cx + d * Math.cos(a)), Math.round(cy + d * Math.sin(a))];
          return x >= 0 && y >= 0 && x < field.width && y < field.height && field.dilated[y * field.width + x] === 1;
        });
        if (far) rays.push({ x: cx, y: cy, ux: Math.cos(a), uy: Math.sin(a) });
      }
      run = -1;
    }
  }
  return rays;
}

/**
 * The rays of a straight line passing through the spot (two rays within ~15° of opposite): a line
 * joining two air symbols that runs through a bone symbol drawn on it. A bone shape is forgiven only
 * those: its own arms, or two lines meeting at a corner, never form a straight line through it.
 */
export function passingRays(rays: readonly Ray[]): Ray[] {
  return rays.filter((r) => rays.some((o) => o !== r && r.ux * o.ux + r.uy * o.uy < -0.965));
}

/** Whether (x, y) lies on one of the rays (within `tol` px). */
function onRay(rays: readonly Ray[], x: number, y: number, tol: number): boolean {
  for (const { x: ox, y: oy, ux, uy } of rays) {
    const [dx, dy] = [x - ox, y - oy];
    const t = dx * ux + dy * uy;
    if (t > -tol && Math.abs(dx * uy - dy * ux) <= tol) return true;
  }
  return false;
}

/** The free ends of the bone shapes (symbol units) and the direction a stroke would go on in. */
const FREE_ENDS: Readonly<Partial<Record<SymbolKind, readonly (readonly [number, number, number, number])[]>>> = {
  '<': [[0.6, -1, 0.77, -0.64], [0.6, 1, 0.77, 0.64]],
  '>': [[-0.6, -1, -0.77, -0.64], [-0.6, 1, -0.77, 0.64]],
  '[': [[0.5, -1, 1, 0], [0.5, 1, 1, 0]],
  ']': [[-0.5, -1, -1, 0], [-0.5, 1, -1, 0]],
};

/**
 * How many free ends of a bone shape go on as a line (ink 0.4, 0.7 and 1 size past the end, two of
 * three inked): a chevron fitted where two joining lines cross or bend has strokes that do not end.
 */
export function continuedEnds(field: SymbolField, kind: SymbolKind, cx: number, cy: number, s: number): number {
  let n = 0;
  for (const [ex, ey, ux, uy] of FREE_ENDS[kind] ?? []) {
    let inked = 0;
    for (const t of [0.4, 0.7, 1]) {
      const x = Math.round(cx + (ex + ux * t) * s);
      const y = Math.round(cy + (ey + uy * t) * s);
      if (x >= 0 && y >= 0 && x < field.width && y < field.height && field.raw[y * field.width + x] && !field.grid[y * field.width + x]) inked++;
    }
    if (inked >= 2) n++;
  }
  return n;
}

/** Template sample coordinates as flat arrays (the matcher's inner loops allocate nothing). */
const FLAT: Readonly<Record<SymbolKind, { onX: Float64Array; onY: Float64Array; offX: Float64Array; offY: Float64Array }>> = Object.fromEntries(
  (Object.keys(TEMPLATES) as SymbolKind[]).map((kind) => [kind, {
    onX: Float64Array.from(TEMPLATES[kind].on, (p) => p[0]), onY: Float64Array.from(TEMPLATES[kind].on, (p) => p[1]),
    offX: Float64Array.from(TEMPLATES[kind].off, (p) => p[0]), offY: Float64Array.from(TEMPLATES[kind].off, (p) => p[1]),
  }]),
) as unknown as Record<SymbolKind, { onX: Float64Array; onY: Float64Array; offX: Float64Array; offY: Float64Array }>;

/**
 * The `on` part of the template score: the share of stroke samples on ink (dilated, plus a bonus
 * for the undilated mask); samples on a removed grid line are unknown and not counted. −1 as soon as
 * `need` cannot be reached, 0 when too few samples are known or the template leaves the picture.
 */
export function strokeScore(field: SymbolField, kind: SymbolKind, cx: number, cy: number, s: number, need = 0): number {
  const { onX, onY } = FLAT[kind];
  const n = onX.length;
  const { width, height, grid, raw, dilated } = field;
  let on = 0;
  let onN = 0;
  for (let k = 0; k < n; k++) {
    // Early exit: even if every remaining sample hit, the score could not reach `need` (unknown
    // samples leave the denominator, so the bound is taken over the known ones).
    if (need > 0 && k >= 6 && (on + (n - k)) / (onN + (n - k)) < need) return -1;
    const x = Math.round(cx + onX[k] * s);
    const y = Math.round(cy + onY[k] * s);
    if (x < 0 || y < 0 || x >= width || y >= height) return 0;
    const i = y * width + x;
    if (grid[i] && !raw[i]) continue;
    onN++;
    on += 0.65 * dilated[i] + 0.35 * raw[i];
  }
  // On the strokes' cores (field.plain set) an air shape must show 60 % of its samples: the cores
  // leave more of a small template on removed grid lines, and a △ a third of an O's size fitted on
  // a column line and the top of the ring outscored the O (seed 777 #65). A bone shape drawn on its
  // column has most of its samples there; it has its own rule below. Not on a frame line (within 0.8
  // size): there the frame hides up to half of a symbol (O's and X's at 250 and 8000 Hz were not
  // found), and no smaller shape fits across a frame and the top of a ring.
  if (onN < n * (field.plain && conductionOfKind(kind) === 'air' && !onFrame(field, cx, s) ? 0.6 : 0.4)) return 0;
  // A bone shape is searched where the air symbols were taken out: it must show most of its strokes
  // (unknown samples beyond a fifth count as misses), or a fragment of a joining line beside the
  // removed symbol fits it.
  return conductionOfKind(kind) === 'bone' ? on / Math.max(onN, 0.8 * n) : on / onN;
}

/** Whether a symbol of half size s centred at x sits on a panel's left or right frame line (within 0.8 size). */
export function onFrame(field: SymbolField, x: number, s: number): boolean {
  return field.frames?.some((f) => Math.abs(f - x) <= 0.8 * s) ?? false;
}

/** The `off` part: 0.6 × the share of "must be blank" samples that are inked (ink on a joining line forgiven). */
export function blankPenalty(field: SymbolField, kind: SymbolKind, cx: number, cy: number, s: number, rays: readonly Ray[]): number {
  const { offX, offY } = FLAT[kind];
  const { width, height, grid, raw } = field;
  const tol = 1.5 + 0.15 * s;
  let off = 0;
  let offN = 0;
  for (let k = 0; k < offX.length; k++) {
    const x = Math.round(cx + offX[k] * s);
    const y = Math.round(cy + offY[k] * s);
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    const i = y * width + x;
    if (grid[i] || (rays.length && onRay(rays, x, y, tol))) continue;
    offN++;
    off += raw[i];
  }
  return offN ? (0.6 * off) / offN : 0;
}

/**
 * The size a clear symbol (score ≥ 0.85) stands for when the chart's symbol size is judged: the
 * largest size, 1.4 times its own or more, at which a shape of the given kinds fits the same spot
 * (±2 px) as clearly, stray ink counted; else its own. A small template fits inside the crossing of a
 * large X (its arms taken for joining lines), never the other way round: on a black-and-white JPEG
 * chart the small shapes fitted inside the X's made the chart's size a third of the X's.
 */
export function votedSize(field: SymbolField, sym: FoundSymbol, kinds: readonly SymbolKind[], sizes: readonly number[], clear = 0.85): number {
  const larger = sizes.filter((v) => v >= 1.4 * sym.s).sort((a, b) => b - a);
  for (const s of larger) {
    for (const kind of kinds) {
      for (const dy of [0, -2, 2]) {
        for (const dx of [0, -2, 2]) {
          const [x, y] = [Math.round(sym.x) + dx, Math.round(sym.y) + dy];
          const hit = strokeScore(field, kind, x, y, s, clear);
          if (hit < clear) continue;
          const rays = exitRays(field, x, y, s);
          if (hit - blankPenalty(field, kind, x, y, s, rays) - 0.6 * strayInk(field, kind, x, y, s, rays) >= clear) return s;
        }
      }
    }
  }
  return sym.s;
}

/** Template score at (cx, cy) with half size s: share of `on` samples inked minus 0.6 × share of `off` inked. */
export function templateScore(field: SymbolField, kind: SymbolKind, cx: number, cy: number, s: number, need = 0): number {
  const hit = strokeScore(field, kind, cx, cy, s, need);
  if (hit <= 0) return hit;
  // Joining lines run between air symbols; a bone shape forgiven its lines would fit any corner.
  return hit - blankPenalty(field, kind, cx, cy, s, conductionOfKind(kind) === 'air' ? exitRays(field, cx, cy, s) : []);
}

const STRAY_GRID = 61;
const STRAY_HALF = 1.5;
/** Per kind: distance (symbol units) from each cell of a 61×61 grid over [−1.5, 1.5]² to the strokes. */
const STROKE_DISTANCE: Readonly<Record<SymbolKind, Float32Array>> = Object.fromEntries(
  (Object.keys(DRAWN) as SymbolKind[]).map((kind) => {
    const pts = DRAWN[kind].on;
    const d = new Float32Array(STRAY_GRID * STRAY_GRID);
    for (let j = 0; j < STRAY_GRID; j++) {
      for (let i = 0; i < STRAY_GRID; i++) {
        const [x, y] = [-STRAY_HALF + (2 * STRAY_HALF * i) / (STRAY_GRID - 1), -STRAY_HALF + (2 * STRAY_HALF * j) / (STRAY_GRID - 1)];
        d[j * STRAY_GRID + i] = Math.min(...pts.map(([px, py]) => Math.hypot(x - px, y - py)));
      }
    }
    return [kind, d];
  }),
) as unknown as Record<SymbolKind, Float32Array>;

/**
 * The other direction of chamfer matching: the share of ink inside the symbol's box that lies away
 * from the template's strokes (a `<` fitted inside a thick ring leaves most of the ring stray).
 */
export function strayInk(field: SymbolField, kind: SymbolKind, cx: number, cy: number, s: number, knownRays?: readonly Ray[]): number {
  const dist = STROKE_DISTANCE[kind];
  const r = Math.ceil(1.4 * s);
  const tol = Math.max(0.3, 1.6 / s);
  let ink = 0;
  let stray = 0;
  const rays = knownRays ?? (conductionOfKind(kind) === 'air' ? exitRays(field, cx, cy, s) : []);
  const rayTol = 1.5 + 0.15 * s;
  const { width, height, raw, grid } = field;
  const [rx, ry] = [Math.round(cx), Math.round(cy)];
  // Grid cell of a pixel: round(((x − cx)/s + HALF) / (2·HALF) · (GRID − 1)).
  const k = (STRAY_GRID - 1) / (2 * STRAY_HALF * s);
  const half = STRAY_HALF * (STRAY_GRID - 1) / (2 * STRAY_HALF);
  for (let y = Math.max(0, ry - r); y <= Math.min(height - 1, ry + r); y++) {
    const j = Math.round((y - cy) * k + half);
    if (j < 0 || j >= STRAY_GRID) continue;
    const row = y * width;
    for (let x = Math.max(0, rx - r); x <= Math.min(width - 1, rx + r); x++) {
      if (!raw[row + x] || grid[row + x]) continue;
      const i = Math.round((x - cx) * k + half);
      if (i < 0 || i >= STRAY_GRID) continue;
      if (rays.length && onRay(rays, x, y, rayTol)) continue;
      ink++;
      if (dist[j * STRAY_GRID + i] > tol) stray++;
    }
  }
  return ink ? stray / ink : 1;
}

/** Share of the ink around (cx, cy) that lies away from the strokes of both symbols (joining lines forgiven). */
function strayFromPair(field: SymbolField, cx: number, cy: number, a: { kind: SymbolKind; s: number }, b: { kind: SymbolKind; s: number }, rays: readonly Ray[], dy = 0): number {
  const [da, db] = [STROKE_DISTANCE[a.kind], STROKE_DISTANCE[b.kind]];
  const s = Math.max(a.s, b.s);
  const r = Math.ceil(1.4 * s);
  const [tolA, tolB] = [Math.max(0.3, 1.6 / a.s), Math.max(0.3, 1.6 / b.s)];
  const rayTol = 1.5 + 0.15 * s;
  const cell = (d: number, size: number) => Math.round((d / size + STRAY_HALF) * ((STRAY_GRID - 1) / (2 * STRAY_HALF)));
  const by = cy + dy;
  let ink = 0;
  let stray = 0;
  for (let y = Math.max(0, Math.round(Math.min(cy, by)) - r); y <= Math.min(field.height - 1, Math.round(Math.max(cy, by)) + r); y++) {
    for (let x = Math.max(0, Math.round(cx) - r); x <= Math.min(field.width - 1, Math.round(cx) + r); x++) {
      const i = y * field.width + x;
      if (!field.raw[i] || field.grid[i] || (rays.length && onRay(rays, x, y, rayTol))) continue;
      const [ia, ja, ib, jb] = [cell(x - cx, a.s), cell(y - cy, a.s), cell(x - cx, b.s), cell(y - by, b.s)];
      const nearA = ia >= 0 && ja >= 0 && ia < STRAY_GRID && ja < STRAY_GRID && da[ja * STRAY_GRID + ia] <= tolA;
      const nearB = ib >= 0 && jb >= 0 && ib < STRAY_GRID && jb < STRAY_GRID && db[jb * STRAY_GRID + ib] <= tolB;
      const insideA = ia >= 0 && ja >= 0 && ia < STRAY_GRID && ja < STRAY_GRID;
      const insideB = ib >= 0 && jb >= 0 && ib < STRAY_GRID && jb < STRAY_GRID;
      if (!insideA && !insideB) continue;
      ink++;
      if (!nearA && !nearB) stray++;
    }
  }
  return ink ? stray / ink : 1;
}

/**
 * Whether a shape drawn inside another on one spot (a bone `<` inside its O) shows ink of its own:
 * of its stroke samples that lie clearly off the other shape's strokes (more than 0.3 of its size),
 * at least five, and 80 % of them on undilated ink. A thick ring is not an O plus a `<`: every sample
 * of a `<` fitted inside it that is not on the ring falls on blank paper.
 */
export function ownInk(field: SymbolField, x: number, y: number, outer: { kind: SymbolKind; s: number }, inner: { kind: SymbolKind; s: number }): boolean {
  const { off, inked } = ownInkSamples(field, x, y, outer, inner);
  return off >= 5 && inked >= 0.8 * off;
}

/** The inner shape's stroke samples clearly off the outer shape's strokes (`off`), and how many of them are inked. */
export function ownInkSamples(field: SymbolField, x: number, y: number, outer: { kind: SymbolKind; s: number }, inner: { kind: SymbolKind; s: number },
  /** The inner shape's centre lies this far below the outer's (px; negative: above). */
  dy = 0): { off: number; inked: number } {
  const dist = STROKE_DISTANCE[outer.kind];
  let off = 0;
  let inked = 0;
  for (const [px, py] of TEMPLATES[inner.kind].on) {
    const [u, v] = [(px * inner.s) / outer.s, (py * inner.s + dy) / outer.s];
    const i = Math.round(((u + STRAY_HALF) / (2 * STRAY_HALF)) * (STRAY_GRID - 1));
    const j = Math.round(((v + STRAY_HALF) / (2 * STRAY_HALF)) * (STRAY_GRID - 1));
    if (i >= 0 && j >= 0 && i < STRAY_GRID && j < STRAY_GRID && dist[j * STRAY_GRID + i] <= 0.3) continue;
    const [xi, yi] = [Math.round(x + px * inner.s), Math.round(y + dy + py * inner.s)];
    if (xi < 0 || yi < 0 || xi >= field.width || yi >= field.height || field.grid[yi * field.width + xi]) continue;
    off++;
    inked += field.raw[yi * field.width + xi];
  }
  return { off, inked };
}

/**
 * Two air symbols of different ears drawn on one spot (both ears at one level, black and white):
 * the best pair — a right-ear shape and a left-ear shape, each fitting its strokes (≥ 0.85) — whose
 * union explains the ink clearly better than the single symbol found there. Null when the single
 * symbol is the better reading, or when either symbol alone explains the ink nearly as well as the
 * pair. Both symbols of the pair score min(strokes) − 0.6 × stray ink.
 */
export function pairOnSpot(field: SymbolField, single: Pick<FoundSymbol, 'x' | 'y' | 's' | 'score'>, rightKinds: readonly SymbolKind[], leftKinds: readonly SymbolKind[], sizes: readonly number[],
  /** Vertical offsets (px) of the second shape from the first: symbols of two ears drawn 5 dB apart overlap too. */
  offsets: readonly number[] = [0],
  /** The second shape must show ink of its own, off the first's strokes (a bone shape drawn inside its air symbol). */
  inside = false,
  /** Pairs already judged at a spot of the plain field (findPairs: the same single size at every spot). */
  seen?: Map<string, [FoundSymbol, FoundSymbol] | null>): [FoundSymbol, FoundSymbol] | null {
  if (!field.plain) return pairAt(field, single, rightKinds, leftKinds, sizes, offsets, inside);
  // The union of two shapes is judged on the ink as binarised: on the strokes' cores a single □
  // fitted across an X over an O leaves too little stray ink to tell it from the pair. The single
  // was centred on the cores, where the pair's centre may lie a pixel or two away: tried around it.
  // Each shape of the pair must show strokes of its own on the cores (ownStrokes).
  let best: [FoundSymbol, FoundSymbol] | null = null;
  for (const dy of [0, -2, 2]) {
    for (const dx of [0, -2, 2]) {
      const at = { ...single, x: single.x + dx, y: single.y + dy };
      const key = `${at.x},${at.y}`;
      const pair = seen?.has(key) ? seen.get(key)! : pairAt(field.plain, at, rightKinds, leftKinds, sizes, offsets, inside, field);
      seen?.set(key, pair);
      if (pair && (!best || pair[0].score > best[0].score)) best = pair;
    }
  }
  return best;
}

/**
 * Whether each shape of a pair (`a` at (x, y), `b` `dy` below it) shows strokes of its own on the
 * strokes' cores: of its samples off the other's strokes, at least five, 60 % of them on a core. On
 * the binarised ink a bold O is also an O plus a □ or an X fitted inside its thick ring, and that
 * pair explained the ring better than the O alone (its phantom X took the place of the true X's of
 * its column; a □ was read as a △ plus a □); on the cores the ring is a thin line and the inner
 * shape's strokes fall on blank paper. On a frame line, which hides most samples, fewer than five
 * are not held against the pair. (80 % lost true O-over-X pairs; 50 % and 70 % read fewer points.)
 */
function ownStrokes(cores: SymbolField, x: number, y: number, a: { kind: SymbolKind; s: number }, b: { kind: SymbolKind; s: number }, dy: number): boolean {
  const framed = onFrame(cores, x, Math.max(a.s, b.s));
  const own = (oy: number, outer: { kind: SymbolKind; s: number }, inner: { kind: SymbolKind; s: number }, d: number) => {
    const { off, inked } = ownInkSamples(cores, x, oy, outer, inner, d);
    return off < 5 ? framed : inked >= 0.6 * off;
  };
  return own(y, a, b, dy) && own(y + dy, b, a, -dy);
}

function pairAt(field: SymbolField, single: Pick<FoundSymbol, 'x' | 'y' | 's' | 'score'>, rightKinds: readonly SymbolKind[], leftKinds: readonly SymbolKind[], sizes: readonly number[],
  offsets: readonly number[], inside: boolean,
  /** The strokes' cores, where the pair was judged on the binarised ink: each shape must show strokes of its own there (ownStrokes). */
  cores?: SymbolField): [FoundSymbol, FoundSymbol] | null {
  const { x, y } = single;
  const fits = (kinds: readonly SymbolKind[], cy: number) => kinds.flatMap((kind) => sizes.map((s) => ({ kind, s, hit: strokeScore(field, kind, x, cy, s, 0.85) }))).filter((c) => c.hit >= 0.85);
  const rights = fits(rightKinds, y);
  if (!rights.length) return null;
  const rays = exitRays(field, x, y, single.s);
  let best: { a: (typeof rights)[number]; b: (typeof rights)[number]; dy: number; score: number } | null = null;
  for (const dy of offsets) {
    const lefts = fits(leftKinds, y + dy);
    if (!lefts.length) continue;
    const raysB = dy ? exitRays(field, x, y + dy, single.s) : rays;
    // The best any one symbol does alone, at any size: a pair must explain clearly more (a thick O
    // is not an O of a wrong size plus a □ fitted on its ring).
    const alone = Math.min(...rights.map((c) => strayInk(field, c.kind, x, y, c.s, rays)), ...lefts.map((c) => strayInk(field, c.kind, x, y + dy, c.s, raysB)));
    for (const a of rights) {
      for (const b of lefts) {
        const bound = Math.min(a.hit, b.hit);
        if (best && bound <= best.score) continue;
        if (inside && !ownInk(field, x, y + dy, a, b)) continue;
        if (cores && !ownStrokes(cores, x, y, a, b, dy)) continue;
        const stray = strayFromPair(field, x, y, a, b, rays, dy);
        // Each symbol of the pair must explain ink the other leaves astray.
        if (stray + 0.1 > alone) continue;
        const score = bound - 0.6 * stray;
        if (!best || score > best.score) best = { a, b, dy, score };
      }
    }
  }
  if (!best || best.score < Math.max(single.score + 0.04, 0.72)) return null;
  const make = (c: { kind: SymbolKind; s: number }, dy: number): FoundSymbol => ({ x, y: y + dy, s: c.s, kind: c.kind, score: best!.score, runnerUp: Math.min(best!.score, single.score) });
  return [make(best.a, 0), make(best.b, best.dy)];
}

/**
 * Pairs of air symbols of different ears on one spot where no single symbol was found (an O and an X
 * of one size overlapping fit neither template alone): scanned on the frequency columns only, where
 * air symbols sit, every 2 px; one pair per spot (suppression within 1.2 sizes).
 */
export function findPairs(field: SymbolField, rightKinds: readonly SymbolKind[], leftKinds: readonly SymbolKind[], sizes: readonly number[],
  box: { x0: number; x1: number; y0: number; y1: number; columns: readonly number[] }, taken: readonly FoundSymbol[], offsets: readonly number[] = [0], inside = false): FoundSymbol[] {
  const smax = Math.max(...sizes);
  const mid = sizes[sizes.length >> 1];
  const out: [FoundSymbol, FoundSymbol][] = [];
  const free = (x: number, y: number) => ![...taken, ...out.flat()].some((t) => Math.hypot(t.x - x, t.y - y) < 1.2 * Math.max(t.s, smax * 0.6));
  const found: { x: number; y: number; pair: [FoundSymbol, FoundSymbol] }[] = [];
  // The spots around neighbouring scan spots overlap (pairOnSpot tries ±2 px on the plain field): each is judged once.
  const seen = new Map<string, [FoundSymbol, FoundSymbol] | null>();
  // Quick rejects, as in findSymbols: a spot next to a symbol already taken (its pair could not be
  // kept), a spot with almost no ink around it.
  const nearTaken = (x: number, y: number) => taken.some((t) => Math.hypot(t.x - x, t.y - y) < 1.2 * Math.max(t.s, smax * 0.6));
  const inkIn = integralOf(field.raw, field.width, field.height);
  const reachInk = Math.ceil(1.05 * smax);
  const minInk = Math.max(4, 2 * sizes[0]);
  for (const c of box.columns) {
    if (c < box.x0 || c > box.x1) continue;
    for (let y = Math.max(Math.ceil(smax + 2), Math.floor(box.y0)); y <= Math.min(field.height - smax - 2, box.y1); y += 2) {
      for (const x of [Math.round(c) - 2, Math.round(c), Math.round(c) + 2]) {
        if (x < smax + 2 || x > field.width - smax - 2) continue;
        if (nearTaken(x, y) || inkIn.sum(x - reachInk, y - reachInk, x + reachInk + 1, y + reachInk + 1) < minInk) continue;
        const pair = pairOnSpot(field, { x, y, s: mid, score: 0 }, rightKinds, leftKinds, sizes, offsets, inside, seen);
        if (pair) found.push({ x, y, pair });
      }
    }
  }
  found.sort((a, b) => b.pair[0].score - a.pair[0].score);
  for (const f of found) if (f.pair.every((p) => free(p.x, p.y))) out.push(f.pair);
  return out.flat();
}

/**
 * The field with the strokes of the given (air) symbols taken out and marked unknown, like grid lines:
 * a bone symbol drawn on or against an air symbol is then judged on its own strokes only.
 */
export function withoutShapes(field: SymbolField, shapes: readonly FoundSymbol[], dilateMask: (m: Uint8Array, w: number, h: number) => Uint8Array): SymbolField {
  const { width: w, height: h } = field;
  const raw = field.raw.slice();
  const grid = field.grid.slice();
  for (const sym of shapes) {
    const dist = STROKE_DISTANCE[sym.kind];
    const tol = Math.max(0.35, 2.5 / sym.s);
    const r = Math.ceil(1.4 * sym.s);
    for (let y = Math.max(0, Math.round(sym.y) - r); y <= Math.min(h - 1, Math.round(sym.y) + r); y++) {
      for (let x = Math.max(0, Math.round(sym.x) - r); x <= Math.min(w - 1, Math.round(sym.x) + r); x++) {
        const k = y * w + x;
        if (!raw[k]) continue;
        const [u, v] = [(x - sym.x) / sym.s, (y - sym.y) / sym.s];
        const i = Math.round(((u + STRAY_HALF) / (2 * STRAY_HALF)) * (STRAY_GRID - 1));
        const j = Math.round(((v + STRAY_HALF) / (2 * STRAY_HALF)) * (STRAY_GRID - 1));
        if (i < 0 || j < 0 || i >= STRAY_GRID || j >= STRAY_GRID || dist[j * STRAY_GRID + i] > tol) continue;
        raw[k] = 0;
        grid[k] = 1;
      }
    }
  }
  return { width: w, height: h, raw, dilated: dilateMask(raw, w, h), grid, ...(field.plain ? { plain: withoutShapes(field.plain, shapes, dilateMask) } : {}), ...(field.frames ? { frames: field.frames } : {}) };
}

/** Masked shapes, and how much clearer than an unmasked one they must score to win a spot. */
const MASKED: readonly SymbolKind[] = ['T', 'S', '[', ']'];
const MASKED_PRIOR = 0.03;
/**
 * Rank lost per 5 dB step a candidate's centre lies off the grid (`offGrid`: 0 on a 5 dB level, 0.5
 * half-way): 0.1 at most. On the 300-picture bench's degraded charts 0.05, 0.1, 0.2 and 0.3 gained 8, 15,
 * 18 and 20 points; 0.3 lost a clean point and added phantom bone points.
 */
const OFF_GRID_WEIGHT = 0.2;

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
  box: {
    x0: number; x1: number; y0: number; y1: number; columns?: readonly number[]; spots?: readonly { x: number; y: number; r: number }[];
    /** How far a centre at y lies off the 5 dB grid, in 5 dB steps (0–0.5), when the dB axis is known. */
    offGrid?: (y: number) => number;
  }, minScore = 0.68,
  /** Symbols of both ears compete for one spot (black and white: one field holds both ears' shapes). */
  acrossEars = false,
): FoundSymbol[] {
  const raw: FoundSymbol[] = [];
  const smax = Math.max(...sizes);
  const x0 = Math.max(Math.ceil(smax + 1), Math.floor(box.x0));
  const x1 = Math.min(field.width - Math.ceil(smax + 2), Math.ceil(box.x1));
  const y0 = Math.max(Math.ceil(smax + 2), Math.floor(box.y0));
  const y1 = Math.min(field.height - Math.ceil(smax + 2), Math.ceil(box.y1));
  // Air symbols sit on their column; bone symbols may be drawn beside it.
  const reach = (kinds.every((k) => conductionOfKind(k) === 'air') ? 1.3 : 3.4) * smax;
  const nearColumn = (x: number) => !box.columns || box.columns.some((c) => Math.abs(c - x) <= reach);
  const nearSpot = (x: number, y: number) => !box.spots || box.spots.some((p) => Math.abs(p.x - x) <= p.r && Math.abs(p.y - y) <= p.r);
  /** Best symbol of each family (air / bone) at (x, y), with its same-family runner-up. */
  const evaluateAll = (x: number, y: number): FoundSymbol[] => {
    // The size is chosen on the whole score (strokes hit minus stray ink): a small X fits every
    // stroke inside a large one, only the stray ink tells them apart.
    const tops = kinds.map(() => ({ s: 0, score: -1 }));
    for (const s of sizes) {
      // The joining lines leaving (x, y) at this size, found once for every air kind that needs them.
      let rays: Ray[] | undefined;
      let passing: Ray[] | undefined;
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[k];
        const top = tops[k];
        const air = conductionOfKind(kind) === 'air';
        const floor = minScore + (air ? 0 : 0.08);
        let hit = strokeScore(field, kind, x, y, s, floor - 0.1);
        if (hit > 0) {
          rays ??= exitRays(field, x, y, s);
          if (!air) passing ??= passingRays(rays);
          hit -= blankPenalty(field, kind, x, y, s, air ? rays : passing!);
          // A bone shape's strokes end; where they go on it is lines crossing or bending.
          if (!air && hit >= floor - 0.1) hit -= 0.25 * continuedEnds(field, kind, x, y, s);
        }
        if (hit < floor - 0.1) {
          if (top.score < floor - 0.1 && hit > top.score) tops[k] = { s, score: hit };
          continue;
        }
        // Stray ink only lowers a score: a size that cannot beat the best one so far is not measured.
        if (hit <= top.score) continue;
        const score = hit - 0.6 * strayInk(field, kind, x, y, s, air ? rays! : passing!);
        if (score > top.score) tops[k] = { s, score };
      }
    }
    const scored = kinds.map((kind, k) => ({ kind, s: tops[k].s, score: tops[k].score }));
    const out: FoundSymbol[] = [];
    for (const conduction of ['air', 'bone'] as const) {
      // Ranking only: unmasked shapes are the common ones, so a masked shape must beat them clearly (a
      // thick O is also a □ whose corners lie on the ring and whose sides are hidden by grid lines).
      const rank = (c: { kind: SymbolKind; score: number }) => c.score - (MASKED.includes(c.kind) ? MASKED_PRIOR : 0);
      const family = scored.filter((c) => conductionOfKind(c.kind) === conduction).sort((a, b) => rank(b) - rank(a));
      const floor = minScore + (conduction === 'bone' ? 0.08 : 0);
      if (family.length && family[0].score >= floor) out.push({ x, y, s: family[0].s, kind: family[0].kind, score: family[0].score, runnerUp: Math.max(0, family[1]?.score ?? 0) });
    }
    return out;
  };
  const inkIn = integralOf(field.raw, field.width, field.height);
  const reachInk = Math.ceil(1.05 * smax);
  const minInk = Math.max(4, 2 * sizes[0]);
  // Coarse pass every 2 px, then each kept symbol is refined at 1 px around its peak.
  for (let y = y0; y <= y1; y += 2) {
    for (let x = x0; x <= x1; x += 2) {
      if (!nearColumn(x) || !nearSpot(x, y)) continue;
      // Quick reject: a symbol needs ink within its box (a large O or □ has none near its centre).
      if (inkIn.sum(x - reachInk, y - reachInk, x + reachInk + 1, y + reachInk + 1) < minInk) continue;
      raw.push(...evaluateAll(x, y));
    }
  }
  // Symbols are drawn at 5 dB steps: of two candidates for one spot, the one centred off the 5 dB grid
  // ranks lower (its score is kept). Blurred thick O's were read as △ fitted 10 px higher (scoring 0.98
  // to the O's 0.97): a whole panel came out 5 dB too good.
  const rank = (c: FoundSymbol) => c.score - (box.offGrid ? OFF_GRID_WEIGHT * box.offGrid(c.y) : 0);
  raw.sort((a, b) => rank(b) - rank(a) || a.y - b.y || a.x - b.x);
  const kept: FoundSymbol[] = [];
  for (const c of raw) {
    const clash = kept.some((k) => Math.hypot(k.x - c.x, k.y - c.y) < 1.2 * Math.max(k.s, c.s)
      && ((acrossEars || earOfKind(k.kind) === earOfKind(c.kind)) && conductionOfKind(k.kind) === conductionOfKind(c.kind)
        || Math.hypot(k.x - c.x, k.y - c.y) < 0.35 * Math.max(k.s, c.s) && k.kind === c.kind));
    if (!clash) kept.push(refine(c, field));
  }
  return kept;
}

/** Share of a template's `on` samples that fall on undilated ink: sharp in position, for the final centring. */
function preciseScore(field: SymbolField, kind: SymbolKind, cx: number, cy: number, s: number): number {
  let hit = 0;
  let n = 0;
  for (const [px, py] of TEMPLATES[kind].on) {
    const [x, y] = [Math.round(cx + px * s), Math.round(cy + py * s)];
    if (x < 0 || y < 0 || x >= field.width || y >= field.height) return 0;
    const i = y * field.width + x;
    if (field.grid[i] && !field.raw[i]) continue;
    n++;
    hit += field.raw[i];
  }
  return n ? hit / n : 0;
}

/**
 * Centres a detection: the position and size (±5 px, ±25 %) where the most `on` samples fall on the
 * undilated ink and the least ink strays from the strokes, averaged over ties; the score stays.
 * Two stages: the position at the peak's size, then the size (and ±1 px) around that position.
 */
function refine(peak: FoundSymbol, field: SymbolField): FoundSymbol {
  // The joining lines found once at the peak (they do not move with the candidate centre).
  const all = exitRays(field, peak.x, peak.y, peak.s);
  const rays = conductionOfKind(peak.kind) === 'air' ? all : passingRays(all);
  const value = (x: number, y: number, s: number) => preciseScore(field, peak.kind, x, y, s) - strayInk(field, peak.kind, x, y, s, rays);
  const ties = (cands: { x: number; y: number; s: number; v: number }[]) => {
    const best = Math.max(...cands.map((c) => c.v));
    const kept = cands.filter((c) => c.v >= best - 0.02);
    const mean = (f: (c: (typeof kept)[number]) => number) => kept.reduce((t, c) => t + f(c), 0) / kept.length;
    return { x: mean((c) => c.x), y: mean((c) => c.y), s: mean((c) => c.s) };
  };
  const around: { x: number; y: number; s: number; v: number }[] = [];
  for (let dy = -5; dy <= 5; dy++) for (let dx = -5; dx <= 5; dx++) around.push({ x: peak.x + dx, y: peak.y + dy, s: peak.s, v: value(peak.x + dx, peak.y + dy, peak.s) });
  const at = ties(around);
  const [x0, y0] = [Math.round(at.x), Math.round(at.y)];
  const sized: { x: number; y: number; s: number; v: number }[] = [];
  for (const s of [peak.s / 1.25, peak.s / 1.12, peak.s, peak.s * 1.12, peak.s * 1.25]) {
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sized.push({ x: x0 + dx, y: y0 + dy, s, v: value(x0 + dx, y0 + dy, s) });
  }
  return { ...peak, ...ties(sized) };
}

const integrals = new WeakMap<Uint8Array, Integral>();
/** The integral image of a mask, computed once per mask. */
function integralOf(mask: Uint8Array, w: number, h: number): Integral {
  let found = integrals.get(mask);
  if (!found) integrals.set(mask, (found = new Integral(w, h, mask)));
  return found;
}

/**
 * No-response arrow: ink along a short stroke going down and outwards from the symbol (to the left for
 * the right ear), in the direction of higher dB (`down` = +1 when dB grows downwards).
 */
/** Where a no-response arrow's shaft is looked for: from below the symbol, outwards (left for the right ear) and down. */
export function arrowShaft(sym: Pick<FoundSymbol, 'x' | 'y' | 's'>, ear: 'right' | 'left', down: 1 | -1): { from: Pt; to: Pt } {
  const dx = (ear === 'right' ? -1 : 1) * sym.s * 1.4;
  return { from: [sym.x + dx * 0.55, sym.y + down * sym.s * 1.15], to: [sym.x + dx * 1.15, sym.y + down * sym.s * 2.5] };
}

export function hasNoResponseArrow(field: SymbolField, sym: FoundSymbol, ear: 'right' | 'left', down: 1 | -1): boolean {
  const s = sym.s;
  const dx = (ear === 'right' ? -1 : 1) * s * 1.4;
  const inked = (x: number, y: number, mask: Uint8Array) => {
    const [xi, yi] = [Math.round(x), Math.round(y)];
    return xi >= 0 && yi >= 0 && xi < field.width && yi < field.height && mask[yi * field.width + xi] === 1;
  };
  const shaft = arrowShaft(sym, ear, down);
  const stroke = segment(shaft.from, shaft.to, 8);
  if (stroke.filter(([x, y]) => inked(x, y, field.dilated)).length < 7) return false;
  // A shaft is a thin line: beside its first half the paper is blank (a bone `<` drawn beside the
  // symbol, a little deeper, inks there too).
  const [sx, sy] = [dx * 0.6, down * s * 1.35];
  const norm = Math.hypot(sx, sy);
  const [px, py] = [(-sy / norm) * 0.6 * s, (sx / norm) * 0.6 * s];
  const sides = [0.15, 0.35, 0.55].flatMap((t) => [-1, 1].map((k) => [sym.x + dx * 0.55 + sx * t + k * px, sym.y + down * s * 1.15 + sy * t + k * py] as const));
  if (sides.filter(([x, y]) => inked(x, y, field.raw)).length > 1) return false;
  // An arrow ends: beyond its tip the paper is blank (a joining line would go on).
  const [ux, uy] = [dx * 0.6, down * s * 1.35];
  const beyond = [0.45, 0.7, 0.95].map((t) => [sym.x + dx * 1.15 + ux * t, sym.y + down * s * 2.5 + uy * t] as const);
  return beyond.filter(([x, y]) => inked(x, y, field.raw)).length <= 1;
}

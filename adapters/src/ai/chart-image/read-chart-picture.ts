import type { ReadingCandidate, ReadingConfidence, ReadOutcome } from '../../../../core/src';
import { fainterIsBetter, fitFrequencyAxis, fitRowSpacing, xOfHz, labelsOnRowsOf, levelAxesFromLabels, levelAxisByDirection, levelAxisFromRows, directionFromLabelWidths, onStandardRows, type FrequencyAxis, type LevelAxis } from './calibration';
import { decodePicture, rotatePicture } from './decode-picture';
import { estimateSkew } from './deskew';
import { straightenSlants } from './rectify';
import { findLines, findPanels, labelsEnd, type PanelGrid } from './grid';
import { columnOf, levelOf, mapSymbol, positionOnPicture, type MappedPoint } from './mapping';
import { buildMasks, dilate, luma, strokeCores, type Masks, type Picture } from './picture';
import { readAxisLabels } from './axis-labels';
import { arrowShaft, votedSize, conductionOfKind, findSymbols, hasNoResponseArrow, ownInkSamples, strokeScore, LEFT_KINDS, RIGHT_KINDS, earOfKind, findPairs, pairOnSpot, withoutShapes, type FoundSymbol, type SymbolField, type SymbolKind } from './symbols';

const AIR_RIGHT = RIGHT_KINDS.filter((k) => conductionOfKind(k) === 'air');
const AIR_LEFT = LEFT_KINDS.filter((k) => conductionOfKind(k) === 'air');
const BONE_RIGHT = RIGHT_KINDS.filter((k) => conductionOfKind(k) === 'bone');
const BONE_LEFT = LEFT_KINDS.filter((k) => conductionOfKind(k) === 'bone');
const AIR_BOTH = [...AIR_RIGHT, ...AIR_LEFT];

/** A calibrated panel: grid box, frequency axis, dB axis. */
export interface CalibratedPanel {
  readonly grid: PanelGrid;
  readonly freq: FrequencyAxis;
  readonly level: LevelAxis;
  readonly step: number;
}

/** Options for tests and the bench: OCR of the dB labels can be turned off. */
export interface ChartReadOptions { readonly ocr?: boolean }

/** Everything the pipeline found, for tests and the review overlay. */
export interface ChartAnalysis {
  readonly panels: readonly CalibratedPanel[];
  readonly points: readonly MappedPoint[];
  readonly skewDeg: number;
  readonly notes: readonly string[];
  /** Size of the working picture (the upload scaled, then straightened by `skewDeg` when that was done). */
  readonly width: number;
  readonly height: number;
  readonly straightened: boolean;
  /** Where a point of the working picture was before its ruled lines were straightened (absent: nowhere else). */
  readonly unstraighten?: (x: number, y: number) => { x: number; y: number };
}

/**
 * What the picture's pixels say, before the reading policy: the candidate points with the pipeline's
 * notes. `chart-reading.ts` turns them into a reading.
 */
export interface ChartCandidates {
  readonly status: 'candidates';
  readonly candidates: readonly ReadingCandidate[];
  readonly notes: readonly string[];
}

/**
 * The pixel pipeline: decode → deskew → binarise → grid → calibrate → symbols → mapping → candidate
 * points (or why there are none). It imports nothing of the core at run time: it runs in the
 * chart-reader thread (ADR 0031), which thus loads only what reads pixels.
 */
export async function readChartCandidates(bytes: Uint8Array, options: ChartReadOptions = {}): Promise<ChartCandidates | ReadOutcome> {
  const analysis = await analyseChartPicture(bytes, options);
  if ('status' in analysis) return analysis;
  const { points, notes } = analysis;
  if (!points.length) return { status: 'not_applicable', reason: 'Grade de audiograma encontrada, mas nenhum símbolo de limiar reconhecido.' };
  const candidates = points.map((p): ReadingCandidate => ({
    ear: p.ear, conduction: p.conduction, frequencyHz: p.frequencyHz, value: p.value, noResponse: p.noResponse, confidence: p.confidence,
    position: positionOnPicture(analysis.unstraighten?.(p.x, p.y) ?? p, analysis),
  }));
  return { status: 'candidates', candidates, notes };
}

export async function analyseChartPicture(bytes: Uint8Array, options: ChartReadOptions = {}): Promise<ChartAnalysis | ReadOutcome> {
  const decoded = await decodePicture(bytes);
  if (!decoded) return { status: 'failed', reason: 'Não foi possível decodificar a imagem (arquivo corrompido ou formato não suportado).' };
  if (decoded === 'too_small') return { status: 'not_applicable', reason: 'Imagem pequena demais para conter um gráfico de audiograma legível.' };
  let picture = decoded;
  let masks = buildMasks(picture);
  const skew = estimateSkew(masks.ink, masks.width, masks.height);
  if (Math.abs(skew) >= 0.2) {
    picture = await rotatePicture(picture, -skew);
    masks = buildMasks(picture);
  }
  // A page photographed at an angle: rows and columns still slant, each its own way (the two panels
  // of one picture differently); each ruled line is straightened about its middle.
  const slants = straightenSlants(picture, masks);
  if (slants) {
    picture = slants.picture;
    masks = buildMasks(picture);
  }
  let panels = calibratedPanels(masks);
  if (onStandardRows(panels) < panels.length || !panels.length || roomForAnother(panels, masks)) {
    // Faint grid lines (light grey, then blurred or broken up by noise) can stay under the ink
    // threshold: once more with half of it, kept when that calibrates more panels or more on a standard row count.
    // Also when one panel was found and the picture has room for a second beside or below it: under
    // uneven lighting one panel of a pair can lose its grid alone (its symbols were read in the other's frame).
    const faint = buildMasks(picture, 24, 6, 0.025);
    const again = calibratedPanels(faint);
    if (fainterIsBetter(panels, again)) {
      panels = again;
      masks = faint;
    }
  }
  if (roomForAnother(panels, masks)) {
    // Still one panel with room for another: its pair may be fainter yet (uneven lighting and a slanted
    // page: the 300-picture bench's case 111). Looked for at a quarter of the threshold, a panel found
    // there beside the first on the same rows takes the first's rows (at that threshold the frame's top
    // line merged with the labels above it); the symbols are read on the masks of the first.
    const beside = besidePanel(panels[0], calibratedPanels(buildMasks(picture, 24, 3, 0.0125)));
    if (beside) panels = [panels[0], beside].sort((a, b) => a.grid.left - b.grid.left);
  }
  if (!panels.length) return { status: 'not_applicable', reason: 'Nenhuma grade de audiograma reconhecida na imagem (eixos de frequência e dB não calibrados).' };

  const notes: string[] = [];
  const levels = options.ocr === false ? panels.map(() => null) : await readAxisLabels(picture, panels);
  const spacings = panels.map((p) => p.spacing);
  let fromLabels = levelAxesFromLabels(levels, spacings);
  const unlabelled = panels.flatMap((p, i) => (!fromLabels[i] && onStandardRows([p]) ? [i] : []));
  if (options.ocr !== false && unlabelled.length) {
    // A second OCR pass reading each strip as one block of text; its labels only vote for a direction.
    const block = await readAxisLabels(picture, unlabelled.map((i) => panels[i]), 'block');
    const merged = levels.map((l, i) => {
      const more = block[unlabelled.indexOf(i)] ?? [];
      return l || more.length ? [...(l ?? []), ...more] : null;
    });
    fromLabels = fromLabels.map((axis, i) => axis ?? levelAxisByDirection(labelsOnRowsOf(i, merged, spacings), spacings[i]));
  }
  // Without labels read, the labels' widths may still say the direction ("0" is narrower than "110"):
  // upward axes whose labels OCR could not read were read upside down (152 of the 300-picture bench's
  // 477 degraded misses).
  const calibrated = panels.map((p, i) => ({ grid: p.grid, freq: p.freq, step: p.spacing.step,
    level: fromLabels[i] ?? levelAxisFromRows(p.spacing, directionFromLabelWidths(masks.ink, masks.width, labelsEnd(p.grid), p.spacing) ?? 'down') }));
  const how = calibrated.map((p) => (p.level.how === 'ocr' ? 'rótulos lidos por OCR' : p.level.certain ? 'espaçamento da grade' : 'espaçamento da grade (faixa suposta −10 a 120 dB)'));
  notes.push(`Leitura do gráfico sem modelo: ${calibrated.length === 2 ? 'dois painéis' : 'um gráfico'}; eixo de dB calibrado por ${[...new Set(how)].join(' e ')}; frequências pela grade${Math.abs(skew) >= 0.2 ? `; imagem endireitada em ${skew.toFixed(1)}°` : ''}${slants ? '; linhas da grade endireitadas (perspectiva)' : ''}.`);

  const points = detectPoints(picture, masks, calibrated);
  return { panels: calibrated, points, skewDeg: skew, notes, width: picture.width, height: picture.height, straightened: Math.abs(skew) >= 0.2, unstraighten: slants?.toSource };
}

type FoundPanel = ReturnType<typeof calibratedPanels>[number];

/**
 * A panel of `found` beside `kept` (not overlapping it) on the same rows: its row step within 3 % of the
 * kept panel's, its top and bottom rows within 1.5 steps of the kept one's, and at least 70 % as wide. It
 * is returned on the kept panel's rows (top, bottom, spacing); null when there is none.
 */
export function besidePanel(kept: FoundPanel, found: readonly FoundPanel[]): FoundPanel | null {
  const k = kept.grid;
  const step = kept.spacing.step;
  for (const p of found) {
    const g = p.grid;
    if (g.left < k.right && k.left < g.right) continue;
    if (Math.abs(p.spacing.step / step - 1) > 0.03 || Math.abs(g.top - k.top) > 1.5 * step || Math.abs(g.bottom - k.bottom) > 1.5 * step) continue;
    if (g.right - g.left < 0.7 * (k.right - k.left)) continue;
    return { ...p, grid: { ...g, top: k.top, bottom: k.bottom }, spacing: kept.spacing };
  }
  return null;
}

/** One panel found, with room for another of its size (80 %) beside it or above or below it. */
function roomForAnother(panels: readonly { grid: PanelGrid }[], masks: { width: number; height: number }): boolean {
  if (panels.length !== 1) return false;
  const { left, right, top, bottom } = panels[0].grid;
  const [pw, ph] = [right - left, bottom - top];
  return left >= 0.8 * pw || masks.width - right >= 0.8 * pw || top >= 0.8 * ph || masks.height - bottom >= 0.8 * ph;
}

/** Panels whose grid calibrates on both axes, best first, at most two that do not overlap. */
function calibratedPanels(masks: Masks) {
  const { ink, width: w, height: h } = masks;
  const rows = findLines(ink, w, h, 'h', Math.round(0.12 * w));
  const columns = findLines(ink, w, h, 'v', Math.round(0.1 * h));
  const out: { grid: PanelGrid; freq: FrequencyAxis; spacing: { first: number; step: number; count: number }; area: number }[] = [];
  for (const grid of findPanels(rows, columns, w)) {
    const spacing = fitRowSpacing(grid.rows.map((r) => r.pos), grid.top, grid.bottom);
    const freq = fitFrequencyAxis(grid.columns.map((c) => c.pos), grid.left, grid.right);
    if (spacing && freq && spacing.count >= 8) out.push({ grid, freq, spacing, area: (grid.right - grid.left) * (grid.bottom - grid.top) });
  }
  out.sort((a, b) => b.area - a.area);
  const kept: typeof out = [];
  for (const p of out) {
    const overlaps = kept.some((k) => p.grid.left < k.grid.right && k.grid.left < p.grid.right && p.grid.top < k.grid.bottom && k.grid.top < p.grid.bottom);
    if (!overlaps && (!kept.length || p.area > 0.35 * kept[0].area)) kept.push(p);
  }
  // Reading order: left to right, then top to bottom (the right ear's panel comes first).
  return kept.slice(0, 2).sort((a, b) => (Math.abs(a.grid.top - b.grid.top) > 0.5 * (a.grid.bottom - a.grid.top) ? a.grid.top - b.grid.top : a.grid.left - b.grid.left));
}

/** Symbol half-sizes to try: 12 % to 38 % of a 10 dB row, about 12 % apart, at least 4 px. */
export function symbolSizes(s10: number): number[] {
  const out: number[] = [];
  for (let s = Math.max(4, 0.12 * s10); s <= Math.max(5, 0.38 * s10); s *= 1.12) out.push(Math.round(s * 2) / 2);
  return [...new Set(out)];
}

/**
 * The sizes within −28 %…+40 % of the median size of the clear symbols (score ≥ 0.85, at least
 * three); all sizes when there are too few to tell.
 */
export function sizesNear(sizes: readonly number[], found: readonly FoundSymbol[]): number[] {
  const clear = found.filter((f) => f.score >= 0.85).map((f) => f.s).sort((a, b) => a - b);
  if (clear.length < 3) return [...sizes];
  const m = clear[clear.length >> 1];
  const near = sizes.filter((v) => v >= 0.72 * m && v <= 1.4 * m);
  return near.length ? near : [...sizes];
}

/** The clear symbols with the size each stands for (votedSize), for sizesNear. */
function voting(f: SymbolField, found: readonly FoundSymbol[], kinds: readonly SymbolKind[], sizes: readonly number[]): FoundSymbol[] {
  return found.map((sym) => (sym.score < 0.85 ? sym : { ...sym, s: votedSize(f, sym, kinds, sizes) }));
}

export function gridMask(masks: Masks, panels: readonly CalibratedPanel[]): Uint8Array {
  const { width: w, height: h } = masks;
  const out = new Uint8Array(w * h);
  for (const { grid } of panels) {
    for (const r of grid.rows) {
      const half = r.thickness / 2 + 1;
      for (let y = Math.max(0, Math.floor(r.pos - half)); y <= Math.min(h - 1, Math.ceil(r.pos + half - 1)); y++) for (let x = Math.max(0, Math.floor(r.from)); x <= Math.min(w - 1, r.to); x++) out[y * w + x] = 1;
    }
    for (const c of grid.columns) {
      const half = c.thickness / 2 + 1;
      for (let x = Math.max(0, Math.floor(c.pos - half)); x <= Math.min(w - 1, Math.ceil(c.pos + half - 1)); x++) for (let y = Math.max(0, Math.floor(c.from)); y <= Math.min(h - 1, c.to); y++) out[y * w + x] = 1;
    }
  }
  return out;
}

/**
 * The grid mask without the pixels of a symbol's stroke drawn over a lighter grid line: on each ruled
 * line, an inked pixel clearly darker than the line's own median (by max(40, 0.3 × the line's contrast
 * with the paper)) is the symbol's, not the line's, so the matcher sees it as ink instead of unknown.
 * A grey grid under black symbols then no longer hides an O's sides or a □'s corners.
 */
export function withoutDarkStrokes(grid: Uint8Array, picture: Picture, masks: Masks, panels: readonly CalibratedPanel[]): Uint8Array {
  const { width: w, height: h } = masks;
  const { rgb } = picture;
  // The luma of a pixel, as a 32-bit float (computed where it is asked: only on the ruled lines).
  const grey = (i: number) => Math.fround(luma(rgb, i));
  // A pixel is a symbol's when it is darker than the limit of every line through it (where a darker
  // line crosses a lighter one, the crossing is the darker line's, not a symbol): each line marks the
  // pixels at or above its limit as its own (bit 2 of `out`), the rest of the inked grid is cleared.
  const out = grid.slice();
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
  for (const { grid: g } of panels) {
    for (const [line, horizontal] of [...g.rows.map((r) => [r, true] as const), ...g.columns.map((c) => [c, false] as const)]) {
      const half = line.thickness / 2 + 1;
      const [lo, hi] = [Math.max(0, Math.floor(line.pos - half)), Math.min((horizontal ? h : w) - 1, Math.ceil(line.pos + half - 1))];
      const [from, to] = [Math.max(0, Math.floor(line.from)), Math.min((horizontal ? w : h) - 1, Math.round(line.to))];
      const beside = Math.min((horizontal ? h : w) - 1, Math.round(line.pos + half + 2));
      // The line's core: the darkest pixel across its width, along it (its anti-aliased rims are lighter).
      const own: number[] = [];
      const paper: number[] = [];
      for (let t = from; t <= to; t += 2) {
        let core = Infinity;
        for (let u = lo; u <= hi; u++) {
          const i = horizontal ? u * w + t : t * w + u;
          if (masks.ink[i]) core = Math.min(core, grey(i));
        }
        if (core < Infinity) own.push(core);
        const j = horizontal ? beside * w + t : t * w + beside;
        if (!masks.ink[j]) paper.push(grey(j));
      }
      const lineGrey = own.length >= 10 ? median(own) : 0;
      const limit = paper.length >= 10 ? lineGrey - Math.max(40, 0.3 * (median(paper) - lineGrey)) : 0;
      for (let u = lo; u <= hi; u++) {
        for (let t = from; t <= to; t++) {
          const i = horizontal ? u * w + t : t * w + u;
          if (out[i] && masks.ink[i] && grey(i) >= limit) out[i] |= 2;
        }
      }
    }
  }
  for (let i = 0; i < out.length; i++) if (out[i]) out[i] = out[i] & 2 || !masks.ink[i] ? 1 : 0;
  return out;
}

export function field(mask: Uint8Array, grid: Uint8Array, w: number, h: number): SymbolField {
  const raw = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) raw[i] = mask[i] && !grid[i] ? 1 : 0;
  return { width: w, height: h, raw, dilated: dilate(raw, w, h), grid };
}

/**
 * The field of the ink mask: symbols are scored on the strokes' cores (`raw`), and the ink as
 * binarised, about a pixel wider on each side, is the 1 px tolerance (`dilated`) — dilating the
 * binarised ink again made every stroke fit templates a size off (measured: the gain of the cores
 * was lost).
 */
export function strokeField(cores: Uint8Array, ink: Uint8Array, grid: Uint8Array, w: number, h: number, frames?: readonly number[]): SymbolField {
  const raw = new Uint8Array(ink.length);
  for (let i = 0; i < ink.length; i++) if (!grid[i]) raw[i] = cores[i];
  const plain = field(ink, grid, w, h);
  return { width: w, height: h, raw, dilated: plain.raw, grid, plain, ...(frames ? { frames } : {}) };
}

/**
 * The colour mask grown along dark ink (luma ≤ 190: a stroke's body, not its light rim) whose tint
 * leans the same way (R or B at least 5 above the other channels) up to `reach` px from a clearly
 * coloured pixel, never onto a grid line.
 */
export function spreadColour(colour: Uint8Array, ink: Uint8Array, grid: Uint8Array, picture: Picture, which: 'red' | 'blue', reach: number): Uint8Array {
  const { width: w, height: h, rgb } = picture;
  const out = colour.slice();
  // Steps from a clearly coloured pixel (255: not reached; `reach` stays under it).
  const dist = new Uint8Array(w * h).fill(255);
  reach = Math.min(reach, 254);
  let queue: number[] = [];
  for (let i = 0; i < out.length; i++) if (out[i]) { dist[i] = 0; queue.push(i); }
  const tinted = (i: number) => {
    const [R, G, B] = [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]];
    // Dark enough to be a stroke's body, not the light anti-aliased rim that would thicken it.
    if (luma(rgb, i) > 190) return false;
    return which === 'red' ? R - Math.max(G, B) >= 5 : B - Math.max(R, G) >= 5;
  };
  for (let d = 1; d <= reach && queue.length; d++) {
    const next: number[] = [];
    for (const i of queue) {
      const [x, y] = [i % w, (i / w) | 0];
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (j < 0 || dist[j] !== 255 || !ink[j] || grid[j] || !tinted(j)) continue;
        dist[j] = d;
        out[j] = 1;
        next.push(j);
      }
    }
    queue = next;
  }
  return out;
}

/**
 * The pixels of a colour mask inside a panel that belong to a stroke: set, with at least four of their
 * eight neighbours set. Colour noise on a grey picture (each channel noisy on its own) tints single
 * pixels, and pairs of them, red or blue all over the paper — a noisy black-and-white chart counted
 * as many "red" and "blue" pixels as two symbols and was read as a colour chart with no symbol in
 * its colour masks; a stroke's pixels come together.
 */
export function strokePixelsIn(mask: Uint8Array, w: number, p: PanelGrid): number {
  let n = 0;
  const h = mask.length / w;
  for (let y = Math.max(1, Math.floor(p.top)); y < Math.min(h - 1, p.bottom); y++) {
    for (let x = Math.max(1, Math.floor(p.left)); x < Math.min(w - 1, p.right); x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      const around = mask[i - w - 1] + mask[i - w] + mask[i - w + 1] + mask[i - 1] + mask[i + 1] + mask[i + w - 1] + mask[i + w] + mask[i + w + 1];
      if (around >= 4) n++;
    }
  }
  return n;
}

function detectPoints(picture: Picture, masks: Masks, panels: readonly CalibratedPanel[]): MappedPoint[] {
  const { width: w, height: h } = masks;
  const grid = gridMask(masks, panels);
  // Colour where present: red strokes are the right ear's, blue the left's; otherwise shape alone.
  const reds = panels.reduce((s, p) => s + strokePixelsIn(masks.red, w, p.grid), 0);
  const blues = panels.reduce((s, p) => s + strokePixelsIn(masks.blue, w, p.grid), 0);
  // About two symbols' worth of coloured pixels (a 10 dB row is s10 px) says the chart uses colour.
  const s10min = Math.min(...panels.map((p) => Math.abs(10 / p.level.d)));
  const useRed = reds > Math.max(60, 4 * s10min);
  const useBlue = blues > Math.max(60, 4 * s10min);
  // The ink field (strokes' cores, binarised ink, grid) only when one ear has no colour: a colour chart never reads it.
  const inkField = useRed && useBlue ? undefined : strokeField(strokeCores(picture, masks.ink), masks.ink, withoutDarkStrokes(grid, picture, masks, panels), w, h,
    panels.flatMap((p) => [p.grid.left, p.grid.right]));
  // Grey grid lines are not red or blue: the colour masks keep every pixel of a symbol.
  const none = new Uint8Array(w * h);
  // A symbol's pale, anti-aliased strokes carry only a trace of its colour: the colour spreads from
  // its clearly coloured pixels along faintly tinted ink (not along grey grid lines or black text).
  const reach = Math.round(0.35 * s10min);
  const redInk = useRed ? spreadColour(masks.red, masks.ink, grid, picture, 'red', reach) : undefined;
  const blueInk = useBlue ? spreadColour(masks.blue, masks.ink, grid, picture, 'blue', reach) : undefined;
  // Where the other ear's colour lies, a symbol's strokes are hidden, not missing: on a combined chart
  // an X drawn over a △ at the same level covers the △'s strokes, which the red mask then lacked (the
  // △ was not found). Those pixels are unknown, like grid lines. (Undilated: grown by a pixel, the
  // unknown rim around every blue stroke let shapes be fitted on too little: 40 points fewer over the three sets.)
  const rightField = redInk ? field(redInk, blueInk ?? none, w, h) : inkField!;
  const leftField = blueInk ? field(blueInk, redInk ?? none, w, h) : inkField!;

  const perPanel = panels.map((panel) => {
    const s10 = Math.abs(10 / panel.level.d);
    const sizes = symbolSizes(s10);
    // Symbols are centred on or inside the frame (an edge symbol sits on the frame line); the axis
    // labels just outside it ("0" of "100") are not searched.
    const pad = 0.15 * s10;
    // Above and below, a symbol at −10 or 120 dB is centred on the frame line; the frequency labels
    // written just outside it ("3000" under a half-octave column) are not searched.
    const padY = 0.05 * s10;
    const columns = [125, 250, 500, 750, 1000, 1500, 2000, 3000, 4000, 6000, 8000].map((hz) => xOfHz(panel.freq, hz));
    /** The frequency column a symbol maps to (bone beside its column on its side), if any. */
    const column = (a: FoundSymbol) => columnOf(a, panel.freq)?.hz;
    // (The 8 kHz column may lie a little past rows that fade before the frame: the box reaches it.)
    // (symbols sit on 5 dB levels: a candidate off them ranks lower at its spot, `findSymbols`)
    const offGrid = (y: number) => levelOf(y, panel.level).residual;
    const box = { x0: panel.grid.left - pad, x1: Math.max(panel.grid.right, xOfHz(panel.freq, 8000)) + pad, y0: panel.grid.top - padY, y1: panel.grid.bottom + padY, columns, offGrid };
    // Air symbols first; bone symbols are then searched with the air symbols' strokes taken out, so
    // a `<` drawn inside an O or a `]` against a □ is judged on its own strokes.
    const sameField = rightField === leftField;
    // One chart draws all its symbols at one size: a first pass over every size finds it (the median
    // of the clear air symbols), the second searches air symbols only near it, so a small template no
    // longer fits inside the corner of a large symbol. Bone brackets are often drawn smaller: all sizes.
    let airRight: FoundSymbol[];
    let airLeft: FoundSymbol[];
    // Air shapes dropped as a bone symbol's: the second search below does not find them again.
    const asBone: FoundSymbol[] = [];
    const pairedBones: { sym: FoundSymbol; field: SymbolField }[] = [];
    if (sameField) {
      // Black and white: one field holds both ears' shapes, so at one spot the best air shape of
      // either ear wins (an O is not also read as a □ of the other ear); a symbol of the other ear
      // drawn on the same spot (both ears at one level) is found once the winner's strokes are out.
      const chartSizes = sizesNear(sizes, voting(rightField, findSymbols(rightField, AIR_BOTH, sizes, box, undefined, true), AIR_BOTH, sizes));
      // Pairs on one spot, or 5 dB apart (half a 10 dB row): then they overlap and neither is found
      // alone, or their union is read as one shape (an O over an X 5 dB below it looks like a □).
      const offsets = [0, s10 / 2, -s10 / 2];
      const singles = findSymbols(rightField, AIR_BOTH, chartSizes, box, undefined, true)
        .flatMap((single) => pairOnSpot(rightField, single, AIR_RIGHT, AIR_LEFT, chartSizes, offsets) ?? [single]);
      const found = [...singles, ...findPairs(rightField, AIR_RIGHT, AIR_LEFT, chartSizes, box, singles, offsets)];
      // A weak air shape (under 0.8) that a bone shape explains at least as well is the bone symbol:
      // small `<` drawn on their columns were found as weak air shapes, and the bone search, with
      // their strokes taken out, found nothing there. (Within 0.06, as below, an X on the top frame
      // line and an O on the 0 dB line were dropped for brackets fitted on their remains.)
      const all = withoutBoneLookalikes(rightField.plain ?? rightField, found, (a) => a.score < 0.8, sizesOf(found), box, { margin: 0 });
      airRight = all.filter((a) => earOfKind(a.kind) === 'right');
      airLeft = all.filter((a) => earOfKind(a.kind) === 'left');
    } else {
      const chartSizes = sizesNear(sizes, [...voting(rightField, findSymbols(rightField, AIR_RIGHT, sizes, box), AIR_RIGHT, sizes), ...voting(leftField, findSymbols(leftField, AIR_LEFT, sizes, box), AIR_LEFT, sizes)]);
      airRight = findSymbols(rightField, AIR_RIGHT, chartSizes, box);
      airLeft = findSymbols(leftField, AIR_LEFT, chartSizes, box);
      // One ear has one air value per column: an air shape sharing its column with a stronger one of
      // its ear, that a bone shape of the ear centred within 0.8 size explains at least as well, is
      // that bone symbol (a small `>` 10 dB above its X was read as a second X and took its strokes).
      // The bone shape is judged with the stronger air symbols taken out, as the bone search judges
      // it: a small O fitted on a `<` beside its O, the joining line through both, left the `<` the
      // O's strokes as stray ink (the bench's case 49). Within a whole size, a real image's O weaker
      // than a △ fitted across it and its `[` was dropped, and the `[` with it. The pair search and
      // the second search below do not find them again.
      const sharing = (found: FoundSymbol[]) => (a: FoundSymbol) => column(a) !== undefined && found.some((b) => b !== a && b.score > a.score && column(b) === column(a));
      const [firstRight, firstLeft] = [airRight, airLeft];
      airRight = withoutBoneLookalikes(rightField, airRight, sharing(airRight), sizesOf(airRight), box, { margin: 0, boneKinds: BONE_RIGHT, within: 0.8, clearOthers: true });
      airLeft = withoutBoneLookalikes(leftField, airLeft, sharing(airLeft), sizesOf(airLeft), box, { margin: 0, boneKinds: BONE_LEFT, within: 0.8, clearOthers: true });
      asBone.push(...firstRight.filter((f) => !airRight.includes(f)), ...firstLeft.filter((f) => !airLeft.includes(f)));
      // A bone shape drawn inside its air symbol (same level, on the column) that shows ink of its
      // own: the pair explains the ink better than the air symbol alone, and both are read.
      const onSpot = (found: FoundSymbol[], f: SymbolField, bones: readonly SymbolKind[]) => found.map((single) => {
        const pair = pairOnSpot(f, single, [single.kind], bones, sizes, [0], true);
        if (!pair) return single;
        pairedBones.push({ sym: pair[1], field: f });
        return pair[0];
      });
      airRight = onSpot(airRight, rightField, BONE_RIGHT);
      airLeft = onSpot(airLeft, leftField, BONE_LEFT);
      // A bone bracket drawn on its air symbol (same level, same column: screenshots of audiometer
      // software) leaves the air shape too much stray ink to be found alone: the pair is.
      const pairsRight = findPairs(rightField, AIR_RIGHT, BONE_RIGHT, sizes, box, [...airRight, ...asBone]);
      const pairsLeft = findPairs(leftField, AIR_LEFT, BONE_LEFT, sizes, box, [...airLeft, ...asBone]);
      airRight = [...airRight, ...pairsRight.filter((p) => conductionOfKind(p.kind) === 'air')];
      airLeft = [...airLeft, ...pairsLeft.filter((p) => conductionOfKind(p.kind) === 'air')];
      pairedBones.push(...pairsRight.filter((p) => conductionOfKind(p.kind) === 'bone').map((sym) => ({ sym, field: rightField })));
      pairedBones.push(...pairsLeft.filter((p) => conductionOfKind(p.kind) === 'bone').map((sym) => ({ sym, field: leftField })));
    }
    // Symbols drawn half a row apart (an O at 0 dB and an X at 5 dB) overlap: the weaker is left
    // with the stronger's strokes as stray ink. Searched again around the found symbols, with their
    // strokes taken out (unknown, like grid lines); a symbol found clear of every other is added.
    // Each field with its air symbols taken out is built once here and again only when the symbols
    // change below (a full-picture copy and dilation each).
    const outRight = sameField ? [...airRight, ...airLeft] : airRight;
    const withoutRight = withoutShapes(rightField, outRight, dilate);
    const outLeft = airLeft;
    const withoutLeft = sameField ? withoutRight : withoutShapes(leftField, outLeft, dilate);
    if (sameField) {
      const more = overlapped(withoutRight, outRight, AIR_BOTH, box, true, asBone);
      airRight = [...airRight, ...more.filter((a) => earOfKind(a.kind) === 'right')];
      airLeft = [...airLeft, ...more.filter((a) => earOfKind(a.kind) === 'left')];
    } else {
      airRight = [...airRight, ...overlapped(withoutRight, airRight, AIR_RIGHT, box, false, asBone)];
      airLeft = [...airLeft, ...overlapped(withoutLeft, airLeft, AIR_LEFT, box, false, asBone)];
    }
    // One ear has one air value per column: a masked shape overlapping a stronger air symbol of the
    // same ear is a phantom (a □ fitted on an X's arm and the bone chevron beside it) and would take
    // the bone's strokes.
    // (In colour only: in black and white the masked shape's strokes taken out before the bone search
    // were as often needed there — a `>` was fitted on the remains of an X, the JPEG test chart.)
    const sameColumn = (a: FoundSymbol, b: FoundSymbol) => !sameField && column(a) !== undefined && column(a) === column(b);
    airRight = withoutWeakerTwins(airRight, sameColumn);
    airLeft = withoutWeakerTwins(airLeft, sameColumn);
    const finalRight = sameField ? [...airRight, ...airLeft] : airRight;
    const boneRightField = sameSymbols(finalRight, outRight) ? withoutRight : withoutShapes(rightField, finalRight, dilate);
    const boneLeftField = sameField ? boneRightField : sameSymbols(airLeft, outLeft) ? withoutLeft : withoutShapes(leftField, airLeft, dilate);
    // Bone symbols are not searched in the margin above or below the frame, where the frequency
    // labels ("1000" holds a `]`-like 1) sit; bone at −10 or 120 dB sits on the frame line, inside.
    const boneBox = { ...box, y0: panel.grid.top, y1: panel.grid.bottom };
    const bonesRight = withoutPartialBones([...airRight, ...findSymbols(boneRightField, BONE_RIGHT, sizes, boneBox)]).filter((sym) => conductionOfKind(sym.kind) === 'bone');
    const bonesLeft = withoutPartialBones([...airLeft, ...findSymbols(boneLeftField, BONE_LEFT, sizes, boneBox)]).filter((sym) => conductionOfKind(sym.kind) === 'bone');
    // Bone conduction is measured from 250 to 4000 Hz: only air symbols on those columns.
    const boneColumn = (a: FoundSymbol) => {
      const hz = column(a);
      return hz !== undefined && hz >= 250 && hz <= 4000;
    };
    const [airRightBone, airLeftBone] = [airRight.filter(boneColumn), airLeft.filter(boneColumn)];
    const paired = pairedBones.map((p) => p.sym);
    // (one bone value per column and ear: the other ear's bone symbols do not count)
    const pairedRight = paired.filter((b) => earOfKind(b.kind) === 'right');
    const pairedLeft = paired.filter((b) => earOfKind(b.kind) === 'left');
    if (!sameField) {
      // In colour only: in black and white the shape alone says the ear, and a fainter bone shape
      // beside an air symbol was as often a fragment of the other ear's symbols (more phantom bone
      // points than points gained, on the bench's charts).
      bonesRight.push(...besideAir(boneRightField, airRightBone, [...bonesRight, ...pairedRight], BONE_RIGHT, -1, sizes, s10, BESIDE_AIR_FLOOR));
      bonesLeft.push(...besideAir(boneLeftField, airLeftBone, [...bonesLeft, ...pairedLeft], BONE_LEFT, 1, sizes, s10, BESIDE_AIR_FLOOR));
    }
    const found: { sym: FoundSymbol; field: SymbolField }[] = [
      ...airRight.map((sym) => ({ sym, field: rightField })),
      ...bonesRight.map((sym) => ({ sym, field: boneRightField })),
      ...airLeft.map((sym) => ({ sym, field: leftField })),
      ...bonesLeft.map((sym) => ({ sym, field: boneLeftField })),
      ...pairedBones,
    ];
    const fromColumn = [...bonesRight, ...bonesLeft, ...paired].map((b) => ({ d: Math.min(...columns.map((c) => Math.abs(c - b.x))) / b.s, clear: b.score >= 0.9 }));
    // 5 dB better than the air symbol: half a row toward −10 (up the picture when the axis runs down).
    const better = -(s10 / 2) * Math.sign(panel.level.d);
    const inside = () => [
      ...insideAir(rightField, airRightBone, [...bonesRight, ...pairedRight], BONE_RIGHT, better).map((sym) => ({ sym, field: boneRightField })),
      ...insideAir(leftField, airLeftBone, [...bonesLeft, ...pairedLeft], BONE_LEFT, better).map((sym) => ({ sym, field: boneLeftField })),
    ];
    // Black and white: bone shapes beside the air symbols, searched like colour's when the chart draws
    // its bone symbols beside the columns (`besideSearched`). They join the panel's bone shapes, so the
    // inside search after it skips their columns (one bone value per column).
    const beside = () => {
      const right = besideAir(boneRightField, airRightBone, [...bonesRight, ...pairedRight], BONE_RIGHT, -1, sizes, s10, BESIDE_AIR_FLOOR);
      const left = besideAir(boneLeftField, airLeftBone, [...bonesLeft, ...pairedLeft], BONE_LEFT, 1, sizes, s10, BESIDE_AIR_FLOOR);
      bonesRight.push(...right);
      bonesLeft.push(...left);
      return [...right.map((sym) => ({ sym, field: boneRightField })), ...left.map((sym) => ({ sym, field: boneLeftField }))];
    };
    return { panel, found, fromColumn, inside, beside };
  });
  // Black and white, a chart that draws its bone symbols beside the columns: the spots beside the air
  // symbols are searched as in colour, with colour's lower floor there (+4 points on the 300-picture
  // bench's degraded charts and +3 on its seed drawn clean, none lost, no phantom point; on seed 777's 100
  // one missing bone point became one 10 dB off, at low confidence). Searched on every black-and-white
  // chart, it put ten phantom bone points on charts without bone.
  if (rightField === leftField && besideSearched(perPanel.map((p) => p.fromColumn))) for (const p of perPanel) p.found.push(...p.beside());
  // A bone shape inside its air symbol, only on a chart that draws its bone symbols on the column
  // (`insideSearched`): on the others the marks inside air symbols were mostly not bone symbols (on
  // the bench's charts, 37 phantom bone points for 12 gained on one seed without this condition; 1
  // with it). In colour and, since black-and-white symbols are found on the strokes' cores, in black
  // and white too: there it gained 38 points over the three sets with no phantom point.
  const inside = insideSearched(perPanel.map((p) => p.fromColumn), rightField === leftField);
  for (const [i, p] of perPanel.entries()) if (inside[i]) p.found.push(...p.inside());
  // Two panels: each holds one ear; the majority of its symbols (by score) says which.
  const ears = panelEars(perPanel.map(({ found }) => ({
    vote: found.reduce((s, f) => s + (earOfKind(f.sym.kind) === 'right' ? f.sym.score : -f.sym.score), 0),
    mass: found.reduce((s, f) => s + f.sym.score, 0),
  })), useRed || useBlue);
  const points: MappedPoint[] = [];
  for (const [index, { panel, found }] of perPanel.entries()) {
    const panelEar = ears[index];
    const down: 1 | -1 = panel.level.d > 0 ? 1 : -1;
    const marked = found.map(({ sym, field: f }) => {
      const ear = panelEar ?? earOfKind(sym.kind);
      const others = found.map((o) => o.sym);
      const nr = hasNoResponseArrow(f, sym, ear, down) && !joinedAlongArrow(f, sym, others, ear, down);
      // Without colour the shape alone says the ear (O and X are confused when small or thick).
      return { sym, ear, nr, byShape: !(earOfKind(sym.kind) === 'right' ? useRed : useBlue) };
    });
    for (const { sym, ear, nr, byShape } of marked) {
      // A weaker shape found on another symbol's no-response arrow (its head looks like a `<`) is part of it.
      // (Not an O or an X: an arrow's head is not drawn like them, and a true X lay there, the bench's case 73.)
      if (sym.kind !== 'O' && sym.kind !== 'X' && marked.some((o) => o.nr && o.sym !== sym && o.sym.score > sym.score && alongArrow(o.sym, sym, o.ear, down))) continue;
      const mapped = mapSymbol(sym, panel, ear, nr);
      if (mapped) points.push({ ...mapped, confidence: cappedConfidence(mapped.confidence, sym.score, byShape, panel.level.how === 'ocr', conductionOfKind(sym.kind) === 'bone') });
    }
  }
  return dedupePoints(points);
}

/** Whether a bone shape of the ear was found on the air symbol's column (beside it or on it, at any level): one bone value per column. */
function hasBoneOnColumn(a: FoundSymbol, bones: readonly FoundSymbol[]): boolean {
  return bones.some((b) => Math.abs(b.x - a.x) < 3.2 * a.s);
}

/** The score a bone shape needs beside its air symbol, at its level (elsewhere 0.76). */
const BESIDE_AIR_FLOOR = 0.55;

/**
 * Bone symbols drawn beside their air symbol at its level (bone equal to air, the commonest case in
 * noise-induced and other sensorineural losses): where no bone symbol of the air symbol's ear was
 * found on its column, the spot on the bone side (`side` −1: to the left, for `<` and `[`) at 1.2–2.8 sizes from
 * its centre, at its level, is searched with a lower floor — the place and the level are what the
 * chart's convention predicts, so a fainter shape there is taken.
 */
export function besideAir(f: SymbolField, air: readonly FoundSymbol[], bones: readonly FoundSymbol[], kinds: readonly SymbolKind[], side: -1 | 1,
  sizes: readonly number[], s10: number, floor: number): FoundSymbol[] {
  const out: FoundSymbol[] = [];
  for (const a of air) {
    if (hasBoneOnColumn(a, [...bones, ...out])) continue;
    const spot = { x: a.x + side * 2 * a.s, y: a.y, r: 0.8 * a.s };
    const box = { x0: spot.x - spot.r, x1: spot.x + spot.r, y0: a.y - 0.15 * s10, y1: a.y + 0.15 * s10, spots: [spot] };
    const near = sizes.filter((v) => v >= 0.55 * a.s && v <= 1.3 * a.s);
    const hit = findSymbols(f, kinds, near.length ? near : sizes, box, floor - 0.08)[0];
    if (hit) out.push(hit);
  }
  return out;
}

/**
 * A bone shape of the air symbol's ear drawn inside it (bone equal to air, the bone symbol drawn on the
 * column), or drawn over it 5 dB better (half a 10 dB row toward −10: bone is rarely worse than air):
 * where no bone shape of the ear was found on its column, the bone shapes centred there at 0.5–1 of
 * its size whose strokes are inked (≥ 0.85) and that show ink of their own off the air symbol's
 * strokes (at least five samples, 80 % of them inked). Score: the lower of the two, less 0.15 — a
 * shape guessed from a few marks inside another is always low confidence. `better`: the 5 dB offset
 * in px (negative: up the picture).
 */
export function insideAir(f: SymbolField, air: readonly FoundSymbol[], bones: readonly FoundSymbol[], kinds: readonly SymbolKind[], better = 0): FoundSymbol[] {
  const out: FoundSymbol[] = [];
  for (const a of air) {
    if (hasBoneOnColumn(a, [...bones, ...out])) continue;
    let best: FoundSymbol | null = null;
    // On the spot first: the offset spot must score higher to be taken.
    for (const dy of better ? [0, better] : [0]) {
      for (const kind of kinds) {
        for (const k of [0.5, 0.6, 0.7, 0.8, 0.9, 1]) {
          const s = k * a.s;
          const hit = strokeScore(f, kind, a.x, a.y + dy, s);
          if (hit < 0.85) continue;
          const { off, inked } = ownInkSamples(f, a.x, a.y, a, { kind, s }, dy);
          if (off < 5 || inked < 0.8 * off) continue;
          const score = Math.min(hit, inked / off) - 0.15;
          if (!best || score > best.score) best = { x: a.x, y: a.y + dy, s, kind, score, runnerUp: 0 };
        }
      }
    }
    if (best) out.push(best);
  }
  return out;
}

/**
 * Per panel, whether bone shapes are looked for inside its air symbols: when the panel's own bone shapes
 * found so far, or the clear ones (score ≥ 0.9) of the whole chart, lie mostly on a frequency column
 * (at least two, more than beside one; `d` is the distance to the nearest column in sizes). The whole
 * chart's, because two panels draw their bone symbols one way: a panel with a single bone shape found
 * besides its inside ones had searched none of them (the 300-picture bench's case 189); all shapes of
 * the chart pooled, not only the clear ones, put ten phantom bone points on a chart without bone. With
 * `oneClear` (black and white), one clear shape on a column is enough when no bone shape of the chart
 * lies beside one: a `[` at −10 dB over its O at −5 on the top frame line, with one other bone shape
 * found, was not looked for (+5 points on the 300 pictures, +15 on seed 777's 100, no phantom point; in
 * colour one clear phantom on a column put five bone points on a chart without bone, seed 777's 82).
 */
export function insideSearched(panels: readonly (readonly { d: number; clear: boolean }[])[], oneClear = false): boolean[] {
  const onColumns = (bones: readonly { d: number }[]) => {
    const on = bones.filter(onColumn).length;
    return on >= 2 && on > bones.length - on;
  };
  const clear = clearBones(panels);
  const chart = onColumns(clear) || (oneClear && clear.length >= 1 && panels.flat().every(onColumn));
  return panels.map((bones) => chart || onColumns(bones));
}

/**
 * Whether a black-and-white chart draws its bone symbols beside the frequency columns: at least two of
 * its clear bone shapes (score ≥ 0.9, every panel) lie beside a column (1–3.2 sizes from it; `d` as in
 * `insideSearched`), more than lie on one. One clear shape was not enough: a stray one put two phantom
 * bone points on a clean chart without bone.
 */
export function besideSearched(panels: readonly (readonly { d: number; clear: boolean }[])[]): boolean {
  const clear = clearBones(panels);
  const beside = clear.filter((b) => b.d >= 1 && b.d <= 3.2).length;
  return beside >= 2 && beside > clear.filter(onColumn).length;
}

/** A bone shape centred on a frequency column (within 0.6 of its size). */
const onColumn = (b: { d: number }) => b.d < 0.6;

/** The clear bone shapes (score ≥ 0.9) of every panel of the chart. */
const clearBones = <T extends { clear: boolean }>(panels: readonly (readonly T[])[]): T[] => panels.flatMap((bones) => bones.filter((b) => b.clear));

/** Whether two lists hold the same symbols (the same objects), in any order. */
function sameSymbols(a: readonly FoundSymbol[], b: readonly FoundSymbol[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * Air symbols of one ear without the masked ones (△ □) that overlap a stronger one (centres within
 * 1.5 sizes), or that sit within 2.5 sizes of one on its frequency column (`sameColumn`): a △ fitted
 * across a bone `<` and the side of the O it touches is centred between them, just past 1.5 sizes
 * (the bench's case 37), and its strokes took the `<`'s. An unmasked one is kept: dropping it lost
 * hand-drawn bone brackets beside their O.
 */
export function withoutWeakerTwins(air: readonly FoundSymbol[], sameColumn: (a: FoundSymbol, b: FoundSymbol) => boolean = () => false): FoundSymbol[] {
  return air.filter((a) => (a.kind !== 'T' && a.kind !== 'S') || !air.some((b) => {
    if (b === a || !(b.score > a.score || (b.score === a.score && air.indexOf(b) < air.indexOf(a)))) return false;
    const d = Math.hypot(a.x - b.x, a.y - b.y) / Math.max(a.s, b.s);
    return d < 1.5 || (d < 2.5 && sameColumn(a, b));
  }));
}

/** The sizes the symbols were found at, to half a pixel, ascending. */
function sizesOf(found: readonly FoundSymbol[]): number[] {
  return [...new Set(found.map((f) => Math.round(f.s * 2) / 2))].sort((a, b) => a - b);
}

/**
 * Air symbols hidden by a neighbour's strokes: searched within 2.5 sizes of the found ones in a field
 * where those are taken out, at the found symbols' sizes, with a higher floor (0.8); kept only when
 * clear of every found symbol (centres at least 0.8 size apart), so a found symbol's remnant is not
 * read again, and when no bone shape explains it nearly as well.
 */
function overlapped(without: SymbolField, found: readonly FoundSymbol[], kinds: readonly SymbolKind[],
  box: { x0: number; x1: number; y0: number; y1: number; columns: readonly number[] }, acrossEars: boolean, asBone: readonly FoundSymbol[] = []): FoundSymbol[] {
  if (!found.length) return [];
  // Searched on the ink as binarised: on the strokes' cores, the bone `<` beside an O (half an X)
  // was read as an X once the O was taken out, with no bone shape explaining it as well.
  without = without.plain ?? without;
  const sizes = sizesOf(found);
  const spots = found.map((f) => ({ x: f.x, y: f.y, r: 2.5 * f.s }));
  const air = findSymbols(without, kinds, sizes, { ...box, spots }, 0.8, acrossEars)
    .filter((c) => [...found, ...asBone].every((f) => Math.hypot(f.x - c.x, f.y - c.y) >= 0.8 * Math.max(f.s, c.s)));
  // What is left beside a found symbol is as often its bone chevron or bracket (a `<` is half an X).
  return withoutBoneLookalikes(without, air, () => true, sizes, box);
}

/**
 * The air shapes, less those among `doubtful` that a bone shape of either ear explains nearly as well
 * (within `margin`) centred within `within` sizes of theirs (one by default), judged with the other air
 * shapes taken out when `clearOthers`: a `<` is half an X. (Within 0.6 size before the first
 * air symbols were centred on the strokes' cores: the X fitted across the `<` under an O then came out
 * half a size above the `<`, seed 777 #65.) Bone shapes at 0.6–1.25 of `sizes`.
 */
function withoutBoneLookalikes(field: SymbolField, air: FoundSymbol[], doubtful: (a: FoundSymbol) => boolean, sizes: readonly number[],
  box: { x0: number; x1: number; y0: number; y1: number; columns: readonly number[] },
  { margin = 0.06, boneKinds = [...BONE_RIGHT, ...BONE_LEFT], within = 1, clearOthers = false }: { margin?: number; boneKinds?: readonly SymbolKind[]; within?: number; clearOthers?: boolean } = {}): FoundSymbol[] {
  const judged = air.filter(doubtful);
  if (!judged.length) return air;
  if (clearOthers) field = withoutShapes(field, air.filter((a) => !doubtful(a)), dilate);
  const boneSizes = [...new Set(sizes.flatMap((v) => [0.6 * v, 0.8 * v, v, 1.25 * v].map((u) => Math.round(u * 2) / 2)))].sort((a, b) => a - b);
  const bones = findSymbols(field, boneKinds, boneSizes, { ...box, spots: judged.map((a) => ({ x: a.x, y: a.y, r: a.s })) }, 0.5);
  return air.filter((a) => !doubtful(a) || !bones.some((b) => Math.hypot(b.x - a.x, b.y - a.y) < within * Math.max(a.s, b.s) && b.score >= a.score - margin));
}

/**
 * The ear of each of two panels from the votes of their symbols (score-weighted, + right, − left).
 * In colour the vote is by colour and reliable; in black and white it is by shape, which small
 * symbols confuse, so only a clear majority (> 60 % of the mass) overrides the convention (right ear
 * first). Two panels are two ears: when both come out the same, the panel with the clearer vote keeps
 * it and the other takes the other ear. One panel: null (each symbol's shape or colour says its ear).
 */
export function panelEars(votes: readonly { vote: number; mass: number }[], byColour: boolean): ('right' | 'left' | null)[] {
  if (votes.length !== 2) return votes.map(() => null);
  const decided = votes.map(({ vote, mass }, index) => {
    const decisive = byColour ? vote !== 0 : Math.abs(vote) > 0.6 * mass;
    return decisive ? (vote > 0 ? 'right' : 'left') : index === 0 ? 'right' : 'left';
  });
  if (decided[0] !== decided[1]) return decided;
  const clarity = votes.map(({ vote, mass }) => (mass ? Math.abs(vote) / mass : 0));
  const keeper = clarity[1] > clarity[0] ? 1 : 0;
  const other = decided[keeper] === 'right' ? 'left' : 'right';
  return keeper === 0 ? [decided[0], other] : [other, decided[1]];
}

/**
 * Caps a point's confidence by what the chart left to guess: without colour (`byShape`) a point
 * below 0.93 is low and none is high (the bench's wrong black-and-white points were O/X confusions
 * scoring 0.87–0.95); a bone point below 0.9 is low (a bracket or chevron is easily fitted to a
 * fragment of another shape); without OCR labels the dB direction is assumed, so none is high.
 */
export function cappedConfidence(confidence: ReadingConfidence, score: number, byShape: boolean, labelsRead: boolean, bone = false): ReadingConfidence {
  if ((byShape && score < 0.93) || (bone && score < 0.9)) return 'low';
  return confidence === 'high' && (byShape || !labelsRead) ? 'medium' : confidence;
}

/**
 * A stroke leaving a symbol down and outwards is an arrow only if it is not a joining line: one from
 * the symbol, or from a symbol of its ear drawn against it (within 2.5 sizes: a bone `>` beside its
 * X), to another symbol of the ear lying that way, the middle of the way between them inked. (Before
 * the line itself was looked for, any symbol of the ear and conduction lying that way counted: a `>`
 * whose arrow points at the next deeper `>` lost its arrow, the bench's case 95.)
 */
function joinedAlongArrow(f: SymbolField, sym: FoundSymbol, others: readonly FoundSymbol[], ear: 'right' | 'left', down: 1 | -1): boolean {
  const ours = others.filter((o) => o !== sym && earOfKind(o.kind) === earOfKind(sym.kind));
  const from = [sym, ...ours.filter((o) => Math.hypot(o.x - sym.x, o.y - sym.y) < 2.5 * Math.max(o.s, sym.s))];
  // The middle of the arrow's shaft: a line from a neighbour must pass there.
  const { from: [x0, y0], to: [x1, y1] } = arrowShaft(sym, ear, down);
  const mid = { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
  // (The neighbour lies past the arrow: a shape fitted on the arrow's own head is no neighbour.)
  const past = ours.filter((o) => Math.hypot(o.x - sym.x, o.y - sym.y) > 3.4 * sym.s);
  return from.some((p) => past.some((o) => o !== p && conductionOfKind(o.kind) === conductionOfKind(p.kind) && direction(p, o, ear, down) > 0.85 && Math.hypot(o.x - p.x, o.y - p.y) > 3.4 * sym.s
    && (p === sym || distanceToSegment(mid, p, o) < 0.4 * sym.s) && inkedBetween(f, p, o)));
}

/** Distance from q to the segment a–b. */
function distanceToSegment(q: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const [vx, vy] = [b.x - a.x, b.y - a.y];
  const t = Math.max(0, Math.min(1, ((q.x - a.x) * vx + (q.y - a.y) * vy) / (vx * vx + vy * vy || 1)));
  return Math.hypot(a.x + t * vx - q.x, a.y + t * vy - q.y);
}

/** Whether the straight way between two symbols is inked over its middle (at least 4 of 9 samples from 30 to 70 %, ink dilated: dashed lines too). */
function inkedBetween(f: SymbolField, a: FoundSymbol, b: FoundSymbol): boolean {
  let inked = 0;
  for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7]) {
    const [x, y] = [Math.round(a.x + (b.x - a.x) * t), Math.round(a.y + (b.y - a.y) * t)];
    if (x >= 0 && y >= 0 && x < f.width && y < f.height && f.dilated[y * f.width + x]) inked++;
  }
  return inked >= 4;
}

/** Cosine between the no-response arrow's direction from `sym` and the direction to `o`. */
function direction(sym: FoundSymbol, o: FoundSymbol, ear: 'right' | 'left', down: 1 | -1): number {
  const [ax, ay] = [(ear === 'right' ? -1 : 1) * 0.84, down * 1.35];
  const [vx, vy] = [o.x - sym.x, o.y - sym.y];
  const len = Math.hypot(vx, vy);
  return len > 0 ? (vx * ax + vy * ay) / (len * Math.hypot(ax, ay)) : 0;
}

/** Whether `o` lies where the head of a no-response arrow drawn from `sym` would be. */
function alongArrow(sym: FoundSymbol, o: FoundSymbol, ear: 'right' | 'left', down: 1 | -1): boolean {
  const d = Math.hypot(o.x - sym.x, o.y - sym.y);
  return direction(sym, o, ear, down) > 0.8 && d > 2.6 * sym.s && d <= 3.6 * sym.s;
}


/**
 * A bone bracket or chevron found half a symbol off an air symbol of the same ear is usually part of
 * it (`]` is the right side of a □, `<` the left of a △): dropped unless it scores clearly higher.
 * A bone symbol drawn centred on the air symbol (distance < 0.3 size) or beside it is kept.
 */
export function withoutPartialBones(found: readonly FoundSymbol[]): FoundSymbol[] {
  const air = found.filter((f) => conductionOfKind(f.kind) === 'air');
  return found.filter((f) => conductionOfKind(f.kind) === 'air' || !air.some((a) => {
    const d = Math.hypot(a.x - f.x, a.y - f.y);
    return d > 0.3 * a.s && d < 1.25 * a.s && a.score >= f.score - 0.05;
  }));
}

/** One value per (ear, conduction, frequency): the best-scored; a close rival with another value lowers confidence. */
function dedupePoints(points: MappedPoint[]): MappedPoint[] {
  const byKey = new Map<string, MappedPoint[]>();
  for (const p of points) {
    const k = `${p.ear}.${p.conduction}.${p.frequencyHz}`;
    byKey.set(k, [...(byKey.get(k) ?? []), p]);
  }
  const out: MappedPoint[] = [];
  for (const group of byKey.values()) {
    group.sort((a, b) => b.score - a.score);
    const [best, second] = group;
    const rival = second && second.value !== best.value && second.score > best.score - 0.12;
    out.push(rival ? { ...best, confidence: 'low' as ReadingConfidence } : best);
  }
  return out;
}

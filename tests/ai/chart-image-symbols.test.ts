import { describe, expect, it } from 'vitest';
import { fitFrequencyAxis, xOfHz } from '../../adapters/src/ai/chart-image/calibration';
import { findLines, findPanels, type RuledLine } from '../../adapters/src/ai/chart-image/grid';
import { besideAir, cappedConfidence, insideAir, panelEars, sizesNear, spreadColour, strokePixelsIn } from '../../adapters/src/ai/chart-image/read-chart-picture';
import { buildMasks, dilate } from '../../adapters/src/ai/chart-image/picture';
import {
  continuedEnds, exitRays, findPairs, findSymbols, hasNoResponseArrow, pairOnSpot, strayInk, withoutShapes, type FoundSymbol, type SymbolField,
} from '../../adapters/src/ai/chart-image/symbols';

const log2 = Math.log2;
const [W, H] = [120, 120];

/** A blank field with a drawing function for thick segments and circles. */
function canvas() {
  const raw = new Uint8Array(W * H);
  const dot = (x: number, y: number, width: number) => {
    for (let dy = -width / 2; dy <= width / 2; dy += 0.5) {
      for (let dx = -width / 2; dx <= width / 2; dx += 0.5) {
        const [xi, yi] = [Math.round(x + dx), Math.round(y + dy)];
        if (xi >= 0 && yi >= 0 && xi < W && yi < H) raw[yi * W + xi] = 1;
      }
    }
  };
  return {
    raw,
    line(x0: number, y0: number, x1: number, y1: number, width = 2) {
      const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2);
      for (let i = 0; i <= n; i++) dot(x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n, width);
    },
    circle(cx: number, cy: number, r: number, width = 2) {
      for (let i = 0; i < 200; i++) dot(cx + r * Math.cos((i * Math.PI) / 100), cy + r * Math.sin((i * Math.PI) / 100), width);
    },
    field(): SymbolField {
      return { width: W, height: H, raw, dilated: dilate(raw, W, H), grid: new Uint8Array(W * H) };
    },
  };
}

describe('lines joining the symbols', () => {
  it('finds the two directions a joining line leaves an O by, and none on an X without lines', () => {
    const c = canvas();
    c.circle(60, 60, 9);
    c.line(0, 60, 120, 60, 1.5);
    const rays = exitRays(c.field(), 60, 60, 9);
    expect(rays).toHaveLength(2);
    expect(rays.every(({ ux, uy }) => Math.abs(ux) > 0.95 && Math.abs(uy) < 0.2)).toBe(true);

    const x = canvas();
    x.line(51, 51, 69, 69);
    x.line(69, 51, 51, 69);
    // Seen from a template 0.6 of the X's size, its arms cross the ring but end: not lines.
    expect(exitRays(x.field(), 60, 60, 6)).toEqual([]);
  });

  it('does not count a line crossing an O as ink astray from the O', () => {
    const c = canvas();
    c.circle(60, 60, 9);
    c.line(10, 90, 110, 30, 1.5); // a steep joining line through the centre
    expect(strayInk(c.field(), 'O', 60, 60, 9)).toBeLessThan(0.1);
    // A bone chevron is not forgiven the line (bone symbols are not joined).
    expect(strayInk(c.field(), '<', 60, 60, 9)).toBeGreaterThan(0.3);
  });
});

describe('bone symbols drawn on air symbols', () => {
  it('finds a < drawn inside an O once the O is taken out', () => {
    const c = canvas();
    c.circle(60, 60, 12);
    c.line(64, 53, 56, 60);
    c.line(56, 60, 64, 67);
    const field = c.field();
    const box = { x0: 45, x1: 75, y0: 45, y1: 75 };
    const O: FoundSymbol = { x: 60, y: 60, s: 12, kind: 'O', score: 0.95, runnerUp: 0 };
    const bare = findSymbols(field, ['<'], [6, 7, 8], box);
    const taken = findSymbols(withoutShapes(field, [O], dilate), ['<'], [6, 7, 8], box);
    expect(bare).toEqual([]);
    expect(taken).toHaveLength(1);
    expect(Math.hypot(taken[0].x - 60, taken[0].y - 60)).toBeLessThanOrEqual(2);
  });

  it('does not see a chevron in an X once the X is taken out', () => {
    const c = canvas();
    c.line(50, 50, 70, 70);
    c.line(70, 50, 50, 70);
    const X: FoundSymbol = { x: 60, y: 60, s: 10, kind: 'X', score: 0.95, runnerUp: 0 };
    expect(findSymbols(withoutShapes(c.field(), [X], dilate), ['>'], [6, 7, 8, 9, 10], { x0: 45, x1: 75, y0: 45, y1: 75 })).toEqual([]);
  });
});

describe('the symbol search', () => {
  it('finds a large hollow O whose centre holds no ink', () => {
    const c = canvas();
    c.circle(60, 60, 17, 2);
    const found = findSymbols(c.field(), ['O'], [5, 6, 7, 8, 10, 12, 14, 16, 18], { x0: 40, x1: 80, y0: 40, y1: 80 });
    expect(found).toHaveLength(1);
    expect(found[0].kind).toBe('O');
    expect(found[0].s).toBeGreaterThan(14);
  });

  it('sizes an X by its whole drawing, not by a smaller X that fits inside its arms', () => {
    const c = canvas();
    c.line(47, 47, 73, 73);
    c.line(73, 47, 47, 73);
    const found = findSymbols(c.field(), ['X'], [5, 6, 7, 8, 9, 10, 11, 12, 13, 14], { x0: 50, x1: 70, y0: 50, y1: 70 });
    expect(found).toHaveLength(1);
    expect(found[0].s).toBeGreaterThanOrEqual(11.5);
    expect(found[0].score).toBeGreaterThan(0.9);
  });
});

describe('shapes told apart', () => {
  it('finds an O centred on a thick grid line that was taken out (its samples there are unknown)', () => {
    const c = canvas();
    c.circle(60, 60, 8);
    const f = c.field();
    const grid = new Uint8Array(W * H);
    for (let y = 55; y <= 65; y++) for (let x = 0; x < W; x++) grid[y * W + x] = 1; // an 11 px band through the centre
    const raw = f.raw.map((v, i) => (grid[i] ? 0 : v));
    const found = findSymbols({ ...f, raw, dilated: dilate(raw, W, H), grid }, ['O'], [6, 7, 8, 9, 10], { x0: 50, x1: 70, y0: 50, y1: 70 });
    expect(found.map((s) => s.kind)).toEqual(['O']);
  });

  it('reads a ring as O, not as the □ whose sides it touches (the corners are sampled)', () => {
    const c = canvas();
    c.circle(60, 60, 10, 2);
    const found = findSymbols(c.field(), ['O', 'T', 'X', 'S'], [7, 8, 9, 10, 11, 12], { x0: 50, x1: 70, y0: 50, y1: 70 }, 0.68, true);
    expect(found.map((s) => s.kind)).toEqual(['O']);
  });
});

describe('both ears on one spot (black and white)', () => {
  const sizes = [6, 7, 8, 9, 10, 11, 12.5, 14, 16];
  it('reads an X drawn over an O as the pair', () => {
    const c = canvas();
    c.circle(60, 60, 9);
    c.line(51, 51, 69, 69);
    c.line(69, 51, 51, 69);
    const field = c.field();
    // Neither shape alone explains the union well enough to be found...
    expect(findSymbols(field, ['O', 'T', 'X', 'S'], sizes, { x0: 50, x1: 70, y0: 50, y1: 70 }, 0.68, true)).toEqual([]);
    // ...the pair is, on the column.
    const pair = findPairs(field, ['O', 'T'], ['X', 'S'], sizes, { x0: 20, x1: 100, y0: 20, y1: 100, columns: [60] }, []);
    expect(pair.map((p) => p.kind).sort()).toEqual(['O', 'X']);
    expect(pair.every((p) => Math.hypot(p.x - 60, p.y - 60) <= 2)).toBe(true);
  });

  it('keeps an O alone (a □ fitted on its ring explains nothing more)', () => {
    const c = canvas();
    c.circle(60, 60, 9);
    const field = c.field();
    const [single] = findSymbols(field, ['O', 'T', 'X', 'S'], sizes, { x0: 50, x1: 70, y0: 50, y1: 70 }, 0.68, true);
    expect(single.kind).toBe('O');
    expect(pairOnSpot(field, single, ['O', 'T'], ['X', 'S'], sizes)).toBeNull();
  });
});

describe('bone shapes that are lines', () => {
  it('counts the free ends of a < that go on as lines (two joining lines crossing)', () => {
    const cross = canvas();
    cross.line(40, 44, 80, 76);
    cross.line(40, 76, 80, 44);
    // A > of half-size 8 fitted with its vertex on the crossing (its centre 0.6 size left of it).
    expect(continuedEnds(cross.field(), '>', 55.2, 60, 8)).toBe(2);
    const drawn = canvas();
    drawn.line(55, 52, 65, 60);
    drawn.line(65, 60, 55, 68);
    expect(continuedEnds(drawn.field(), '>', 60, 60, 8)).toBe(0);
  });

  it('finds no chevron in a joining line beside a symbol taken out of the field', () => {
    const c = canvas();
    c.circle(50, 60, 9);
    c.line(50, 60, 110, 100); // the joining line leaving the O
    const O: FoundSymbol = { x: 50, y: 60, s: 9, kind: 'O', score: 0.95, runnerUp: 0 };
    const field = withoutShapes(c.field(), [O], dilate);
    expect(findSymbols(field, ['<', '>', '[', ']'], [5, 6, 7, 8, 9], { x0: 55, x1: 80, y0: 55, y1: 80 })).toEqual([]);
  });
});

describe("the chart's symbol size", () => {
  const sym = (s: number, score: number): FoundSymbol => ({ x: 0, y: 0, s, kind: 'O', score, runnerUp: 0 });
  const sizes = [4, 4.5, 5, 5.5, 6, 7, 8, 9, 10, 11, 12];
  it('keeps the sizes near the median of the clear symbols', () => {
    expect(sizesNear(sizes, [sym(9, 0.95), sym(9, 0.9), sym(10, 0.92), sym(4.5, 0.8), sym(4, 0.7)])).toEqual([7, 8, 9, 10, 11, 12]);
  });
  it('keeps every size when fewer than three symbols are clear', () => {
    expect(sizesNear(sizes, [sym(9, 0.95), sym(4, 0.7)])).toEqual(sizes);
  });
});

describe('no-response arrows', () => {
  it('reads a thin shaft down and outwards as an arrow, not a bone < drawn beside and deeper', () => {
    const O: FoundSymbol = { x: 70, y: 40, s: 8, kind: 'O', score: 0.95, runnerUp: 0 };
    const arrow = canvas();
    arrow.circle(70, 40, 8);
    arrow.line(64.4, 48, 56.6, 60.8, 1.5);
    expect(hasNoResponseArrow(arrow.field(), O, 'right', 1)).toBe(true);

    const bone = canvas();
    bone.circle(70, 40, 8);
    bone.line(60, 44, 52, 52);
    bone.line(52, 52, 60, 60); // a < of half-size 8, 1.8 sizes left of the O, 12 px deeper
    expect(hasNoResponseArrow(bone.field(), O, 'right', 1)).toBe(false);
  });
});

describe('grid and axis details from real screenshots', () => {
  it('does not shift the frequency axis by an octave when the 8 kHz line is too faint to be found', () => {
    // 125…4000 Hz found with 750/1500/3000 between; the frame ends at 8 kHz (its line missed).
    const [x125, b] = [50, 67];
    const hz = [125, 250, 500, 750, 1000, 1500, 2000, 3000, 4000];
    const axis = fitFrequencyAxis(hz.map((f) => x125 + b * log2(f / 125)), 22, x125 + 6 * b + 12);
    expect(xOfHz(axis!, 125)).toBeCloseTo(x125, 0);
  });

  it('keeps rows in one panel when axis labels touching them extend some to the left', () => {
    // The labels "10", "100"… written 5 px left of the frame join their rows (gaps up to 5 px are bridged).
    const rows = Array.from({ length: 14 }, (_, i): RuledLine => ({ pos: 70 + 36 * i, from: [2, 5, 11].includes(i) ? 51 : i % 4 === 1 ? 59 : 78, to: 411, thickness: 1 }));
    const cols = [80, 146, 212, 278, 344, 410].map((pos): RuledLine => ({ pos, from: 60, to: 550, thickness: 1 }));
    const panels = findPanels(rows, cols, 450);
    expect(panels).toHaveLength(1);
    expect(panels[0].rows).toHaveLength(14);
    expect(panels[0].left).toBe(80);
  });

  it('keeps a blurred column as thick as a blurred row in a wide picture (the limit follows the larger side)', () => {
    const [w, h] = [1180, 560];
    const ink = new Uint8Array(w * h);
    for (let y = 40; y < 520; y++) for (let x = 300; x < 312; x++) ink[y * w + x] = 1; // a 12 px column
    const columns = findLines(ink, w, h, 'v', Math.round(0.1 * h));
    expect(columns.map((c) => Math.round(c.pos))).toEqual([306]);
  });

  it('fits 125–8000 Hz when the rows fade out before the 8 kHz frame (the frame line was not found)', () => {
    // Lines 125…4000 with 750/3000/6000; the rows (and so the panel) end at the 6 kHz line.
    const [x125, b] = [647, 67];
    const hz = [125, 250, 500, 750, 1000, 2000, 3000, 4000, 6000];
    const cols = [639, ...hz.map((f) => x125 + b * log2(f / 125))];
    const axis = fitFrequencyAxis(cols, 639, x125 + b * log2(6000 / 125));
    expect(xOfHz(axis!, 1000)).toBeCloseTo(x125 + 3 * b, 0);
  });

  it('leaves out a separator line that runs far past the panel at both ends', () => {
    const row = (pos: number): RuledLine => ({ pos, from: 60, to: 560, thickness: 1 });
    const col = (pos: number, from = 50, to = 400): RuledLine => ({ pos, from, to, thickness: 1 });
    const rows = Array.from({ length: 14 }, (_, i) => row(56 + 26 * i));
    const panels = findPanels(rows, [col(60), col(157), col(225), col(295), col(363), col(432), col(500), col(556, 0, 455)], 1100);
    expect(panels).toHaveLength(1);
    expect(panels[0].columns.map((c) => c.pos)).not.toContain(556);
  });

  it('finds a faint blurred grid line with the halved ink threshold only (the fallback when no grid calibrates)', () => {
    const [w, h] = [60, 30];
    const rgb = new Uint8Array(w * h * 3).fill(250);
    for (let x = 0; x < w; x++) for (const y of [14, 15, 16]) rgb.fill(240, (y * w + x) * 3, (y * w + x) * 3 + 3); // 10 levels under the paper
    expect(buildMasks({ width: w, height: h, rgb }).ink[15 * w + 30]).toBe(0);
    expect(buildMasks({ width: w, height: h, rgb }, 24, 6, 0.025).ink[15 * w + 30]).toBe(1);
  });

  it('puts the pale, thin strokes of a tinted symbol into the colour mask, not the rims of strong strokes', () => {
    const [w, h] = [60, 30];
    const rgb = new Uint8Array(w * h * 3).fill(250);
    const paint = (x: number, y: number, c: readonly [number, number, number]) => rgb.set(c, (y * w + x) * 3);
    for (let y = 5; y < 25; y++) {
      paint(15, y, [175, 150, 148]); // a pale red 1 px stroke (anti-aliased screenshot)
      for (const x of [40, 41]) paint(x, y, [220, 20, 30]); // a strong red 2 px stroke
      for (const x of [39, 42]) paint(x, y, [240, 215, 212]); // its pale anti-aliased rim
    }
    const masks = buildMasks({ width: w, height: h, rgb });
    const at = (x: number) => masks.red[15 * w + x];
    expect(at(15)).toBe(1);
    expect([at(40), at(41)]).toEqual([1, 1]);
    expect([at(39), at(42)]).toEqual([0, 0]);
  });
});

describe('confidence caps', () => {
  it('keeps a colour point read with OCR labels as graded', () => {
    expect(cappedConfidence('high', 0.97, false, true)).toBe('high');
  });
  it('makes a shape-only (black-and-white) point below 0.93 low and none high', () => {
    expect(cappedConfidence('medium', 0.9, true, true)).toBe('low');
    expect(cappedConfidence('high', 0.97, true, true)).toBe('medium');
  });
  it('makes a bone point below 0.9 low', () => {
    expect(cappedConfidence('medium', 0.88, false, true, true)).toBe('low');
    expect(cappedConfidence('medium', 0.88, false, true, false)).toBe('medium');
  });
  it('gives no high point when the dB direction was assumed (no labels read)', () => {
    expect(cappedConfidence('high', 0.97, false, false)).toBe('medium');
    expect(cappedConfidence('low', 0.97, false, false)).toBe('low');
  });
});

describe('colour of pale strokes', () => {
  it('spreads a symbol colour along its dark, faintly tinted arms, not onto grey lines or light rims', () => {
    const [w, h] = [40, 20];
    const rgb = new Uint8Array(w * h * 3).fill(250);
    const paint = (x: number, y: number, c: readonly [number, number, number]) => rgb.set(c, (y * w + x) * 3);
    const blue = new Uint8Array(w * h);
    const ink = new Uint8Array(w * h);
    for (let x = 10; x < 30; x++) {
      const y = 10;
      ink[y * w + x] = 1;
      if (x < 13) { paint(x, y, [40, 40, 200]); blue[y * w + x] = 1; } // the clearly blue core
      else if (x < 20) paint(x, y, [148, 146, 162]); // the pale slate-blue arm (tint 14)
      else paint(x, y, [128, 128, 128]); // a grey line touching it
      ink[(y + 1) * w + x] = 1;
      paint(x, y + 1, [222, 220, 240]); // a light tinted rim below
    }
    const grown = spreadColour(blue, ink, new Uint8Array(w * h), { width: w, height: h, rgb }, 'blue', 12);
    expect([15, 19].map((x) => grown[10 * w + x])).toEqual([1, 1]);
    expect([22, 28].map((x) => grown[10 * w + x])).toEqual([0, 0]);
    expect(grown[11 * w + 15]).toBe(0);
  });
});

describe('the ear of each panel', () => {
  it('gives two panels two ears: when both vote the same, the clearer vote keeps it', () => {
    // Black and white, noisy: both panels look right-eared, the first only barely.
    expect(panelEars([{ vote: 4, mass: 6 }, { vote: 7, mass: 8 }], false)).toEqual(['left', 'right']);
    expect(panelEars([{ vote: -7, mass: 8 }, { vote: -5, mass: 7 }], false)).toEqual(['left', 'right']);
  });
  it('keeps the convention (right first) when no vote is clear in black and white, and follows colour', () => {
    expect(panelEars([{ vote: 1, mass: 8 }, { vote: 1, mass: 8 }], false)).toEqual(['right', 'left']);
    expect(panelEars([{ vote: -3, mass: 8 }, { vote: 2, mass: 8 }], true)).toEqual(['left', 'right']);
  });
  it('says nothing for one panel', () => {
    expect(panelEars([{ vote: 3, mass: 8 }], false)).toEqual([null]);
  });
});

describe('bone symbols beside their air symbol, in colour', () => {
  const o: FoundSymbol = { x: 70, y: 60, s: 8, kind: 'O', score: 0.95, runnerUp: 0 };
  const s10 = 40;
  /** An O and, on its left at `dy` px from its level, a faint `<` (its lower arm broken off). */
  const drawn = (dx: number, dy: number) => {
    const c = canvas();
    c.circle(o.x, o.y, o.s);
    const [x, y] = [o.x + dx, o.y + dy];
    c.line(x + 0.6 * 8, y - 8, x - 0.6 * 8, y);
    c.line(x - 0.6 * 8, y, x - 0.2 * 8, y + 0.35 * 8);
    return withoutShapes(c.field(), [o], dilate);
  };
  const sizes = [6, 7, 8, 9];

  it('finds a faint bone shape at the air symbol\'s level on its ear\'s side, which the general search leaves', () => {
    const f = drawn(-16, 0);
    expect(findSymbols(f, ['<', '['], sizes, { x0: 30, x1: 110, y0: 30, y1: 90 })).toEqual([]);
    const found = besideAir(f, [o], [], ['<', '['], -1, sizes, s10, 0.55);
    expect(found).toHaveLength(1);
    expect(found[0].kind).toBe('<');
    expect(Math.abs(found[0].y - o.y)).toBeLessThan(3);
    expect(found[0].score).toBeGreaterThanOrEqual(0.55);
    expect(found[0].score).toBeLessThan(0.76);
  });

  it('does not look at another level, on the other side, or where a bone symbol of the ear was found', () => {
    expect(besideAir(drawn(-16, 12), [o], [], ['<', '['], -1, sizes, s10, 0.55)).toEqual([]);
    expect(besideAir(drawn(-16, 0), [o], [], ['>', ']'], 1, sizes, s10, 0.55)).toEqual([]);
    const taken: FoundSymbol = { x: 54, y: 60, s: 8, kind: '<', score: 0.9, runnerUp: 0 };
    expect(besideAir(drawn(-16, 0), [o], [taken], ['<', '['], -1, sizes, s10, 0.55)).toEqual([]);
  });
});

describe('telling a colour chart from colour noise', () => {
  it('counts the pixels of coloured strokes, not single pixels or pairs that noise tinted', () => {
    const panel = { left: 0, right: W, top: 0, bottom: H } as unknown as Parameters<typeof strokePixelsIn>[2];
    const noise = new Uint8Array(W * H);
    // Every 7th pixel of every 3rd row, some with a neighbour: what per-channel noise tints on paper.
    for (let y = 1; y < H - 1; y += 3) for (let x = 1; x < W - 1; x += 7) { noise[y * W + x] = 1; if (x % 2) noise[y * W + x + 1] = 1; }
    expect(strokePixelsIn(noise, W, panel)).toBe(0);
    const stroke = canvas();
    stroke.circle(60, 60, 10, 2.5);
    let inked = 0;
    for (const v of stroke.raw) inked += v;
    expect(strokePixelsIn(stroke.raw, W, panel)).toBeGreaterThan(0.6 * inked);
  });
});

describe('bone symbols drawn inside their air symbol, in colour', () => {
  const o: FoundSymbol = { x: 60, y: 60, s: 9, kind: 'O', score: 0.95, runnerUp: 0 };
  const chevron = (c: ReturnType<typeof canvas>, x: number, y: number, s: number) => {
    c.line(x + 0.6 * s, y - s, x - 0.6 * s, y, 1.5);
    c.line(x - 0.6 * s, y, x + 0.6 * s, y + s, 1.5);
  };

  it('reads a `<` drawn on the O\'s spot, at low confidence, and nothing in an empty O', () => {
    const c = canvas();
    c.circle(o.x, o.y, o.s, 1.5);
    chevron(c, o.x, o.y, 0.8 * o.s);
    const found = insideAir(c.field(), [o], [], ['<', '[']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: '<', x: o.x, y: o.y });
    expect(found[0].score).toBeLessThan(0.9);

    const empty = canvas();
    empty.circle(o.x, o.y, o.s, 1.5);
    expect(insideAir(empty.field(), [o], [], ['<', '['])).toEqual([]);
  });

  it('takes neither a thick ring nor the lines joining the O for a bone shape inside it', () => {
    const thick = canvas();
    thick.circle(o.x, o.y, o.s, 4);
    expect(insideAir(thick.field(), [o], [], ['<', '['])).toEqual([]);
    const joined = canvas();
    joined.circle(o.x, o.y, o.s, 1.5);
    joined.line(0, 80, o.x, o.y, 1.5);
    joined.line(o.x, o.y, 119, 30, 1.5);
    expect(insideAir(joined.field(), [o], [], ['<', '['])).toEqual([]);
  });

  it('leaves an air symbol that already has a bone symbol of its ear beside it', () => {
    const c = canvas();
    c.circle(o.x, o.y, o.s, 1.5);
    chevron(c, o.x, o.y, 0.8 * o.s);
    const beside: FoundSymbol = { x: 44, y: 60, s: 8, kind: '<', score: 0.9, runnerUp: 0 };
    expect(insideAir(c.field(), [o], [beside], ['<', '['])).toEqual([]);
  });
});

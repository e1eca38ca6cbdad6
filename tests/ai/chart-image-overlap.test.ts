import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { besideSearched, gridMask, insideSearched, withoutDarkStrokes, withoutWeakerTwins, type CalibratedPanel } from '../../adapters/src/ai/chart-image/read-chart-picture';
import { readChartPicture } from '../../adapters/src/ai/chart-image/chart-reading';
import { buildMasks, dilate, type Picture } from '../../adapters/src/ai/chart-image/picture';
import type { RuledLine } from '../../adapters/src/ai/chart-image/grid';
import { exitRays, findPairs, findSymbols, ownInk, pairOnSpot, passingRays, type FoundSymbol, type SymbolField } from '../../adapters/src/ai/chart-image/symbols';
import { noResponse } from '../../core/src/rules/index';
import { diffAgainstTruth } from '../fixtures/audiogram-generator';
import { renderStyledChartSvg, type ChartSpec } from '../fixtures/audiogram-generator/chart-styles';
import { prng } from '../fixtures/audiogram-generator/prng';
import { benchCleanCase, generateChartCases } from '../fixtures/audiogram-generator/chart-corpus';
import { chartReading } from '../support/chart-reading';

const [W, H] = [120, 120];

/** An RGB picture on white paper with filled discs of a grey level (strokes, grid lines). */
function paper() {
  const rgb = new Uint8Array(W * H * 3).fill(250);
  const put = (x: number, y: number, g: number) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const i = (y * W + x) * 3;
    rgb[i] = Math.min(rgb[i], g);
    rgb[i + 1] = Math.min(rgb[i + 1], g);
    rgb[i + 2] = Math.min(rgb[i + 2], g);
  };
  return {
    picture: (): Picture => ({ width: W, height: H, rgb }),
    rect(x0: number, y0: number, x1: number, y1: number, g: number) {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) put(x, y, g);
    },
    circle(cx: number, cy: number, r: number, width: number, g: number) {
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (Math.abs(Math.hypot(x - cx, y - cy) - r) <= width / 2) put(x, y, g);
    },
  };
}

const line = (pos: number, thickness: number): RuledLine => ({ pos, from: 5, to: 114, thickness });
const panelWith = (rows: RuledLine[], columns: RuledLine[]) =>
  ({ grid: { left: 5, right: 114, top: 5, bottom: 114, rows, columns } }) as unknown as CalibratedPanel;

/** A field drawn directly: rings of the given radius and stroke width at the given centres. */
function rings(list: { x: number; y: number; r: number; width: number }[], cross?: { x: number; y: number; s: number }): SymbolField {
  const raw = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (list.some((c) => Math.abs(Math.hypot(x - c.x, y - c.y) - c.r) <= c.width / 2)) raw[y * W + x] = 1;
      if (cross && Math.abs(x - cross.x) <= cross.s && (Math.abs((x - cross.x) - (y - cross.y)) <= 1 || Math.abs((x - cross.x) + (y - cross.y)) <= 1)) raw[y * W + x] = 1;
    }
  }
  return { width: W, height: H, raw, dilated: dilate(raw, W, H), grid: new Uint8Array(W * H) };
}

describe('symbol strokes over a lighter grid line', () => {
  it('keeps the black ring pixels that lie on a grey grid line as ink, and the rest of the line unknown', () => {
    const p = paper();
    p.rect(5, 59, 114, 61, 190); // a grey row
    p.rect(59, 5, 61, 114, 190); // a grey column
    p.circle(60, 60, 12, 3, 10); // a black O on their crossing
    const masks = buildMasks(p.picture());
    const panels = [panelWith([line(60, 3)], [line(60, 3)])];
    const grid = gridMask(masks, panels);
    const kept = withoutDarkStrokes(grid, p.picture(), masks, panels);
    // On the row, where the ring crosses it: ink, no longer unknown.
    expect(grid[60 * W + 48]).toBe(1);
    expect(kept[60 * W + 48]).toBe(0);
    expect(kept[72 * W + 60]).toBe(0);
    // Elsewhere on the row and the column: still unknown.
    expect(kept[60 * W + 30]).toBe(1);
    expect(kept[30 * W + 60]).toBe(1);
    expect(kept[60 * W + 60]).toBe(1);
  });

  it('does not take the crossing of a dark row and a light column for a symbol stroke', () => {
    const p = paper();
    p.rect(5, 58, 114, 62, 100); // the darker 0 dB reference row
    p.rect(59, 5, 61, 114, 200); // a light column
    const masks = buildMasks(p.picture());
    const panels = [panelWith([line(60, 5)], [line(60, 3)])];
    const grid = gridMask(masks, panels);
    const kept = withoutDarkStrokes(grid, p.picture(), masks, panels);
    for (let y = 56; y <= 64; y++) for (let x = 56; x <= 64; x++) expect(kept[y * W + x]).toBe(grid[y * W + x]);
  });
});

describe('thick black-and-white symbols', () => {
  // A generated style the reader used to misread: 9 px symbols drawn with 2.8 px strokes, both ears
  // in one chart. Each thick O was read as an O plus a □ fitted on its ring, and the □ (left ear)
  // displaced the X drawn at the same frequency.
  const spec: ChartSpec = {
    name: 'combined+bw', layout: 'combined', portrait: false, colour: false, red: '#111111', blue: '#111111', symbolSize: 9,
    strokeWidth: 2.8, lineWidth: 1.4, gridColour: '#c8c8c8', gridWidth: 1, font: 'DejaVu Sans', dbDirection: 'down', from125: false,
    halfOctaves: 'none', khzLabels: true, fiveDbLines: false, maskedShare: 0, boneOffset: true, connectLines: true, legend: false,
    table: false, background: '#fbf8ef',
  };
  const set = {
    origin: 'test',
    right: { air: { 500: 65, 1000: 55, 2000: 75, 3000: 90, 4000: 95, 6000: 90, 8000: noResponse(120) } },
    left: { air: { 500: 5, 1000: 5, 2000: 20, 3000: 25, 4000: 25, 6000: 20, 8000: 35 } },
  };
  afterAll(() => stopAxisLabelReader());

  it('reads each thick O as O alone and every X in its place', async () => {
    const { svg } = renderStyledChartSvg(set as never, spec, prng(1));
    const outcome = await readChartPicture(new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer()), { ocr: false });
    expect(outcome.status).toBe('read');
    if (outcome.status === 'read') expect(diffAgainstTruth(set as never, outcome.reading)).toEqual([]);
  }, 20_000);

  it('still reads an X drawn over a thick O as the pair', () => {
    const sizes = [6, 7, 8, 9, 10, 11, 12.5, 14, 16];
    const field = rings([{ x: 60, y: 60, r: 12, width: 3 }], { x: 60, y: 60, s: 12 });
    const pair = pairOnSpot(field, { x: 60, y: 60, s: 12, score: 0 }, ['O', 'T'], ['X', 'S'], sizes);
    expect(pair?.map((p) => p.kind).sort()).toEqual(['O', 'X']);
  });
});

describe('a bone bracket drawn on its air symbol (screenshots of audiometer software)', () => {
  // An O with a `[` drawn over it, both red, small and thick as in a 600 px screenshot scaled up.
  function oWithBracket(): SymbolField {
    const raw = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const ring = Math.abs(Math.hypot(x - 60, y - 60) - 6) <= 1.8;
        const bar = x >= 55 && x <= 58 && Math.abs(y - 60) <= 7;
        const arms = (Math.abs(y - 53) <= 1 || Math.abs(y - 67) <= 1) && x >= 56 && x <= 63;
        if (ring || bar || arms) raw[y * W + x] = 1;
      }
    }
    return { width: W, height: H, raw, dilated: dilate(raw, W, H), grid: new Uint8Array(W * H) };
  }
  const sizes = [4, 4.5, 5, 5.5, 6.5, 7, 8, 9, 10];
  const box = { x0: 20, x1: 100, y0: 20, y1: 100, columns: [60] };

  it('reads the O and the [ as a pair on the column', () => {
    const field = oWithBracket();
    const pair = findPairs(field, ['O', 'T'], ['<', '['], sizes, box, []);
    expect(pair.map((p) => p.kind)).toEqual(['O', '[']);
    expect(pair.every((p) => Math.hypot(p.x - 60, p.y - 60) <= 2)).toBe(true);
  });
});

describe('symbols of the two ears 5 dB apart (black and white)', () => {
  it('reads an O with an X half a 10 dB row below it as the pair, each at its own level', () => {
    // Rows 40 px apart: the X is drawn 20 px (5 dB) below the O and their strokes overlap.
    const field = rings([{ x: 60, y: 50, r: 11, width: 2.5 }], { x: 60, y: 70, s: 11 });
    const sizes = [8, 9, 10, 11, 12.5, 14];
    expect(pairOnSpot(field, { x: 60, y: 50, s: 11, score: 0 }, ['O', 'T'], ['X', 'S'], sizes)).toBeNull();
    const pair = pairOnSpot(field, { x: 60, y: 50, s: 11, score: 0 }, ['O', 'T'], ['X', 'S'], sizes, [0, 20, -20]);
    expect(pair?.map((p) => [p.kind, p.y])).toEqual([['O', 50], ['X', 70]]);
  });
});

describe('bone symbols beside their air symbol', () => {
  /** A field with thick segments drawn on it. */
  function drawn(segments: [number, number, number, number][]): SymbolField {
    const raw = new Uint8Array(W * H);
    for (const [x0, y0, x1, y1] of segments) {
      const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2);
      for (let i = 0; i <= n; i++) {
        const [x, y] = [x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n];
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (Math.hypot(dx, dy) <= 1) raw[Math.round(y + dy) * W + Math.round(x + dx)] = 1;
      }
    }
    return { width: W, height: H, raw, dilated: dilate(raw, W, H), grid: new Uint8Array(W * H) };
  }
  const chevron: [number, number, number, number][] = [[55, 52, 65, 60], [65, 60, 55, 68]]; // a `>` centred near (60, 60)

  it('forgives a bone shape the joining line that runs straight through it, and only that', () => {
    const through = drawn([...chevron, [0, 60, 119, 60]]);
    expect(passingRays(exitRays(through, 60, 60, 8))).toHaveLength(2);
    // Two lines meeting at a corner on the spot are not a line passing through.
    const corner = drawn([...chevron, [0, 60, 60, 60], [60, 60, 100, 100]]);
    expect(passingRays(exitRays(corner, 60, 60, 8))).toEqual([]);
    // The chevron on a joining line is found as itself.
    const found = findSymbols(through, ['>', ']'], [6, 7, 8, 9, 10], { x0: 50, x1: 70, y0: 50, y1: 70 });
    expect(found.map((f) => f.kind)).toEqual(['>']);
  });

  it('drops a masked shape fitted across an air symbol and its bone chevron, and keeps two unmasked ones', () => {
    const sym = (kind: FoundSymbol['kind'], x: number, score: number): FoundSymbol => ({ x, y: 60, s: 10, kind, score, runnerUp: 0 });
    const x = sym('X', 50, 0.9);
    const phantom = sym('S', 64, 0.71);
    expect(withoutWeakerTwins([x, phantom])).toEqual([x]);
    expect(withoutWeakerTwins([x, sym('S', 90, 0.71)])).toHaveLength(2);
    expect(withoutWeakerTwins([x, sym('X', 64, 0.71)])).toHaveLength(2);
  });

  it('drops a masked shape up to 2.5 sizes off a stronger air symbol of its ear on the same column, not on the next column', () => {
    // A △ fitted across a bone `<` and the side of the O it touches sits 1.7 sizes off the O.
    const sym = (kind: FoundSymbol['kind'], x: number, score: number): FoundSymbol => ({ x, y: 60, s: 10, kind, score, runnerUp: 0 });
    const o = sym('O', 50, 0.79);
    const column = (f: FoundSymbol) => Math.round(f.x / 40);
    const sameColumn = (a: FoundSymbol, b: FoundSymbol) => column(a) === column(b);
    expect(withoutWeakerTwins([o, sym('T', 33, 0.72)], sameColumn)).toEqual([o]);
    expect(withoutWeakerTwins([o, sym('T', 33, 0.72)])).toHaveLength(2);
    expect(withoutWeakerTwins([o, sym('T', 74, 0.72)], sameColumn)).toHaveLength(2);
    expect(withoutWeakerTwins([o, sym('T', 23, 0.72)], sameColumn)).toHaveLength(2);
  });
});

describe('the dB labels of a portrait chart whose rows reach into them', () => {
  // Two stacked colour panels, dB axis upwards (120 at the top): the rows touch the labels, so the
  // panel's left side lies inside them; the OCR strip now ends at the frame, not at the rows' start.
  const spec: ChartSpec = {
    name: 'panels+colour+db-up', layout: 'panels', portrait: true, colour: true, red: '#ff3b30', blue: '#2962ff', symbolSize: 8,
    strokeWidth: 1.8, lineWidth: 1.4, gridColour: '#c8c8c8', gridWidth: 1, font: 'Liberation Sans', dbDirection: 'up', from125: false,
    halfOctaves: 'all', khzLabels: false, fiveDbLines: false, maskedShare: 0, boneOffset: true, connectLines: true, legend: false,
    table: false, background: '#f4f7fb',
  };
  const set = {
    origin: 'test',
    right: { air: { 250: 30, 500: 40, 1000: 50, 2000: 55, 3000: 60, 4000: 70, 6000: 75, 8000: 80 } },
    left: { air: { 250: 40, 500: 45, 1000: 60, 2000: 60, 3000: 70, 4000: 70, 6000: 80, 8000: 85 } },
  };

  it('reads the labels by OCR and the axis upwards', async () => {
    const { svg } = renderStyledChartSvg(set as never, spec, prng(1));
    const outcome = await readChartPicture(new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer()));
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(outcome.reading.observations[0]).toContain('rótulos lidos por OCR');
    expect(diffAgainstTruth(set as never, outcome.reading)).toEqual([]);
  }, 30_000);
});

describe('a bone shape drawn inside its air symbol', () => {
  const sizes = [4, 5, 6, 7, 8, 9, 10, 11, 12];
  /** An O of radius 11 (stroke 2.5) with, optionally, a `<` of half size 7 drawn inside it. */
  function oWith(chevron: boolean, ringWidth = 2.5): SymbolField {
    const raw = new Uint8Array(W * H);
    const near = (x: number, y: number, [x0, y0, x1, y1]: number[]) => {
      const [dx, dy] = [x1 - x0, y1 - y0];
      const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(x - (x0 + t * dx), y - (y0 + t * dy)) <= 1.2;
    };
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const ring = Math.abs(Math.hypot(x - 60, y - 60) - 11) <= ringWidth / 2;
        const arms = chevron && (near(x, y, [64.2, 53, 55.8, 60]) || near(x, y, [55.8, 60, 64.2, 67]));
        if (ring || arms) raw[y * W + x] = 1;
      }
    }
    return { width: W, height: H, raw, dilated: dilate(raw, W, H), grid: new Uint8Array(W * H) };
  }
  const O: FoundSymbol = { x: 60, y: 60, s: 11, kind: 'O', score: 0.8, runnerUp: 0 };

  it('reads the O and the < inside it as a pair', () => {
    const pair = pairOnSpot(oWith(true), O, ['O'], ['<', '['], sizes, [0], true);
    expect(pair?.map((p) => p.kind)).toEqual(['O', '<']);
    expect(ownInk(oWith(true), 60, 60, { kind: 'O', s: 11 }, { kind: '<', s: 7 })).toBe(true);
  });

  it('does not invent a < inside a thick O: nothing of it lies off the ring', () => {
    const thick = oWith(false, 6);
    expect(ownInk(thick, 60, 60, { kind: 'O', s: 11 }, { kind: '<', s: 7 })).toBe(false);
    expect(pairOnSpot(thick, O, ['O'], ['<', '['], sizes, [0], true)).toBeNull();
  });
});

describe('the second search around found air symbols', () => {
  it('does not read the bone < beside an O as an X (a < is half an X): the bench case seed 777 #65', async () => {
    // Two black-and-white panels under uneven lighting; the right ear's < at 2000 Hz / 10 dB sits half
    // a row under its O at 15 dB. Once the O was taken out, the second search read the < as an X.
    const cases = await generateChartCases(66, 777);
    const outcome = await readChartPicture(cases[65].bytes);
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(outcome.reading.right.air[2000]).toBe(15);
    expect(outcome.reading.right.bone?.[2000]).toBe(10);
  }, 60_000);
});

describe('bone symbols drawn inside their air symbols on two panels', () => {
  it('are looked for in a panel whose own bone shapes are too few, when the clear ones of the whole chart lie on the columns', () => {
    const on = (clear = true) => ({ d: 0.2, clear });
    const beside = (clear = true) => ({ d: 1.8, clear });
    // one clear bone shape on a column in each panel: neither panel alone says so, the chart does
    expect(insideSearched([[on()], [on()]])).toEqual([true, true]);
    // the chart's only clear shapes lie beside the columns: only a panel that says so itself
    expect(insideSearched([[on(false), on(false)], [beside(), on(false)]])).toEqual([true, false]);
    // shapes that are not clear are not pooled (phantoms fitted on a chart without bone)
    expect(insideSearched([[on(false)], [on(false)]])).toEqual([false, false]);
    expect(insideSearched([[on(), beside()], [beside(), on()]])).toEqual([false, false]);
  });

  it('on a black-and-white chart, one clear bone shape on a column is enough when none of its bone shapes lies beside one', () => {
    const on = (clear = true) => ({ d: 0.2, clear });
    const beside = (clear = true) => ({ d: 1.8, clear });
    // (the bench's case 119 and seed 777's 39 and 49: a `[` at −10 dB over its O at −5, on the top frame line)
    expect(insideSearched([[on()]], true)).toEqual([true]);
    expect(insideSearched([[on(), on(false)]], true)).toEqual([true]);
    expect(insideSearched([[on(), beside(false)]], true)).toEqual([false]);
    expect(insideSearched([[on(false)]], true)).toEqual([false]);
    // not in colour: there one clear phantom on a column put five bone points on a chart without bone (seed 777's 82)
    expect(insideSearched([[on()]])).toEqual([false]);
  });

  it('searches beside the air symbols of a black-and-white chart whose clear bone shapes lie beside the columns', () => {
    const on = (clear = true) => ({ d: 0.2, clear });
    const beside = (clear = true) => ({ d: 1.8, clear });
    // two clear shapes beside a column, over both panels
    expect(besideSearched([[beside(), on(false)], [beside()]])).toBe(true);
    // one is not enough (a stray shape put two phantom bone points on a clean chart without bone)
    expect(besideSearched([[beside(), beside(false), beside(false)]])).toBe(false);
    // more on the columns than beside them: that chart draws its bone symbols on the column
    expect(besideSearched([[beside(), beside(), on(), on(), on()]])).toBe(false);
    // far from any column (a shape on a joining line): not beside
    expect(besideSearched([[{ d: 4.5, clear: true }, { d: 5, clear: true }]])).toBe(false);
  });

  it('reads a black-and-white bone symbol beside its air symbol that scores under the general floor (the bench seed drawn clean, #7 and #19)', async () => {
    // Both charts draw bone beside the columns; one `>` beside its X scored under 0.76 and was not read.
    for (const [i, hz] of [[7, 500], [19, 500]] as const) {
      const c = await benchCleanCase(i);
      expect(c.spec.colour).toBe(false);
      const reading = await chartReading(c.bytes);
      expect((reading.left.bone as Record<number, unknown>)[hz], `case ${i}`).toBe((c.truth.left.bone as Record<number, unknown>)[hz]);
    }
  }, 90_000);

  it('reads the bone symbols inside the air symbols of the 300-picture bench’s case 189 (two black-and-white panels, rotated)', async () => {
    // Each panel found one bone shape on a column (a `<` or `>` 5 dB better than its air symbol); the
    // others, drawn inside their air symbols, were not looked for: 0 of the 8 read before.
    const c = (await generateChartCases(190, 20261125))[189];
    expect(c.spec.name).toBe('panels+bw');
    const reading = await chartReading(c.bytes);
    let exact = 0;
    for (const ear of ['right', 'left'] as const) {
      for (const [hz, db] of Object.entries(c.truth[ear].bone ?? {})) if ((reading[ear].bone as Record<string, unknown> | undefined)?.[hz] === db) exact++;
    }
    expect(exact).toBeGreaterThanOrEqual(8);
  }, 90_000);
});

/**
 * The working picture: RGB pixels plus the masks every later step uses. Pure TS; sharp only decodes,
 * resizes and rotates (decode-picture.ts).
 */
export interface Picture {
  readonly width: number;
  readonly height: number;
  /** 3 bytes a pixel. */
  readonly rgb: Uint8Array;
}

/** A 0/1 mask the size of the picture. */
export interface Masks {
  readonly width: number;
  readonly height: number;
  /** Darker than the local background (any colour): grid, text, symbols. */
  readonly ink: Uint8Array;
  /** Clearly red / clearly blue pixels. */
  readonly red: Uint8Array;
  readonly blue: Uint8Array;
}

/**
 * Integral image of a 0/1 mask: sum over [x0,x1)×[y0,y1) in O(1). 32-bit sums (a mask of a working
 * picture sums to at most its 1700 × 1700 pixels), half the memory of 64-bit ones.
 */
export class Integral {
  private readonly sums: Int32Array;
  constructor(readonly width: number, readonly height: number, values: Uint8Array) {
    const w1 = width + 1;
    this.sums = new Int32Array(w1 * (height + 1));
    for (let y = 0; y < height; y++) {
      let row = 0;
      for (let x = 0; x < width; x++) {
        row += values[y * width + x];
        this.sums[(y + 1) * w1 + x + 1] = this.sums[y * w1 + x + 1] + row;
      }
    }
  }

  sum(x0: number, y0: number, x1: number, y1: number): number {
    const w1 = this.width + 1;
    const [a, b] = [Math.max(0, Math.min(this.width, Math.round(x0))), Math.max(0, Math.min(this.width, Math.round(x1)))];
    const [c, d] = [Math.max(0, Math.min(this.height, Math.round(y0))), Math.max(0, Math.min(this.height, Math.round(y1)))];
    if (b <= a || d <= c) return 0;
    return this.sums[d * w1 + b] - this.sums[c * w1 + b] - this.sums[d * w1 + a] + this.sums[c * w1 + a];
  }
}

/** The luma of pixel `i` of an RGB picture. */
export function luma(rgb: Uint8Array, i: number): number {
  return 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];
}

/**
 * Adaptive binarisation: a pixel is ink when it is darker than the mean of its neighbourhood
 * (window `win`) by more than `delta` grey levels, after a 3×3 smoothing against noise. Uneven
 * lighting moves the local mean with it, so a shaded corner stays readable.
 */
export function buildMasks(p: Picture, win = 24, delta = 12, relative = 0.05): Masks {
  const { width: w, height: h, rgb } = p;
  const smooth = smoothedGrey(p);
  const backgroundRow = paperBackground(smooth, w, h, win);
  const background = new Float32Array(w);
  // The block maximum of a noisy picture is the paper plus its noise peaks: lowered by that bias
  // when it is clearly noise (≥ 3 grey levels; a clean render gives 0, the real screenshots and the
  // scanned form 2.2–2.7, a lighting gradient about 1.5), so those are binarised as before.
  const bias = noiseBias(smooth, w, h, win);
  const ink = new Uint8Array(w * h);
  const red = new Uint8Array(w * h);
  const blue = new Uint8Array(w * h);
  const paleRed = new Uint8Array(w * h);
  const paleBlue = new Uint8Array(w * h);
  // The pale test uses the tint summed over 3×3 (sensor noise gives grey pixels a random tint),
  // computed only where it is asked (faintly tinted ink), not kept for the whole picture.
  const tint3 = (x: number, y: number, which: 0 | 2) => {
    let sum = 0;
    for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
      for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
        const j = (yy * w + xx) * 3;
        sum += rgb[j + which] - Math.max(rgb[j + 1], rgb[j + 2 - which]);
      }
    }
    return sum;
  };
  for (let y = 0; y < h; y++) {
    backgroundRow(y, background);
    if (bias >= 3) for (let x = 0; x < w; x++) background[x] -= bias;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const bg = background[x];
      const [R, G, B] = [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]];
      const chroma = Math.max(R, G, B) - Math.min(R, G, B);
      if (smooth[i] < bg - Math.max(delta, relative * bg) || chroma > 60) ink[i] = 1;
      if (R - Math.max(G, B) > 45 && R > 90) red[i] = 1;
      else if (ink[i] && R - Math.max(G, B) > 10 && tint3(x, y, 0) > 8 * 9) paleRed[i] = 1;
      if (B - Math.max(R, G) > 35 && B > 70 && B - R > 45) blue[i] = 1;
      else if (ink[i] && B - Math.max(R, G) > 10 && tint3(x, y, 2) > 8 * 9) paleBlue[i] = 1;
    }
  }
  return { width: w, height: h, ink, red: withPale(red, paleRed, w, h), blue: withPale(blue, paleBlue, w, h) };
}

/**
 * The luma of each pixel averaged over its 3×3 neighbourhood (what lies inside the picture), from three
 * rows of luma at a time (no whole-picture luma array).
 */
export function smoothedGrey<T extends Float32Array | Uint8ClampedArray = Float32Array>(p: Picture, into?: T): T {
  const { width: w, height: h, rgb } = p;
  const smooth = into ?? (new Float32Array(w * h) as T);
  const rows = [new Float32Array(w), new Float32Array(w), new Float32Array(w)];
  const lumaRow = (y: number, out: Float32Array) => {
    for (let x = 0, i = y * w; x < w; x++, i++) out[x] = luma(rgb, i);
  };
  lumaRow(0, rows[1]);
  if (h > 1) lumaRow(1, rows[2]);
  for (let y = 0; y < h; y++) {
    // rows[0] = y − 1, rows[1] = y, rows[2] = y + 1 (when inside the picture)
    const [y0, y1] = [Math.max(0, y - 1), Math.min(h - 1, y + 1)];
    for (let x = 0; x < w; x++) {
      const [x0, x1] = [Math.max(0, x - 1), Math.min(w - 1, x + 1)];
      let sum = 0;
      for (let yy = y0; yy <= y1; yy++) {
        const row = rows[yy - y + 1];
        for (let xx = x0; xx <= x1; xx++) sum += row[xx];
      }
      smooth[y * w + x] = sum / ((x1 - x0 + 1) * (y1 - y0 + 1));
    }
    const first = rows[0];
    rows[0] = rows[1];
    rows[1] = rows[2];
    rows[2] = first;
    if (y + 2 < h) lumaRow(y + 2, rows[2]);
  }
  return smooth;
}

/**
 * The cores of the ink's strokes: the ink pixels in the darker half of the contrast around them (the
 * lightest and darkest smoothed grey within `radius` px, rounded to grey levels), with 2 levels to
 * spare. The binarisation smooths over 3×3 and takes anything 12 levels under the paper, which widens
 * every stroke by about a pixel on each side, and JPEG ringing by more: a ring drawn 2 px thick came
 * out 5 px thick, and a □ or △ fitted it as well as an O, centred a few pixels off. A stroke wider
 * than the window keeps its inside (its lightest neighbour is as dark as itself). `share` 0.5 and
 * `radius` 3 were measured (docs/audiogram-reading.md); the cores are what symbols are scored on.
 */
export function strokeCores(p: Picture, ink: Uint8Array, share = 0.5, radius = 3): Uint8Array {
  const { width: w, height: h } = p;
  const grey = smoothedGrey(p, new Uint8ClampedArray(w * h));
  // Separable minimum and maximum: first along rows, then down columns (where the decision is made).
  const rowMin = new Uint8Array(w * h);
  const rowMax = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let [lo, hi] = [255, 0];
      for (let xx = Math.max(0, x - radius); xx <= Math.min(w - 1, x + radius); xx++) {
        const v = grey[row + xx];
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      rowMin[row + x] = lo;
      rowMax[row + x] = hi;
    }
  }
  const cores = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!ink[i]) continue;
      let [lo, hi] = [255, 0];
      for (let yy = Math.max(0, y - radius); yy <= Math.min(h - 1, y + radius); yy++) {
        const j = yy * w + x;
        if (rowMin[j] < lo) lo = rowMin[j];
        if (rowMax[j] > hi) hi = rowMax[j];
      }
      if (grey[i] - lo <= share * (hi - lo) + 2) cores[i] = 1;
    }
  }
  return cores;
}

/**
 * How far the maximum of a block of paper lies above its typical value: the median, over blocks,
 * of (block maximum − block median) of the smoothed grey. Most blocks are mostly paper (thin lines,
 * small text), so their median is the paper and the difference is what noise adds to the maximum;
 * a flat (clean) paper gives 0.
 */
export function noiseBias(grey: Float32Array, w: number, h: number, block: number): number {
  const [bw, bh] = [Math.floor(w / block), Math.floor(h / block)];
  const diffs: number[] = [];
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let max = 0;
      for (let y = by * block; y < (by + 1) * block; y++) {
        for (let x = bx * block; x < (bx + 1) * block; x++) {
          const v = grey[y * w + x];
          hist[Math.max(0, Math.min(255, Math.round(v)))]++;
          if (v > max) max = v;
        }
      }
      let acc = 0;
      let med = 0;
      for (let b = 0; b < 256; b++) {
        acc += hist[b];
        if (acc >= (block * block) / 2) { med = b; break; }
      }
      diffs.push(max - med);
    }
  }
  diffs.sort((a, b) => a - b);
  return diffs.length ? diffs[diffs.length >> 1] : 0;
}

/**
 * The paper's brightness around each pixel: the maximum over blocks of `block` px, then over each
 * 3×3 neighbourhood of blocks, interpolated back to pixels. Lines and text are thin, so the maximum
 * is the paper; a lighting gradient is followed block by block. Returned as a function that fills
 * one row at a time (no whole-picture array).
 */
function paperBackground(grey: Float32Array, w: number, h: number, block: number): (y: number, out: Float32Array) => void {
  const [bw, bh] = [Math.ceil(w / block), Math.ceil(h / block)];
  const max = new Float32Array(bw * bh);
  for (let y = 0; y < h; y++) {
    const by = Math.floor(y / block);
    for (let x = 0; x < w; x++) {
      const j = by * bw + Math.floor(x / block);
      if (grey[y * w + x] > max[j]) max[j] = grey[y * w + x];
    }
  }
  const spread = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const [x, y] = [bx + dx, by + dy];
        if (x >= 0 && y >= 0 && x < bw && y < bh && max[y * bw + x] > m) m = max[y * bw + x];
      }
      spread[by * bw + bx] = m;
    }
  }
  return (y, out) => {
    const fy = Math.min(bh - 1.001, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(bw - 1.001, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const y1 = Math.min(bh - 1, y0 + 1);
      const x1 = Math.min(bw - 1, x0 + 1);
      out[x] = (1 - ty) * ((1 - tx) * spread[y0 * bw + x0] + tx * spread[y0 * bw + x1]) + ty * ((1 - tx) * spread[y1 * bw + x0] + tx * spread[y1 * bw + x1]);
    }
  };
}

/**
 * A clearly coloured mask plus the ink with only a modest tint that lies away from it: the thin,
 * pale, anti-aliased strokes of a screenshot's symbols join the mask, while the pale rims of strong
 * strokes do not (they would thicken every stroke).
 */
function withPale(strong: Uint8Array, pale: Uint8Array, w: number, h: number): Uint8Array {
  const near = dilate(dilate(strong, w, h), w, h);
  const out = strong.slice();
  for (let i = 0; i < out.length; i++) if (pale[i] && !near[i]) out[i] = 1;
  return out;
}

/** 3×3 dilation. */
export function dilate(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < w) out[yy * w + xx] = 1;
        }
      }
    }
  }
  return out;
}

import type { Picture } from './picture';

type Sharp = typeof import('sharp');
let sharpModule: Promise<Sharp> | undefined;
/**
 * sharp is loaded on the first read only (server start-up stays fast). Its operation cache is off: each
 * upload is decoded once, and libvips kept up to 50 MB of decoded pixels for nothing (the reader's peak
 * over the bench's 300 pictures: 272–293 MB in six runs without it, 272–347 MB in nine with it).
 */
const loadSharp = async (): Promise<Sharp> => {
  sharpModule ??= import('sharp').then((m) => {
    const sharp = ((m as unknown as { default?: Sharp }).default ?? m) as Sharp;
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
};

/** Longest side of the working picture: small screenshots are enlarged, big photos reduced. */
const MIN_SIDE = 1100;
const MAX_SIDE = 1700;

/**
 * Decodes PNG/JPEG bytes (EXIF orientation applied, alpha flattened on white) into an RGB picture whose
 * longest side is between MIN_SIDE and MAX_SIDE. Returns null when the bytes are not a decodable image,
 * 'too_small' when a side is under 120 px (no legible chart fits; nothing is enlarged for nothing).
 */
export async function decodePicture(bytes: Uint8Array): Promise<Picture | null | 'too_small'> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) return null;
    if (Math.min(meta.width, meta.height) < 120) return 'too_small';
    const oriented = meta.orientation && meta.orientation >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    const longest = Math.max(oriented[0], oriented[1]);
    const scale = longest < MIN_SIDE ? MIN_SIDE / longest : longest > MAX_SIDE ? MAX_SIDE / longest : 1;
    const { data, info } = await sharp(bytes)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(Math.round(oriented[0] * scale), Math.round(oriented[1] * scale), { kernel: scale > 1 ? 'cubic' : 'lanczos3' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, rgb: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch {
    return null;
  }
}

/**
 * Rotates the picture by `degrees` (positive = clockwise), same size kept centred. The corners it
 * uncovers take the paper's colour (the median of the picture, per channel), not white: next to a
 * grey or shaded paper, white corners made the paper beside them look like ink.
 */
export async function rotatePicture(p: Picture, degrees: number): Promise<Picture> {
  const sharp = await loadSharp();
  const [r, g, b] = paperColour(p);
  const rotated = await sharp(p.rgb, { raw: { width: p.width, height: p.height, channels: 3 } })
    .rotate(degrees, { background: { r, g, b } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = rotated.info;
  // Crop back to the original size around the centre so coordinates stay comparable.
  const [ox, oy] = [Math.floor((width - p.width) / 2), Math.floor((height - p.height) / 2)];
  const rgb = new Uint8Array(p.width * p.height * 3);
  for (let y = 0; y < p.height; y++) {
    const src = ((y + oy) * width + ox) * 3;
    rgb.set(rotated.data.subarray(src, src + p.width * 3), y * p.width * 3);
  }
  return { width: p.width, height: p.height, rgb };
}

/** The median of each channel over every fourth pixel: the paper, which most of a chart is. */
export function paperColour(p: Picture): [number, number, number] {
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let n = 0;
  for (let i = 0; i < p.width * p.height; i += 4, n++) for (let c = 0; c < 3; c++) hist[c][p.rgb[i * 3 + c]]++;
  return hist.map((h) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += h[v]) >= n / 2) return v;
    return 255;
  }) as [number, number, number];
}

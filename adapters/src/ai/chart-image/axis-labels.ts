import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { labelsEnd, type PanelGrid } from './grid';
import type { Picture } from './picture';

type Worker = import('tesseract.js').Worker;
let workerPromise: Promise<Worker | null> | undefined;
/** How tesseract segments a strip: scattered words (the first pass) or one uniform block of text. */
export type LabelLayout = 'sparse' | 'block';
let layoutSet: LabelLayout = 'sparse';
/** The worker's page segmentation is a setting of the worker: a read and its setting run as one, in turn. */
let turn: Promise<unknown> = Promise.resolve();

/**
 * One tesseract.js worker for the process, created on the first read with the English data shipped in
 * `@tesseract.js-data/eng` (an explicit local `langPath`: the default CDN path crashes offline,
 * stack.md §11): its LSTM-only integer model (`4.0.0_best_int`, 3 MB), which reads the labels as well
 * as the full `4.0.0` data and holds ~90 MB less memory (the reader peaked at 476 MB with it, 383 MB
 * without, over the bench's 100 pictures). The cache folder is named after the model, so a cached
 * copy of the other data is not taken for it. Digits only. Null when it cannot start (then the grid
 * spacing calibrates alone).
 */
async function ocrWorker(): Promise<Worker | null> {
  workerPromise ??= (async () => {
    try {
      const require = createRequire(import.meta.url);
      const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
      const { createWorker, PSM } = await import('tesseract.js');
      const worker = await createWorker('eng', 1, { langPath, cachePath: path.join(os.tmpdir(), 'limiar-tesseract-best-int'), gzip: true });
      await worker.setParameters({ tessedit_char_whitelist: '-0123456789', tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: '300' });
      return worker;
    } catch {
      return null;
    }
  })();
  return workerPromise;
}

/** Ends the OCR worker (tests and the bench call it so the process can exit). */
export async function stopAxisLabelReader(): Promise<void> {
  const w = await workerPromise;
  workerPromise = undefined;
  layoutSet = 'sparse';
  await w?.terminate();
}

type Sharp = typeof import('sharp');

/**
 * Reads the numbers left of each panel (the dB labels) with OCR: a strip as wide as ~2.2 rows, the
 * panel's height; returns the numbers with their y in picture coordinates (null per panel when OCR is
 * unavailable). The strip is enlarged ×2 and binarised so tesseract sees clean digits. `layout`:
 * scattered words (`sparse`, the first pass), or one uniform block of text (`block`: a second pass
 * where the first read too few labels — on the bench's charts it reads most of the labels the first
 * misses, small or with slashed zeros, but places some on the wrong row, so the caller only lets
 * them say the axis's direction).
 */
export async function readAxisLabels(picture: Picture, panels: readonly { grid: PanelGrid; spacing: { step: number } }[], layout: LabelLayout = 'sparse'): Promise<({ value: number; y: number }[] | null)[]> {
  const worker = await ocrWorker();
  if (!worker) return panels.map(() => null);
  const mine = turn.then(() => readWith(worker, picture, panels, layout));
  turn = mine.catch(() => undefined);
  return mine;
}

async function readWith(worker: Worker, picture: Picture, panels: readonly { grid: PanelGrid; spacing: { step: number } }[], layout: LabelLayout): Promise<({ value: number; y: number }[] | null)[]> {
  if (layout !== layoutSet) {
    const { PSM } = await import('tesseract.js');
    await worker.setParameters({ tessedit_pageseg_mode: layout === 'block' ? PSM.SINGLE_BLOCK : PSM.SPARSE_TEXT });
    layoutSet = layout;
  }
  const sharpModule = (await import('sharp')) as unknown as { default?: Sharp };
  const sharp = (sharpModule.default ?? sharpModule) as Sharp;
  const out: ({ value: number; y: number }[] | null)[] = [];
  for (const { grid, spacing } of panels) {
    // The labels end at the frame: the leftmost column line (the rows may reach further left, into
    // labels written against them).
    const frame = labelsEnd(grid);
    const width = Math.round(Math.min(frame - 2, Math.max(40, 2.4 * spacing.step)));
    const left = Math.round(frame - 2 - width);
    const top = Math.max(0, Math.round(grid.top - spacing.step));
    const height = Math.min(picture.height - top, Math.round(grid.bottom - grid.top + 2 * spacing.step));
    if (width < 12 || left < 0 || height < 20) {
      out.push(null);
      continue;
    }
    const scale = spacing.step < 30 ? 2 : 1;
    const png = await sharp(picture.rgb, { raw: { width: picture.width, height: picture.height, channels: 3 } })
      .extract({ left, top, width, height })
      .greyscale()
      .resize(width * scale, height * scale)
      .normalise()
      .png()
      .toBuffer();
    const { data } = await worker.recognize(png, {}, { blocks: true });
    const labels: { value: number; y: number }[] = [];
    for (const block of data.blocks ?? []) {
      for (const para of block.paragraphs) {
        for (const line of para.lines) {
          for (const word of line.words) {
            const text = word.text.replace(/[—–]/g, '-').trim();
            if (!/^-?\d{1,3}$/.test(text) || word.confidence < 40) continue;
            labels.push({ value: Number(text), y: top + (word.bbox.y0 + word.bbox.y1) / 2 / scale });
          }
        }
      }
    }
    out.push(labels);
  }
  return out;
}

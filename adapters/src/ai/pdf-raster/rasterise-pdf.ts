import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type RasteriseResult =
  | { readonly ok: true; readonly pages: Uint8Array[] }
  | { readonly ok: false; readonly missingTool: boolean; readonly reason: string };

/**
 * PNG images of `maxPages` pages from `firstPage` (default 1), rendered by Debian's `pdftoppm` (poppler-utils): no
 * canvas package is installed, and pdfjs alone cannot paint on Node. Works in a temporary folder
 * that is always removed. Never throws for a bad PDF.
 */
export async function rasterisePdf(
  bytes: Uint8Array,
  options: { dpi: number; maxPages: number; timeoutMs: number; binary?: string; firstPage?: number },
): Promise<RasteriseResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'limiar-raster-'));
  try {
    const input = path.join(dir, 'input.pdf');
    await writeFile(input, bytes);
    const first = options.firstPage ?? 1;
    await run(options.binary ?? 'pdftoppm', ['-png', '-r', String(options.dpi), '-f', String(first), '-l', String(first + options.maxPages - 1), input, path.join(dir, 'page')], {
      timeout: options.timeoutMs,
    });
    const files = (await readdir(dir)).filter((f) => /^page-\d+\.png$/.test(f)).sort((a, b) => pageNumber(a) - pageNumber(b));
    if (!files.length) return { ok: false, missingTool: false, reason: 'O PDF não tem páginas que possam ser convertidas em imagem.' };
    return { ok: true, pages: await Promise.all(files.map(async (f) => new Uint8Array(await readFile(path.join(dir, f))))) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { ok: false, missingTool: true, reason: 'pdftoppm (poppler-utils) não está instalado; não é possível converter o PDF em imagem.' };
    }
    return { ok: false, missingTool: false, reason: 'Não foi possível converter o PDF em imagem (arquivo corrompido ou protegido).' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const pageNumber = (file: string) => Number(/(\d+)\.png$/.exec(file)?.[1]);

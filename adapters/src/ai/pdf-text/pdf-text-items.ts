import type { TextCell } from './text-rows';

export type PdfTextResult =
  | { readonly ok: true; readonly pages: TextCell[][] }
  | { readonly ok: false; readonly reason: string };

/**
 * Text items of every page (at most `maxPages`) with their positions, through the pdfjs legacy build
 * (the modern build fails on Node 20, stack.md §12). Never throws for bad input: a corrupted,
 * encrypted or non-PDF file comes back as `{ ok: false, reason }` in pt-BR.
 */
export async function extractPdfText(bytes: Uint8Array, maxPages = 10): Promise<PdfTextResult> {
  // pdfjs takes ownership of (detaches) the buffer it is given and refuses Node Buffers: hand it a plain copy.
  // No standardFontDataUrl on purpose: text extraction needs only the encodings and the built-in
  // metrics of the 14 standard fonts; loading their glyph files tripled the time per file (bench).
  // loaded on the first PDF, not with the server (start-up, issue 16)
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0, stopAtErrors: true });
  try {
    const doc = await task.promise;
    const pages: TextCell[][] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items.flatMap((item) =>
          'str' in item && item.str.trim()
            ? [{ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height || Math.hypot(item.transform[2], item.transform[3]) }]
            : [],
        ),
      );
      page.cleanup();
    }
    return { ok: true, pages };
  } catch (error) {
    return { ok: false, reason: reasonFor(error) };
  } finally {
    await task.destroy();
  }
}

function reasonFor(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return 'PDF protegido por senha; não é possível ler o conteúdo.';
  if (name === 'InvalidPDFException') return 'Arquivo PDF corrompido ou inválido.';
  const message = error instanceof Error ? error.message : String(error);
  return `Não foi possível abrir o PDF (${message}).`;
}

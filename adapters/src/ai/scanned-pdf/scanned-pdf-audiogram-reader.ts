import type { StatedIdentity, AudiogramFile, AudiogramReader, ReadOutcome } from '../../../../core/src';
import type { ChartImageRead } from '../chart-image/chart-image-audiogram-reader';
import { cropToContent } from '../pdf-raster/crop-to-content';
import { rasterisePdf } from '../pdf-raster/rasterise-pdf';
import { statedIdentity } from '../pdf-text/patient-identity';
import { extractPdfText } from '../pdf-text/pdf-text-items';
import { buildRows } from '../pdf-text/text-rows';
import { scanThresholdTables } from '../pdf-text/threshold-tables';

export interface ScannedPdfAudiogramReaderOptions {
  /** Reads one picture (PNG bytes of a rendered page): the chart reader's `readChartImage`. */
  readonly readImage: ChartImageRead;
  /** Resolution pages are rendered at (default 150 dpi: an A4 page is about 1240 × 1750 px). */
  readonly dpi?: number;
  /** Pages rendered and read, from the first (default 3). */
  readonly maxPages?: number;
  /** Time allowed to pdftoppm (default 30 s). */
  readonly timeoutMs?: number;
  readonly pdftoppm?: string;
}

/**
 * Reads a PDF without a usable text layer (a scan, or a report whose chart is a picture): renders up
 * to `maxPages` pages with pdftoppm, one at a time, each cut to its printed content, and returns the
 * first page the chart reader reads. A PDF whose
 * text layer has a threshold table is the text reader's (`not_applicable` here). The patient the
 * text layer names, if any, goes into the reading's `identity`.
 */
export class ScannedPdfAudiogramReader implements AudiogramReader {
  readonly name = 'scanned-pdf';

  constructor(private readonly options: ScannedPdfAudiogramReaderOptions) {}

  async read(file: AudiogramFile): Promise<ReadOutcome> {
    if (file.mediaType !== 'application/pdf') return { status: 'not_applicable', reason: 'O arquivo não é PDF; a leitura de PDF digitalizado não se aplica.' };
    const { dpi = 150, maxPages = 3, timeoutMs = 30_000 } = this.options;
    const text = await extractPdfText(file.bytes, maxPages);
    if (!text.ok) return { status: 'failed', reason: text.reason };
    const pageRows = text.pages.map(buildRows);
    if (pageRows.some((rows) => scanThresholdTables(rows).candidates.length)) {
      return { status: 'not_applicable', reason: 'O PDF tem tabela de limiares na camada de texto; a leitura da imagem das páginas não se aplica.' };
    }
    // One page at a time: a chart on page 1 costs one rendering, not maxPages.
    const reasons: string[] = [];
    for (let n = 1; n <= text.pages.length; n++) {
      const raster = await rasterisePdf(file.bytes, { dpi, maxPages: 1, firstPage: n, timeoutMs, binary: this.options.pdftoppm });
      if (!raster.ok) return { status: raster.missingTool ? 'unavailable' : 'failed', reason: raster.reason };
      const outcome = await this.options.readImage(await cropToContent(raster.pages[0]));
      if (outcome.status === 'read') {
        const identity: StatedIdentity | undefined = outcome.reading.identity ?? pageRows.map(statedIdentity).find(Boolean);
        const where = `Lido da imagem da página ${n} do PDF (renderizada a ${dpi} dpi).`;
        // positions are on the page's (cropped) rendering: `page` says so, and the review shows no picture for it
        const positions = outcome.reading.positions ? { positions: { ...outcome.reading.positions, page: n - 1 } } : {};
        return { status: 'read', reading: { ...outcome.reading, ...positions, observations: [where, ...outcome.reading.observations], ...(identity ? { identity } : {}) } };
      }
      reasons.push(`página ${n}: ${outcome.reason}`);
    }
    return { status: 'not_applicable', reason: `Nenhuma página do PDF pôde ser lida como gráfico de audiograma (${reasons.join('; ')}).` };
  }
}

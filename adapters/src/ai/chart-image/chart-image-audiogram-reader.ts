import type { AudiogramFile, AudiogramReader, ReadOutcome } from '../../../../core/src';

/** Reads one picture's bytes: `readChartImage` (the chart-reader thread) in the product. */
export type ChartImageRead = (bytes: Uint8Array) => Promise<ReadOutcome>;

/**
 * Deterministic chart reader for PNG/JPEG uploads (issue 17): finds the chart grid, calibrates the
 * frequency and dB HL axes, detects the standard symbols and snaps them to the 5 dB grid. PDFs are not
 * its business (the scanned-PDF path rasterises pages and calls `readChartImage` itself).
 */
export class ChartImageAudiogramReader implements AudiogramReader {
  readonly name = 'chart-image';

  constructor(private readonly readImage: ChartImageRead) {}

  async read(file: AudiogramFile): Promise<ReadOutcome> {
    if (file.mediaType === 'application/pdf') {
      return { status: 'not_applicable', reason: 'O arquivo é PDF; a leitura de imagem do gráfico se aplica só a PNG e JPEG.' };
    }
    return this.readImage(file.bytes);
  }
}

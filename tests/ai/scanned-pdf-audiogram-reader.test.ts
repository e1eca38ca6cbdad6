import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import { ScannedPdfAudiogramReader } from '../../adapters/src/ai/scanned-pdf/scanned-pdf-audiogram-reader';
import type { ChartImageRead } from '../../adapters/src/ai/chart-image/chart-image-audiogram-reader';
import { buildAudiogramReading, type ReadingCandidate } from '../../core/src/audiogram/reading';
import type { ReadOutcome } from '../../core/src/ports/audiogram-reader';
import { ReadAudiogram } from '../../core/src/use-cases/exams/read-audiogram';
import { renderChartSvg } from '../fixtures/audiogram-generator/chart-svg';
import { diffAgainstTruth } from '../fixtures/audiogram-generator/ground-truth';
import { renderLayout } from '../fixtures/audiogram-generator/pdf-layouts';
import { writeEncryptedPdf, writePdf, type PdfImage, type PdfText } from '../fixtures/audiogram-generator/pdf-writer';
import { prng } from '../fixtures/audiogram-generator/prng';
import { thresholdSets } from '../fixtures/audiogram-generator/threshold-sets';

const [set] = thresholdSets(1, 31);
const DPI = 100;
const asPdf = (bytes: Uint8Array) => ({ bytes, mediaType: 'application/pdf' as const, fileName: 'digitalizado.pdf' });

/** The generated chart picture as a scanner would store it (a JPEG), and a thumbnail of what it shows (white border cut). */
async function chartJpeg(): Promise<{ image: PdfImage; grey: Buffer; content: { width: number; height: number } }> {
  const { svg } = renderChartSvg(set, 'classic');
  const png = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
  const { data, info } = await sharp(png).jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true });
  const content = await sharp(png).trim({ threshold: 20 }).png().toBuffer({ resolveWithObject: true });
  return { image: { jpeg: new Uint8Array(data), width: info.width, height: info.height }, grey: await greyThumbnail(content.data), content: content.info };
}
/** Pearson correlation of two equally sized grey images (0 when either is blank). */
function correlation(a: Buffer, b: Buffer): number {
  const mean = (x: Buffer) => x.reduce((s, v) => s + v, 0) / x.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  for (let i = 0; i < a.length; i++) [ab, aa, bb] = [ab + (a[i] - ma) * (b[i] - mb), aa + (a[i] - ma) ** 2, bb + (b[i] - mb) ** 2];
  return aa && bb ? ab / Math.sqrt(aa * bb) : 0;
}
const greyThumbnail = (bytes: Uint8Array | Buffer) => sharp(bytes).greyscale().resize(160, 120, { fit: 'fill' }).raw().toBuffer();

/**
 * Stands in for the chart reader at this seam (issue 17 allows it): it "reads" a picture only when it
 * is the embedded chart (the rendered, cropped page correlates with the original picture), and then
 * returns the ground truth; any other page is not an audiogram.
 */
function chartOnPage(picture: { image: PdfImage; grey: Buffer }, seen: { width: number; height: number }[]): ChartImageRead {
  return async (page): Promise<ReadOutcome> => {
    const meta = await sharp(page).metadata();
    seen.push({ width: meta.width!, height: meta.height! });
    if (correlation(await greyThumbnail(page), picture.grey) < 0.8) return { status: 'not_applicable', reason: 'Nenhuma grade de audiograma reconhecida na imagem.' };
    const candidates: ReadingCandidate[] = (['right', 'left'] as const).flatMap((ear) => Object.entries(set[ear].air).flatMap(([hz, t]) =>
      typeof t === 'number' ? [{ ear, conduction: 'air' as const, frequencyHz: Number(hz), value: t, noResponse: false, confidence: 'high' as const }] : []));
    const reading = buildAudiogramReading(candidates, 'chart-image');
    return reading.ok ? { status: 'read', reading: reading.value } : { status: 'failed', reason: reading.error.message };
  };
}
const cover: PdfText[] = [{ x: 40, y: 800, size: 14, text: 'Clínica Audição — Audiometria' }, { x: 40, y: 780, size: 9, text: 'Paciente: Ana Paula Souza Lima' }];

describe('ScannedPdfAudiogramReader: pages rendered by pdftoppm, read by the chart reader', () => {
  it('returns the first page the chart reader reads, saying which, with the patient the text layer names', async () => {
    const picture = await chartJpeg();
    const seen: { width: number; height: number }[] = [];
    const reader = new ScannedPdfAudiogramReader({ readImage: chartOnPage(picture, seen), dpi: DPI });
    const outcome = await reader.read(asPdf(writePdf([{ texts: cover }, { texts: [], image: picture.image }])));
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(diffAgainstTruth({ right: { air: set.right.air }, left: { air: set.left.air } }, outcome.reading).filter((d) => !d.includes('NR'))).toEqual([]);
    expect(outcome.reading.observations[0]).toBe('Lido da imagem da página 2 do PDF (renderizada a 100 dpi).');
    expect(outcome.reading.identity).toEqual({ name: 'Ana Paula Souza Lima' });
    // Both pages rendered at 100 dpi and cut to their content: the chart's printed part, as large as the PDF printed it.
    const scale = Math.min(535 / picture.image.width, 782 / picture.image.height) * (DPI / 72);
    expect(seen).toHaveLength(2);
    expect(Math.abs(seen[1].width - picture.content.width * scale)).toBeLessThan(4);
    expect(Math.abs(seen[1].height - picture.content.height * scale)).toBeLessThan(4);
  });

  it('renders the pages one at a time and stops at the first one read', async () => {
    const picture = await chartJpeg();
    const seen: { width: number; height: number }[] = [];
    const reader = new ScannedPdfAudiogramReader({ readImage: chartOnPage(picture, seen), dpi: DPI });
    const outcome = await reader.read(asPdf(writePdf([{ texts: [], image: picture.image }, { texts: cover }, { texts: cover }])));
    expect(outcome.status === 'read' && outcome.reading.observations[0]).toBe('Lido da imagem da página 1 do PDF (renderizada a 100 dpi).');
    expect(seen).toHaveLength(1);
  });

  it('comes after the text and image readers in the chain and reads a scan they leave', async () => {
    const picture = await chartJpeg();
    const chain = new ReadAudiogram([new PdfTextAudiogramReader(), new ScannedPdfAudiogramReader({ readImage: chartOnPage(picture, []), dpi: DPI })]);
    const result = await chain.execute(asPdf(writePdf([{ texts: [], image: picture.image }])));
    expect(result.attempts).toEqual([
      { reader: 'pdf-text', status: 'not_applicable', reason: 'PDF sem camada de texto (provavelmente digitalizado); a leitura por texto não se aplica.' },
      { reader: 'scanned-pdf', status: 'read' },
    ]);
  });

  it('leaves a PDF whose text layer has a threshold table to the text reader, without rendering it', async () => {
    const seen: { width: number; height: number }[] = [];
    const reader = new ScannedPdfAudiogramReader({ readImage: chartOnPage(await chartJpeg(), seen), dpi: DPI });
    const outcome = await reader.read(asPdf(writePdf([renderLayout('E', set, prng(3))])));
    expect(outcome).toEqual({ status: 'not_applicable', reason: 'O PDF tem tabela de limiares na camada de texto; a leitura da imagem das páginas não se aplica.' });
    expect(seen).toEqual([]);
  });

  it('says in pt-BR, page by page, why nothing was read; renders at most maxPages', async () => {
    const seen: { width: number; height: number }[] = [];
    const reader = new ScannedPdfAudiogramReader({ readImage: chartOnPage(await chartJpeg(), seen), dpi: DPI, maxPages: 2 });
    const outcome = await reader.read(asPdf(writePdf([{ texts: cover }, { texts: cover }, { texts: cover }])));
    expect(outcome).toEqual({
      status: 'not_applicable',
      reason: 'Nenhuma página do PDF pôde ser lida como gráfico de audiograma (página 1: Nenhuma grade de audiograma reconhecida na imagem.; página 2: Nenhuma grade de audiograma reconhecida na imagem.).',
    });
    expect(seen).toHaveLength(2);
  });

  it.each([
    ['an image', { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), mediaType: 'image/png' as const, fileName: 'a.png' }, { status: 'not_applicable', reason: 'O arquivo não é PDF; a leitura de PDF digitalizado não se aplica.' }],
    ['a password-protected PDF', asPdf(writeEncryptedPdf()), { status: 'failed', reason: 'PDF protegido por senha; não é possível ler o conteúdo.' }],
  ])('%s is refused before rendering', async (_, file, expected) => {
    const reader = new ScannedPdfAudiogramReader({ readImage: () => Promise.reject(new Error('not called')) });
    expect(await reader.read(file)).toEqual(expected);
  });

  it('is unavailable when pdftoppm is not installed', async () => {
    const reader = new ScannedPdfAudiogramReader({ readImage: () => Promise.reject(new Error('not called')), pdftoppm: '/nonexistent/pdftoppm' });
    const outcome = await reader.read(asPdf(writePdf([{ texts: [], image: (await chartJpeg()).image }])));
    expect(outcome).toEqual({ status: 'unavailable', reason: 'pdftoppm (poppler-utils) não está instalado; não é possível converter o PDF em imagem.' });
  });
});

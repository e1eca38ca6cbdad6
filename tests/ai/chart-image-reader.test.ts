import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ChartImageAudiogramReader, readChartImage, stopChartImageReader } from '../../adapters/src/ai/chart-image';
import { stopAxisLabelReader } from '../../adapters/src/ai/chart-image/axis-labels';
import { readChartPicture } from '../../adapters/src/ai/chart-image/chart-reading';
import { noResponse } from '../../core/src/rules/index';
import { diffAgainstTruth } from '../fixtures/audiogram-generator';
import { renderStyledChartSvg, type ChartSpec } from '../fixtures/audiogram-generator/chart-styles';
import { prng } from '../fixtures/audiogram-generator/prng';

afterAll(() => Promise.all([stopAxisLabelReader(), stopChartImageReader()]));

const set = {
  origin: 'test',
  right: { air: { 250: 15, 500: 20, 1000: 25, 2000: 35, 3000: 50, 4000: 60, 6000: 55, 8000: 40 } },
  left: { air: { 250: 5, 500: 10, 1000: 10, 2000: 15, 3000: 30, 4000: 45, 6000: 40, 8000: 25 } },
};

const base: ChartSpec = {
  name: 'test', layout: 'combined', portrait: false, colour: true, red: '#d0021b', blue: '#1f4fd1', symbolSize: 7,
  strokeWidth: 1.8, lineWidth: 1.4, gridColour: '#9a9a9a', gridWidth: 1, font: 'DejaVu Sans', dbDirection: 'down',
  from125: false, halfOctaves: '3k6k', khzLabels: false, fiveDbLines: false, maskedShare: 0, boneOffset: true,
  connectLines: true, legend: false, table: false, background: '#ffffff',
};

async function png(spec: ChartSpec, thresholds: typeof set = set): Promise<Uint8Array> {
  const { svg } = renderStyledChartSvg(thresholds, spec, prng(1));
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

describe('ChartImageAudiogramReader on generated charts', () => {
  it.each([
    ['one combined colour chart', base],
    ['two colour panels, 125–8000 Hz, kHz labels, legend beside', { ...base, layout: 'panels', from125: true, khzLabels: true, legend: true } as ChartSpec],
  ])('reads %s exactly, calibrated from the grid', async (_, spec) => {
    const outcome = await readChartPicture(await png(spec), { ocr: false });
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(diffAgainstTruth(set, outcome.reading)).toEqual([]);
    expect(outcome.reading.source).toBe('chart-image');
    expect(outcome.reading.observations[0]).toContain('espaçamento da grade');
  });

  it('reads a black-and-white chart where both ears share levels (an X drawn over an O)', async () => {
    const shared = {
      ...set,
      left: { air: { ...set.left.air, 500: 20, 2000: 35, 8000: 40 } },
    };
    const outcome = await readChartPicture(await png({ ...base, colour: false, red: '#111111', blue: '#111111', symbolSize: 8 }, shared), { ocr: false });
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(diffAgainstTruth(shared, outcome.reading)).toEqual([]);
  });

  it('does not read the half-octave labels under the frame as symbols at 120 dB (black and white)', async () => {
    const outcome = await readChartPicture(await png({ ...base, colour: false, red: '#111111', blue: '#111111', symbolSize: 9, halfOctaves: 'all', gridColour: '#c8c8c8' }), { ocr: false });
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect([outcome.reading.right.air[3000], outcome.reading.right.air[6000], outcome.reading.left.air[3000], outcome.reading.left.air[6000]]).toEqual([50, 55, 30, 40]);
  });

  it('reads a no-response arrow as NR at the drawn level', async () => {
    const withNr = { ...set, right: { air: { ...set.right.air, 8000: noResponse(110) } } } as unknown as typeof set;
    const outcome = await readChartPicture(await png(base, withNr), { ocr: false });
    expect(outcome.status).toBe('read');
    if (outcome.status === 'read') expect(outcome.reading.right.air[8000]).toEqual(noResponse(110));
  });

  it('reads the dB labels with OCR when the axis runs upwards (120 at the top)', async () => {
    const outcome = await readChartPicture(await png({ ...base, dbDirection: 'up' }));
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(outcome.reading.observations[0]).toContain('OCR');
    expect(diffAgainstTruth(set, outcome.reading)).toEqual([]);
  }, 20_000);
});

describe('what the chart reader does not read', () => {
  // as the composition root builds it: pictures are read in the chart-reader thread
  const reader = new ChartImageAudiogramReader(readChartImage);
  it('a PDF is not applicable (the scanned-PDF path rasterises it first)', async () => {
    const outcome = await reader.read({ bytes: new TextEncoder().encode('%PDF-1.4'), mediaType: 'application/pdf', fileName: 'a.pdf' });
    expect(outcome.status).toBe('not_applicable');
  });

  it('a picture without a chart grid is not applicable, with a pt-BR reason', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="100%" height="100%" fill="#fff"/><text x="40" y="200" font-size="40" font-family="DejaVu Sans">Recibo de consulta</text></svg>';
    const bytes = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(await reader.read({ bytes, mediaType: 'image/png', fileName: 'recibo.png' })).toEqual({
      status: 'not_applicable', reason: 'Nenhuma grade de audiograma reconhecida na imagem (eixos de frequência e dB não calibrados).',
    });
  });

  it('a picture too small to hold a chart is not applicable at once', async () => {
    const bytes = new Uint8Array(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer());
    expect(await reader.read({ bytes, mediaType: 'image/png', fileName: 'foto.png' })).toEqual({
      status: 'not_applicable', reason: 'Imagem pequena demais para conter um gráfico de audiograma legível.',
    });
  });

  it('bytes that are not an image fail without throwing', async () => {
    const outcome = await reader.read({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]), mediaType: 'image/jpeg', fileName: 'x.jpg' });
    expect(outcome.status).toBe('failed');
  });
});

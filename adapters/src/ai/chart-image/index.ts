import type { ReadOutcome } from '../../../../core/src';

export { ChartImageAudiogramReader } from './chart-image-audiogram-reader';

/**
 * Reads an audiogram chart picture (PNG or JPEG bytes; a rasterised PDF page is fine) without any
 * model: grid, axis calibration, symbol detection. The image-processing modules (and sharp,
 * tesseract.js) are loaded on the first call, so importing this module costs nothing at start-up.
 */
export async function readChartImage(bytes: Uint8Array): Promise<ReadOutcome> {
  const { readChartPicture } = await import('./read-chart-picture');
  return readChartPicture(bytes);
}

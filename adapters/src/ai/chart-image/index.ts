import type { ReadOutcome } from '../../../../core/src';
import { ChartReaderThread } from './reader-thread';

export { ChartImageAudiogramReader } from './chart-image-audiogram-reader';
export { ChartReaderThread } from './reader-thread';

let shared: ChartReaderThread | undefined;

/**
 * Reads an audiogram chart picture (PNG or JPEG bytes; a rasterised PDF page is fine) without any
 * model: grid, axis calibration, symbol detection. It runs in the process's one chart-reader thread
 * (ADR 0031), started on the first call, so importing this module costs nothing at start-up.
 */
export function readChartImage(bytes: Uint8Array): Promise<ReadOutcome> {
  shared ??= new ChartReaderThread();
  return shared.read(bytes);
}

/** Ends the process's chart-reader thread, if one runs (tests and the bench, so the process can exit at once). */
export async function stopChartImageReader(): Promise<void> {
  await shared?.stop();
}

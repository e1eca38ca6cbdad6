import { expect } from 'vitest';
import { readChartPicture } from '../../adapters/src/ai/chart-image/chart-reading';
import type { ReadOutcome } from '../../core/src';

/** The chart reader's reading of a picture, which must be read (the test fails there otherwise). */
export async function chartReading(bytes: Uint8Array): Promise<Extract<ReadOutcome, { status: 'read' }>['reading']> {
  const outcome = await readChartPicture(bytes);
  expect(outcome.status).toBe('read');
  if (outcome.status !== 'read') throw new Error(`${outcome.status}: ${outcome.reason}`);
  return outcome.reading;
}

import { buildAudiogramReading, type ReadOutcome } from '../../../../core/src';
import { parseReadingCandidates } from '../reading-candidates';
import type { ChartCandidates, ChartReadOptions } from './read-chart-picture';

export const CHART_READER_NAME = 'chart-image';

/**
 * The reading policy over what the pixels said (`readChartCandidates`): the candidates validated at the
 * edge and given the same `buildAudiogramReading` policy as every reader; the pipeline's notes first.
 * Runs in the caller's thread: the chart-reader thread sends candidates, not readings.
 */
export function readingOfCandidates(found: ChartCandidates | ReadOutcome): ReadOutcome {
  if (found.status !== 'candidates') return found;
  const parsed = parseReadingCandidates([...found.candidates]);
  if (!parsed.ok) return { status: 'failed', reason: parsed.reason };
  const reading = buildAudiogramReading(parsed.value, CHART_READER_NAME);
  if (!reading.ok) return { status: 'not_applicable', reason: `Leitura do gráfico incompleta: ${reading.error.message}` };
  return { status: 'read', reading: { ...reading.value, observations: [...found.notes, ...reading.value.observations] } };
}

/**
 * The whole reader in the caller's thread: pixels, then the policy (tests, the bench's tools). The
 * product reads through the chart-reader thread (`readChartImage`); the pixel modules load on the first call.
 */
export async function readChartPicture(bytes: Uint8Array, options: ChartReadOptions = {}): Promise<ReadOutcome> {
  const { readChartCandidates } = await import('./read-chart-picture');
  return readingOfCandidates(await readChartCandidates(bytes, options));
}

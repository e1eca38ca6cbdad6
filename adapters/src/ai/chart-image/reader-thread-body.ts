import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';
import type { ReadOutcome } from '../../../../core/src';
import { readChartCandidates, type ChartCandidates } from './read-chart-picture';

/** A request from `reader-thread.ts`: one picture's bytes. */
export interface ThreadRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
}

/** The answer: what the pixels said (the caller applies the reading policy), or the message of an error the pipeline threw. */
export type ThreadAnswer = { readonly id: number; readonly found: ChartCandidates | ReadOutcome } | { readonly id: number; readonly error: string };

// A picture's masks and channels are typed arrays outside the V8 heap, which V8 collects late: left to it,
// one picture's arrays were often still held while the next was read, and the peak varied by 40 MB from run
// to run. A full collection once the answer is sent frees them (about 40 ms of this
// thread's time a picture, ADR 0031).
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

parentPort?.on('message', (request: ThreadRequest) => {
  readChartCandidates(request.bytes).then(
    (found) => parentPort?.postMessage({ id: request.id, found } satisfies ThreadAnswer),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies ThreadAnswer),
  ).finally(collect);
});

import { Worker } from 'node:worker_threads';
import type { ReadOutcome } from '../../../../core/src';
import { readingOfCandidates } from './chart-reading';
import type { ThreadAnswer, ThreadRequest } from './reader-thread-body';

export interface ChartReaderThreadOptions {
  /** Time one picture may take (default 60 s): past it the thread is ended and that read fails. */
  readonly timeoutMs?: number;
  /** The thread ends after this long without a picture (default 5 min), giving its memory back; the next picture starts another. */
  readonly idleMs?: number;
  /**
   * The thread's V8 young generation (default 12 MB). Node's default lets it grow to 48 MB, which the
   * reader's short-lived arrays fill between collections: a whole process limited the same way
   * (`--max-semi-space-size=4`) peaked ~40 MB lower over the bench's 300 pictures for ~4 % more time (ADR 0031).
   */
  readonly youngGenerationMb?: number;
  /** The thread's V8 old generation (default 256 MB): a picture that needs more ends the thread and fails, not the process. */
  readonly oldGenerationMb?: number;
}

const ENTRY = new URL('./reader-thread-entry.mjs', import.meta.url);

const failed = (reason: string): ReadOutcome => ({ status: 'failed', reason });

interface Pending {
  readonly id: number;
  readonly resolve: (outcome: ReadOutcome) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * The chart reader in a worker thread of its own (ADR 0031): its image processing (hundreds of ms of
 * JavaScript per picture) no longer blocks the API's event loop; its heap is bounded (a picture that
 * would exhaust it fails alone, the process lives); its memory is given back when it has been idle.
 * Pictures are read one at a time, in the order asked. Started on the first picture; while idle it
 * does not keep the process alive.
 */
export class ChartReaderThread {
  private worker: Worker | undefined;
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 1;

  constructor(private readonly options: ChartReaderThreadOptions = {}) {}

  /** True while the thread runs (from the first picture until it is stopped, idle, or broken). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /**
   * Reads one picture (PNG or JPEG bytes) in the thread, within `timeoutMs` from the moment its turn
   * comes (the options' by default). Never rejects: a broken thread is a `failed` outcome.
   */
  read(bytes: Uint8Array, timeoutMs = this.options.timeoutMs ?? 60_000): Promise<ReadOutcome> {
    const run = this.queue.then(() => this.readNow(bytes, timeoutMs));
    this.queue = run;
    return run;
  }

  /** Ends the thread (and the OCR worker inside it); a later read starts a new one. */
  async stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private readNow(bytes: Uint8Array, timeoutMs: number): Promise<ReadOutcome> {
    clearTimeout(this.idleTimer);
    let worker: Worker;
    try {
      worker = this.worker ??= this.start();
    } catch (error) {
      return Promise.resolve(failed(`Não foi possível iniciar o leitor de gráfico: ${error instanceof Error ? error.message : String(error)}`));
    }
    worker.ref();
    return new Promise<ReadOutcome>((resolve) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.settle(failed(`A leitura do gráfico passou de ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`} e foi interrompida.`));
        if (this.worker === worker) void this.stop();
      }, timeoutMs);
      this.pending = { id, resolve, timer };
      worker.postMessage({ id, bytes } satisfies ThreadRequest);
    });
  }

  private start(): Worker {
    const { youngGenerationMb = 12, oldGenerationMb = 256 } = this.options;
    const worker = new Worker(ENTRY, { resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb, maxOldGenerationSizeMb: oldGenerationMb } });
    worker.on('message', (answer: ThreadAnswer) => {
      if (answer.id !== this.pending?.id) return;
      this.settle('found' in answer ? readingOfCandidates(answer.found) : failed(`Erro interno na leitura do gráfico: ${answer.error}`));
    });
    // Only the current thread's end settles a read: a thread ended on a timeout still reports its exit later.
    worker.on('error', (error: Error & { code?: string }) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.settle(failed(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? 'A leitura do gráfico foi interrompida: a imagem exigiu mais memória do que o leitor dispõe.'
        : `Erro interno na leitura do gráfico: ${error.message}`));
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.settle(failed('O leitor de gráfico terminou antes de concluir a leitura.'));
    });
    return worker;
  }

  private settle(outcome: ReadOutcome): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.resolve(outcome);
    this.worker?.unref();
    const { idleMs = 5 * 60_000 } = this.options;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.stop(), idleMs).unref();
  }
}

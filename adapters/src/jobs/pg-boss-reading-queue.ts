import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AudiogramReadingQueue } from '../../../core/src';
import { withAdvisoryLock } from '../persistence/advisory-locks';

export const READING_QUEUE = 'read-audiogram';

interface ReadingJob {
  organizationId: string;
  examId: string;
  fileId: string;
  /** A second opinion on a picture the fast readers already read (issue 17 item 4). */
  purpose?: 'second-opinion';
}

/**
 * Slow audiogram readings (a local vision model) as pg-boss jobs in the same PostgreSQL
 * (product decision 8). Started only when a slow reader is configured (OLLAMA_HOST).
 */
export class PgBossReadingQueue implements AudiogramReadingQueue {
  readonly enabled = true;
  private constructor(private readonly boss: PgBoss, private readonly probe: () => Promise<boolean>) {}

  static async start(connectionString: string, probe: () => Promise<boolean>, logger: Logger): Promise<PgBossReadingQueue> {
    const boss = new PgBoss({ connectionString, max: 3 });
    boss.on('error', (error) => logger.error({ err: error }, 'pg-boss'));
    // pg-boss 10's create_queue is not locked: processes starting together (several `limiar serve`, a
    // `limiar worker`) deadlock creating the queue's partition; they take turns (ADR 0023)
    await withAdvisoryLock(connectionString, 'readingQueueSetup', async () => {
      await boss.start();
      await boss.createQueue(READING_QUEUE);
    });
    return new PgBossReadingQueue(boss, probe);
  }

  available() {
    return this.probe();
  }

  async enqueue(job: ReadingJob) {
    await this.boss.send(READING_QUEUE, job, { retryLimit: 1, retryDelay: 5, expireInSeconds: 15 * 60 });
  }

  /** Runs readings one at a time (a vision model saturates the machine) until stopped. */
  async work(handle: (job: ReadingJob) => Promise<unknown>) {
    await this.boss.work<ReadingJob>(READING_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      await handle(job.data);
    });
  }

  stop() {
    return this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}

/** No slow reader configured: nothing is queued, the upload reports failure at once. */
export const disabledReadingQueue: AudiogramReadingQueue = {
  enabled: false,
  available: async () => false,
  enqueue: async () => {
    throw new Error('Fila de leitura desativada');
  },
};

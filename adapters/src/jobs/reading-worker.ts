import type { Logger } from 'pino';
import type { ReadAudiogram, UploadExamFile } from '../../../core/src';
import { PgBossReadingQueue } from './pg-boss-reading-queue';

/** Is the local Ollama answering right now? (GET /api/tags, short timeout) */
export function ollamaProbe(host: string, timeoutMs = 800): () => Promise<boolean> {
  return async () => {
    try {
      const res = await fetch(new URL('/api/tags', host), { signal: AbortSignal.timeout(timeoutMs) });
      return res.ok;
    } catch {
      return false;
    }
  };
}

/** What a reading worker runs: the upload use case and the slow readers (injected by the composition root). */
export interface ReadingWork {
  upload: UploadExamFile;
  readers: ReadAudiogram;
}

/**
 * Starts the pg-boss queue of slow readings when a slow reader is configured (OLLAMA_HOST);
 * `work` attaches a worker (in `limiar serve` by default, or in `limiar worker`).
 */
export async function startReadingQueue(settings: { ollamaHost?: string }, databaseUrl: string, logger: Logger) {
  if (!settings.ollamaHost) return undefined;
  const queue = await PgBossReadingQueue.start(databaseUrl, ollamaProbe(settings.ollamaHost), logger);
  return {
    queue,
    async work({ upload, readers }: ReadingWork) {
      await queue.work(async (job) => {
        const outcome = await upload.completeSlowReading(job.organizationId, job.examId, job.fileId, readers, job.purpose);
        logger.info({ examId: job.examId, fileId: job.fileId, purpose: job.purpose, outcome }, 'leitura de audiograma concluída');
      });
    },
  };
}

import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { ReadAudiogram, UploadExamFile } from '../../../core/src';
import type { AppConfig } from '../composition/config';
import { TOKENS } from '../composition/tokens';
import type { Database } from '../persistence/database';
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

/**
 * Starts the pg-boss queue of slow readings when a slow reader is configured (OLLAMA_HOST);
 * `work` attaches a worker (in `limiar serve` by default, or in `limiar worker`).
 */
export async function startReadingQueue(config: AppConfig, db: Database, logger: Logger) {
  if (!config.ollamaHost) return undefined;
  const queue = await PgBossReadingQueue.start(db.url, ollamaProbe(config.ollamaHost), logger);
  return {
    queue,
    async work(container: Container) {
      const upload = container.get<UploadExamFile>(TOKENS.UploadExamFile);
      const readers = container.get<ReadAudiogram>(TOKENS.SlowAudiogramReaders);
      await queue.work(async (job) => {
        const outcome = await upload.completeSlowReading(job.organizationId, job.examId, job.fileId, readers);
        logger.info({ examId: job.examId, fileId: job.fileId, outcome }, 'leitura de audiograma concluída');
      });
    },
  };
}

import type { Server } from 'node:http';
import { RequestContext } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Container } from 'inversify';
import type { ReclassifyStaleExams, RefreshProgramme } from '../../../core/src';
import { startReadingQueue, type ReadingWork } from '../jobs/reading-worker';
import { ifAdvisoryLockFree } from '../persistence/advisory-locks';
import { migrate, openDatabase, type Database } from '../persistence/database';
import type { AppConfig } from './config';
import { createContainer } from './container';
import { checkFileStorage, closeFileStorage } from './file-storage';
import { createHttpApp } from './http-app';
import { createLogger } from './logger';
import { TOKENS } from './tokens';
import { closeAuditTrail } from './audit-services';

/** Idle keep-alive socket lifetime; `headersTimeout` must be above it (Node closes on the lower). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningServer {
  url: string;
  db: Database;
  logger: Logger;
  close(): Promise<void>;
}

/** What the reading worker runs, resolved from the container. */
export function readingWork(container: Container): ReadingWork {
  return { upload: container.get(TOKENS.UploadExamFile), readers: container.get(TOKENS.SlowAudiogramReaders) };
}

/** How `limiar serve --workers N` runs a worker of its cluster (ADR 0023). */
export interface ServerOptions {
  /** False when the cluster's primary applied the migrations already. */
  migrate?: boolean;
  /** Sent as `X-Limiar-Instance` on every response: which process of a cluster answered. */
  instance?: string;
}

/** Opens (or starts) the database, applies migrations, and listens. Used by `limiar serve` and tests. */
export async function startServer(config: AppConfig, logger: Logger = createLogger(config), options: ServerOptions = {}): Promise<RunningServer> {
  const db = await openDatabase(config, (m) => logger.info(m));
  let server: Server | undefined;
  let readingQueue: Awaited<ReturnType<typeof startReadingQueue>>;
  let container!: ReturnType<typeof createContainer>;
  let renderer: { close?: () => Promise<void>; currentBrowser?: () => Promise<unknown> } | undefined;
  try {
    const applied = options.migrate === false ? [] : await migrate(db);
    if (applied.length) logger.info({ applied }, 'migrações aplicadas');
    readingQueue = await startReadingQueue(config, db.url, logger);
    container = createContainer(config, db, logger, { readingQueue: readingQueue?.queue });
    // an unusable bucket (LIMIAR_S3_URL) stops the start with a pt-BR message (ADR 0022)
    await checkFileStorage(container);
    if (readingQueue && config.inProcessWorker) await readingQueue.work(readingWork(container));
    const app = createHttpApp(container);
    renderer = container.get<{ close?: () => Promise<void>; currentBrowser?: () => Promise<unknown> }>(TOKENS.ReportRenderer);
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(config.port, config.host, () => resolve(s));
      // idle keep-alive sockets outlive the clients' (undici 4 s, browsers and proxies ≤ 60 s): a client
      // then never sends a request on a socket the server is closing ("other side closed")
      s.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      s.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
      answerOversizedRequests(s);
      if (options.instance) s.prependListener('request', (_req, res) => res.setHeader('X-Limiar-Instance', options.instance!));
      s.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE'
          ? new Error(`A porta ${config.port} já está em uso (outro Limiar em execução?). Escolha outra com PORT=…`)
          : error));
    });
  } catch (error) {
    await readingQueue?.queue.stop();
    if (container) await closeFileStorage(container);
    await db.close();
    throw error;
  }
  // exams classified by an older rules version are recomputed in the background (ReclassifyStaleExams)
  const stopReclassifying = { aborted: false };
  const reclassifying = (async () => {
    try {
      const reclassify = container.get<ReclassifyStaleExams>(TOKENS.ReclassifyStaleExams);
      // once per deployment: another process of the same database doing it already is left to it (ADR 0023)
      const done = await ifAdvisoryLockFree(db.url, 'reclassifyStaleExams', () => RequestContext.create(db.orm.em, () => reclassify.execute({ signal: stopReclassifying })));
      const workers = done.ran ? done.value : 0;
      if (workers) logger.info({ workers }, 'classificações recalculadas para a versão atual das regras');
    } catch (e) {
      logger.error({ err: e }, 'falha ao recalcular classificações de versões anteriores das regras');
    }
  })();
  const stopRefreshingProgramme = refreshProgrammeInBackground(container, db, logger, config.programmeRefreshSeconds);
  // launch Chromium in the background once serving, so the first laudo PDF does not pay for it
  if (config.env !== 'test') void (renderer as { currentBrowser?: () => Promise<unknown> })?.currentBrowser?.().catch((e) => logger.warn({ err: e }, 'Chromium indisponível para PDFs'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    db,
    logger,
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server!.close(() => resolve());
          server!.closeIdleConnections();
          setTimeout(() => server!.closeAllConnections(), 2_000).unref();
        });
        stopReclassifying.aborted = true;
        await reclassifying;
        await stopRefreshingProgramme();
        await readingQueue?.queue.stop();
        await renderer?.close?.();
        await closeAuditTrail(container); // the buffered audit entries of the last requests
        await closeFileStorage(container);
        await db.close();
      })()),
  };
}

/**
 * The programme dashboard's projection refreshed in the background (ADR 0018): once at start (the migration
 * marks every worker) and every `seconds` (a `limiar import exams` in another process marks its workers), so
 * the dashboard's own refresh finds little to do. One run at a time; `seconds` 0 turns it off.
 */
function refreshProgrammeInBackground(container: Container, db: Database, logger: Logger, seconds: number): () => Promise<void> {
  if (!seconds) return async () => {};
  const signal = { aborted: false };
  let running: Promise<void> | undefined;
  const run = () => {
    if (running || signal.aborted) return;
    running = (async () => {
      try {
        const refresh = container.get<RefreshProgramme>(TOKENS.RefreshProgramme);
        const started = Date.now();
        // one process of the deployment at a time refreshes; the others skip this round (ADR 0023)
        const attempt = await ifAdvisoryLockFree(db.url, 'programmeRefresh', () => RequestContext.create(db.orm.em, () => refresh.execute(signal)));
        if (!attempt.ran) return;
        const done = attempt.value;
        if (done.refreshed) logger.info({ ...done, ms: Date.now() - started }, 'programa de conservação auditiva: painel atualizado');
      } catch (e) {
        logger.warn({ err: e }, 'falha ao atualizar o painel do programa em segundo plano');
      } finally {
        running = undefined;
      }
    })();
  };
  run();
  const timer = setInterval(run, seconds * 1000);
  timer.unref();
  return async () => {
    signal.aborted = true;
    clearInterval(timer);
    await running;
  };
}

/** `limiar worker`: the queue of slow readings in its own process, until `stop`. Undefined without OLLAMA_HOST. */
export async function startWorker(config: AppConfig): Promise<{ stop(): Promise<void> } | undefined> {
  if (!config.ollamaHost) return undefined;
  const logger = createLogger(config);
  const db = await openDatabase(config, (m) => logger.info(m));
  await migrate(db);
  const queue = (await startReadingQueue(config, db.url, logger))!;
  const container = createContainer(config, db, logger, { readingQueue: queue.queue });
  try {
    await checkFileStorage(container); // the worker reads the uploaded files: same pt-BR start-up check as the server
  } catch (error) {
    await queue.queue.stop();
    await closeFileStorage(container);
    await db.close();
    throw error;
  }
  await queue.work(readingWork(container));
  return {
    async stop() {
      await queue.queue.stop();
      await closeFileStorage(container);
      await db.close();
    },
  };
}

/** pt-BR body of the 431 for a request line or headers past Node's limit (16 KiB). */
export const OVERSIZED_REQUEST_MESSAGE = 'Requisição grande demais: o endereço ou os cabeçalhos passam do limite de 16 KB. Envie os dados no corpo da requisição.';
const MALFORMED_REQUEST_MESSAGE = 'Requisição HTTP malformada.';

/**
 * A request Node cannot parse never reaches Koa; Node would answer a bare 431 or 400 (no body) and close.
 * Answer it as every other error is answered — JSON with the pt-BR message — then close.
 */
function answerOversizedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message, code] = error.code === 'HPE_HEADER_OVERFLOW'
      ? ['431 Request Header Fields Too Large', OVERSIZED_REQUEST_MESSAGE, 'REQUEST.TOO_LARGE']
      : ['400 Bad Request', MALFORMED_REQUEST_MESSAGE, 'REQUEST.MALFORMED'];
    const body = JSON.stringify({ error: message, message, code });
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

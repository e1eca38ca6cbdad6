import cluster, { type Worker } from 'node:cluster';
import { InvalidArgumentError, type Command } from 'commander';

interface ServeOptions {
  port?: string;
  /** `--workers`; else `LIMIAR_WORKERS` (AppConfig.workers). */
  workers?: number;
}

/** Message a cluster worker sends its primary once it listens. */
interface ReadyMessage {
  type: 'limiar:ready';
  url: string;
}

/** A worker that dies sooner than this after it started counts as a failed start (backoff grows). */
const HEALTHY_AFTER_MS = 30_000;
/** Failed starts in a row after which a worker's slot is given up (logged); the others keep serving. */
const MAX_FAILED_STARTS = 5;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** How long the primary waits for its workers to finish their requests on SIGTERM before it kills them. */
const SHUTDOWN_GRACE_MS = 30_000;

const parseWorkers = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('informe um número inteiro de 1 a 64.');
  return n;
};

/**
 * `limiar serve`: database (embedded unless DATABASE_URL), migrations, API + web app. `--workers N` (N > 1)
 * runs N API processes on one port with node:cluster: the primary applies the migrations once, forks the
 * workers, restarts one that dies (with backoff) and passes SIGTERM/SIGINT on for a graceful stop (ADR 0023).
 */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('inicia o banco (embutido, se não houver DATABASE_URL), aplica as migrações e serve a API e o app web')
    .option('-p, --port <porta>', 'porta HTTP (padrão: PORT ou 3000)')
    .option('-w, --workers <n>', 'processos da API nesta máquina, na mesma porta (node:cluster; padrão: LIMIAR_WORKERS ou 1)', parseWorkers)
    .action(async (opts: ServeOptions) => {
      if (cluster.isWorker) return serveAsClusterWorker(opts);
      if ((opts.workers ?? (await loadServeConfig(opts)).workers) > 1) return servePrimary(opts);
      return serveSingleProcess(opts);
    });
}

async function loadServeConfig(opts: ServeOptions) {
  const { loadConfig } = await import('../../../adapters/src/composition/config');
  return loadConfig({ ...process.env, ...(opts.port ? { PORT: opts.port } : {}) });
}

/** One process: today's `limiar serve`. */
async function serveSingleProcess(opts: ServeOptions): Promise<void> {
  // loaded on demand: other commands (e.g. analyze) must not pay for the server's modules
  const { startServer } = await import('../../../adapters/src/composition/server');
  const config = await loadServeConfig(opts);
  const started = performance.now();
  const server = await startServer(config);
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`\nLimiar pronto em ${server.url} (${ms} ms)\n  API: ${server.url}/api/health\n  Ctrl-C para parar.\n\n`);
  stopOnSignals(() => server.close(), (signal) => server.logger.info({ signal }, 'encerrando'));
}

/**
 * Closes the server once on SIGINT, SIGTERM or SIGHUP (the terminal's Ctrl-C reaches every process of the
 * group; the primary of `--workers` also passes SIGTERM on), then exits 0. Returns the stop for other causes.
 */
function stopOnSignals(close: () => Promise<void>, log: (reason: string) => void): (reason: string) => void {
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log(reason);
    await close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  return (reason) => void stop(reason);
}

/** A worker of `serve --workers N`: the API without migrations (the primary applied them), on the shared port. */
async function serveAsClusterWorker(opts: ServeOptions): Promise<void> {
  const { startServer } = await import('../../../adapters/src/composition/server');
  const { createLogger } = await import('../../../adapters/src/composition/logger');
  const config = await loadServeConfig(opts);
  const instance = String(cluster.worker!.id);
  const logger = createLogger(config).child({ worker: cluster.worker!.id });
  const server = await startServer(config, logger, { migrate: false, instance });
  process.send!({ type: 'limiar:ready', url: server.url } satisfies ReadyMessage);
  const stop = stopOnSignals(() => server.close(), (reason) => logger.info({ reason }, 'encerrando'));
  // the primary went away (even by kill -9): no one restarts or stops this process any more
  process.on('disconnect', () => stop('primary gone'));
}

/**
 * The primary of `serve --workers N`: opens the database (starting the embedded server, which the workers
 * attach to), applies the migrations once, forks N workers and keeps N running until it is told to stop.
 */
async function servePrimary(opts: ServeOptions): Promise<void> {
  const { createLogger } = await import('../../../adapters/src/composition/logger');
  const { prepareClusterPrimary } = await import('../../../adapters/src/composition/cluster-primary');
  const config = await loadServeConfig(opts);
  const logger = createLogger(config).child({ role: 'primary' });
  const started = performance.now();
  const db = await prepareClusterPrimary(config, (m) => logger.info(m));
  if (db.applied.length) logger.info({ applied: db.applied }, 'migrações aplicadas');

  interface Slot {
    worker?: Worker;
    startedAt: number;
    failedStarts: number;
    ready: boolean;
    timer?: NodeJS.Timeout;
  }
  const slots: Slot[] = [];
  let stopping = false;
  let announced = false;
  const alive = () => slots.filter((s) => s.worker && !s.worker.isDead()).length;

  const fork = (slot: Slot) => {
    slot.timer = undefined;
    slot.ready = false;
    slot.startedAt = Date.now();
    const worker = cluster.fork();
    slot.worker = worker;
    worker.on('message', (message: ReadyMessage) => {
      if (message?.type !== 'limiar:ready') return;
      slot.ready = true;
      logger.info({ worker: worker.id, pid: worker.process.pid }, 'processo da API pronto');
      if (!announced && slots.every((s) => s.ready)) {
        announced = true;
        const ms = Math.round(performance.now() - started);
        process.stdout.write(`\nLimiar pronto em ${message.url} (${slots.length} processos, ${ms} ms)\n  API: ${message.url}/api/health\n  Ctrl-C para parar.\n\n`);
      }
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      const lived = Date.now() - slot.startedAt;
      slot.failedStarts = lived < HEALTHY_AFTER_MS || !slot.ready ? slot.failedStarts + 1 : 0;
      if (!announced) {
        // a worker that cannot even start (port in use, bad configuration) fails the whole start, as one process would
        logger.error({ worker: worker.id, code, signal }, 'um processo da API não iniciou; encerrando');
        void shutdown('falha ao iniciar', 1);
        return;
      }
      if (slot.failedStarts >= MAX_FAILED_STARTS) {
        logger.error({ worker: worker.id, code, signal, failedStarts: slot.failedStarts }, 'processo da API caiu repetidamente; não será reiniciado');
        if (!alive()) void shutdown('nenhum processo da API em execução', 1);
        return;
      }
      const delay = slot.failedStarts ? Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (slot.failedStarts - 1)) : 0;
      logger.warn({ worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delay }, 'processo da API encerrou; reiniciando');
      slot.timer = setTimeout(() => fork(slot), delay);
    });
  };

  let shuttingDown: Promise<void> | undefined;
  const shutdown = (reason: string, exitCode = 0) =>
    (shuttingDown ??= (async () => {
      stopping = true;
      logger.info({ reason }, 'encerrando os processos da API');
      for (const slot of slots) clearTimeout(slot.timer);
      const running = slots.map((s) => s.worker).filter((w): w is Worker => !!w && !w.isDead());
      const killer = setTimeout(() => running.forEach((w) => w.isDead() || w.process.kill('SIGKILL')), SHUTDOWN_GRACE_MS);
      await Promise.all(running.map((w) => new Promise<void>((resolve) => {
        if (w.isDead()) return resolve();
        w.once('exit', () => resolve());
        w.process.kill('SIGTERM');
      })));
      clearTimeout(killer);
      await db.close(); // the embedded server, when this process started it
      process.exit(exitCode);
    })());

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  for (let i = 0; i < (opts.workers ?? config.workers); i++) slots.push({ startedAt: 0, failedStarts: 0, ready: false });
  slots.forEach(fork);
}

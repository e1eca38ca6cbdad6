import type { Command } from 'commander';

/** `limiar worker`: runs queued jobs (slow audiogram readings) in a separate process. */
export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('executa as tarefas em fila (leitura de audiogramas pelo modelo local) em um processo separado')
    .action(async () => {
      const { loadConfig } = await import('../../../adapters/src/composition/config');
      const { createLogger } = await import('../../../adapters/src/composition/logger');
      const { createContainer } = await import('../../../adapters/src/composition/container');
      const { openDatabase, migrate } = await import('../../../adapters/src/persistence/database');
      const { startReadingQueue } = await import('../../../adapters/src/jobs/reading-worker');
      const config = loadConfig();
      const logger = createLogger(config);
      if (!config.ollamaHost) {
        process.stderr.write('Nada a executar: configure OLLAMA_HOST para ativar a leitura de audiogramas pelo modelo local.\n');
        process.exitCode = 2;
        return;
      }
      const db = await openDatabase(config, (m) => logger.info(m));
      await migrate(db);
      const queue = await startReadingQueue(config, db, logger);
      await queue!.work(createContainer(config, db, logger, { readingQueue: queue!.queue }));
      process.stdout.write('Worker do Limiar em execução (Ctrl-C para parar).\n');
      const stop = async () => {
        await queue!.queue.stop();
        await db.close();
        process.exit(0);
      };
      process.on('SIGINT', () => void stop());
      process.on('SIGTERM', () => void stop());
    });
}

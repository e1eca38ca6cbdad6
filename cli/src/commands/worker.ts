import type { Command } from 'commander';

/** `limiar worker`: runs queued jobs (slow audiogram readings) in a separate process. */
export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('executa as tarefas em fila (leitura de audiogramas pelo modelo local) em um processo separado')
    .action(async () => {
      const { loadConfig } = await import('../../../adapters/src/composition/config');
      const { startWorker } = await import('../../../adapters/src/composition/server');
      const worker = await startWorker(loadConfig());
      if (!worker) {
        process.stderr.write('Nada a executar: configure OLLAMA_HOST para ativar a leitura de audiogramas pelo modelo local.\n');
        process.exitCode = 2;
        return;
      }
      process.stdout.write('Worker do Limiar em execução (Ctrl-C para parar).\n');
      const stop = async () => {
        await worker.stop();
        process.exit(0);
      };
      process.on('SIGINT', () => void stop());
      process.on('SIGTERM', () => void stop());
    });
}

import type { Command } from 'commander';

/** `limiar serve`: database (embedded unless DATABASE_URL), migrations, API + web app. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('inicia o banco (embutido, se não houver DATABASE_URL), aplica as migrações e serve a API e o app web')
    .option('-p, --port <porta>', 'porta HTTP (padrão: PORT ou 3000)')
    .action(async (opts: { port?: string }) => {
      // loaded on demand: other commands (e.g. analyze) must not pay for the server's modules
      const { loadConfig } = await import('../../../adapters/src/composition/config');
      const { startServer } = await import('../../../adapters/src/composition/server');
      const config = loadConfig({ ...process.env, ...(opts.port ? { PORT: opts.port } : {}) });
      const started = performance.now();
      const server = await startServer(config);
      const ms = Math.round(performance.now() - started);
      process.stdout.write(`\nLimiar pronto em ${server.url} (${ms} ms)\n  API: ${server.url}/api/health\n  Ctrl-C para parar.\n\n`);
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        server.logger.info({ signal }, 'encerrando');
        await server.close();
        process.exit(0);
      };
      process.on('SIGINT', () => void stop('SIGINT'));
      process.on('SIGTERM', () => void stop('SIGTERM'));
      process.on('SIGHUP', () => void stop('SIGHUP'));
    });
}

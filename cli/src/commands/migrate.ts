import type { Command } from 'commander';

/** `limiar migrate`: applies pending migrations and reports what was applied. */
export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('aplica as migrações pendentes do banco de dados')
    .action(async () => {
      const { loadConfig } = await import('../../../adapters/src/composition/config');
      const { migrateDatabase } = await import('../../../adapters/src/composition/migrate');
      const applied = await migrateDatabase(loadConfig(), (m) => process.stderr.write(`${m}\n`));
      process.stdout.write(applied.length ? `Migrações aplicadas: ${applied.join(', ')}\n` : 'Nenhuma migração pendente.\n');
    });
}

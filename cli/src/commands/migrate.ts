import type { Command } from 'commander';
import { loadConfig } from '../../../adapters/src/composition/config';
import { migrate, openDatabase } from '../../../adapters/src/persistence/database';

/** `limiar migrate`: applies pending migrations and reports what was applied. */
export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('aplica as migrações pendentes do banco de dados')
    .action(async () => {
      const db = await openDatabase(loadConfig(), (m) => process.stderr.write(`${m}\n`));
      try {
        const applied = await migrate(db);
        process.stdout.write(applied.length ? `Migrações aplicadas: ${applied.join(', ')}\n` : 'Nenhuma migração pendente.\n');
      } finally {
        await db.close();
      }
    });
}

import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './schemas';
import { migrationsList } from './migrations';
import { redactText } from '../../security/log-redaction';

/** MikroORM options for one PostgreSQL URL. Entities are `defineEntity` schemas (no decorators). */
export function ormConfig(clientUrl: string, options: { debug?: boolean; poolMax?: number } = {}) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl,
    entities,
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: options.poolMax ?? 10 },
    debug: options.debug ?? false,
    // the ORM's own lines (debug queries, warnings) on stderr without any bound value or quoted literal
    logger: (message: string) => void process.stderr.write(`${redactText(message)}\n`),
    allowGlobalContext: false,
  });
}

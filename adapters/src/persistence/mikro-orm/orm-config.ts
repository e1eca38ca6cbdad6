import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './schemas';
import { migrationsList } from './migrations';

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
    allowGlobalContext: false,
  });
}

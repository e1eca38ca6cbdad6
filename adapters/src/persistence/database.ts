import { MikroORM } from '@mikro-orm/postgresql';
import { withAdvisoryLock } from './advisory-locks';
import { noteQueryError, openConnection, type DatabaseSettings } from './connection';
import type { EmbeddedPostgresHandle } from './embedded-postgres/embedded-postgres-server';
import { ormConfig } from './mikro-orm/orm-config';

/** A connected database: the ORM plus whatever must be stopped with it. */
export interface Database {
  orm: MikroORM;
  url: string;
  /** Set when the database is the embedded server of `LIMIAR_DATA_DIR`. */
  embedded?: EmbeddedPostgresHandle;
  close(): Promise<void>;
}

/**
 * Connects to `DATABASE_URL`, or starts (or attaches to) the embedded server of the data
 * directory when there is none. Migrations are applied by `migrate(db)`.
 */
export async function openDatabase(config: DatabaseSettings, log: (m: string) => void = () => {}): Promise<Database> {
  const { url, embedded } = await openConnection(config, log);
  let orm: MikroORM;
  try {
    orm = await MikroORM.init(ormConfig(url));
    // a query lost with its connection marks the outage, so the HTTP layer answers 503 (error-middleware)
    orm.em.getConnection().getKnex().on('query-error', (error: unknown) => noteQueryError(error));
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  return {
    orm,
    url,
    embedded,
    async close() {
      await orm.close(true);
      await embedded?.stop();
    },
  };
}

/**
 * Applies pending migrations; returns the names applied now. Several processes starting at once on one
 * database take turns (an advisory lock): the later ones find nothing pending (ADR 0023).
 */
export async function migrate(db: Pick<Database, 'orm'>): Promise<string[]> {
  const applied = await withAdvisoryLock(db.orm.config.get('clientUrl')!, 'migrations', () => db.orm.getMigrator().up());
  return applied.map((m) => m.name);
}

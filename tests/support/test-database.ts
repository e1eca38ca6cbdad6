import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '../../adapters/src/persistence/database';
import { ormConfig } from '../../adapters/src/persistence/mikro-orm/orm-config';

/** A fresh, migrated database of the run's test server, private to one test file. */
export interface TestDatabase {
  url: string;
  orm: MikroORM;
  drop(): Promise<void>;
}

/**
 * `migrateTo`: stop after that migration (a migration test writes rows as an older version did, then migrates on).
 * `icuLocale`: the database's default collation is that ICU locale (e.g. 'pt-BR'), as on a managed server, instead
 * of the test server's builtin C.UTF-8.
 */
export async function createTestDatabase(options: { migrateTo?: string; icuLocale?: string } = {}): Promise<TestDatabase> {
  const serverUrl = inject('testDatabaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, options.icuLocale
    ? `create database ${name} template template0 locale_provider icu icu_locale '${options.icuLocale.replace(/'/g, '')}' locale 'C'`
    : `create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const orm = await MikroORM.init(ormConfig(url, { poolMax: 4 }));
  if (options.migrateTo) await orm.getMigrator().up({ to: options.migrateTo });
  else await migrate({ orm });
  return {
    url,
    orm,
    async drop() {
      await orm.close(true);
      await admin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

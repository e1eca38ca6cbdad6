import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MikroOrmLoginAttemptLog, MikroOrmOrganizationRepository, MikroOrmProfessionalRepository, MikroOrmSessionRepository,
} from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-account-repositories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { accountRepositoriesContract } from './account-repositories.contract';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

describe('MikroORM account repositories (PostgreSQL)', () => {
  accountRepositoriesContract(async () => {
    await db.orm.em.getConnection().execute('truncate login_attempt, session, professional, organization cascade');
    const em = () => db.orm.em.fork();
    return { organizations: new MikroOrmOrganizationRepository(em), professionals: new MikroOrmProfessionalRepository(em), sessions: new MikroOrmSessionRepository(em), attempts: new MikroOrmLoginAttemptLog(em) };
  });
});

describe('schema', () => {
  // migrations own the tables (indexes, checks, foreign keys); entity schemas must match their columns
  it('every entity property maps to a migrated column with the same nullability', async () => {
    const columns = await db.orm.em.getConnection().execute<{ table_name: string; column_name: string; is_nullable: string }[]>(
      "select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'",
    );
    const byKey = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c.is_nullable === 'YES']));
    const problems: string[] = [];
    for (const meta of Object.values(db.orm.getMetadata().getAll())) {
      for (const prop of Object.values(meta.properties)) {
        for (const field of prop.fieldNames ?? []) {
          const key = `${meta.tableName}.${field}`;
          if (!byKey.has(key)) problems.push(`${key}: coluna ausente`);
          else if (Boolean(prop.nullable) !== byKey.get(key)) problems.push(`${key}: nullable difere`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

import { MikroOrmCompanyRepository, MikroOrmExamRepository, MikroOrmPatientRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-patient-exam-repositories';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import type { TenantFixtures } from './tenant-fixtures';

/** Empties the test database and gives the PostgreSQL side of TenantFixtures. */
export async function postgresTenantFixtures(db: TestDatabase): Promise<TenantFixtures> {
  const sql = (q: string, params: unknown[] = []) => db.orm.em.getConnection().execute(q, params);
  await sql('truncate organization cascade');
  const em = () => db.orm.em.fork();
  return {
    patients: new MikroOrmPatientRepository(em), companies: new MikroOrmCompanyRepository(em), exams: new MikroOrmExamRepository(em),
    addOrganization: async (id) => void (await sql('insert into organization (id, name, created_at) values (?, ?, now())', [id, 'Org'])),
    addProfessional: async (organizationId, id) => void (await sql(
      `insert into professional (id, organization_id, name, email, notification_preferences, created_at, updated_at) values (?, ?, 'Dra. Teste', ?, '{}', now(), now())`,
      [id, organizationId, `${id}@example.com`])),
  };
}

/** A migrated database of its own for the test file, dropped after it; read it inside the hooks and tests. */
export function useTestDatabase(): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => void (db = await createTestDatabase()));
  afterAll(() => db?.drop());
  return () => db!;
}

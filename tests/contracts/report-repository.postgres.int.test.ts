import { afterAll, beforeAll, describe } from 'vitest';
import { MikroOrmReportRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-report-repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { postgresTenantFixtures } from './postgres-fixtures';
import { reportRepositoryContract } from './report-repository.contract';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

describe('MikroORM report repository (PostgreSQL)', () => {
  reportRepositoryContract(async () => ({ ...(await postgresTenantFixtures(db)), reports: new MikroOrmReportRepository(() => db.orm.em.fork()) }));
});

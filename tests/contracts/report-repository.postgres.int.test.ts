import { describe } from 'vitest';
import { MikroOrmReportRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-report-repository';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';
import { reportRepositoryContract } from './report-repository.contract';

const db = useTestDatabase();

describe('MikroORM report repository (PostgreSQL)', () => {
  reportRepositoryContract(async () => ({ ...(await postgresTenantFixtures(db())), reports: new MikroOrmReportRepository(() => db().orm.em.fork()) }));
});

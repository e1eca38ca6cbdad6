import { describe } from 'vitest';
import {
  MikroOrmCompanyRecords, MikroOrmEmploymentRepository, MikroOrmGheRepository, MikroOrmSectorRepository,
} from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-programme-repositories';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';
import { programmeRepositoriesContract } from './programme-repositories.contract';

const db = useTestDatabase();

describe('MikroORM programme repositories (PostgreSQL)', () => {
  programmeRepositoriesContract(async () => {
    const em = () => db().orm.em.fork();
    return {
      ...(await postgresTenantFixtures(db())),
      records: new MikroOrmCompanyRecords(em), sectors: new MikroOrmSectorRepository(em), ghes: new MikroOrmGheRepository(em), employments: new MikroOrmEmploymentRepository(em),
    };
  });
});

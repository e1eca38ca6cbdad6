import { describe } from 'vitest';
import { MikroOrmCompanyRecords, MikroOrmEmploymentRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-programme-repositories';
import { emAsoSql, SqlAsoRepository } from '../../adapters/src/persistence/mikro-orm/repositories/sql-aso-repository';
import { asoRepositoryContract } from './aso-repository.contract';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';

const db = useTestDatabase();

describe('SQL ASO repository (PostgreSQL)', () => {
  asoRepositoryContract(async () => {
    const em = () => db().orm.em.fork();
    return {
      ...(await postgresTenantFixtures(db())),
      records: new MikroOrmCompanyRecords(em), employments: new MikroOrmEmploymentRepository(em), asos: new SqlAsoRepository(emAsoSql(em)),
    };
  });
});

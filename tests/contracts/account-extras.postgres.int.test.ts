import pg from 'pg';
import { afterAll, describe } from 'vitest';
import { PgProfessionalOrganizations } from '../../adapters/src/persistence/bulk/pg-professional-organizations';
import { MikroOrmUnitOfWork } from '../../adapters/src/persistence/mikro-orm/mikro-orm-unit-of-work';
import {
  MikroOrmOrganizationRepository, MikroOrmProfessionalRepository, MikroOrmPublicRequestLog,
} from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-account-repositories';
import { MikroOrmMembershipRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-team-repositories';
import { MikroOrmPatientRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-patient-exam-repositories';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';
import { professionalOrganizationsContract } from './professional-organizations.contract';
import { publicRequestLogContract } from './public-request-log.contract';
import { unitOfWorkContract } from './unit-of-work.contract';

const db = useTestDatabase();
const fork = () => db().orm.em.fork();
let pool: pg.Pool | undefined;
afterAll(() => pool?.end());

describe('MikroORM public request log (PostgreSQL)', () => {
  publicRequestLogContract(async () => {
    await db().orm.em.getConnection().execute('truncate contact_message, data_deletion_request');
    return new MikroOrmPublicRequestLog(fork);
  });
});

describe('PostgreSQL professional organisations (bulk commands)', () => {
  professionalOrganizationsContract(async () => {
    await postgresTenantFixtures(db());
    pool ??= new pg.Pool({ connectionString: db().url, max: 2 });
    return {
      organizations: new MikroOrmOrganizationRepository(fork), professionals: new MikroOrmProfessionalRepository(fork), memberships: new MikroOrmMembershipRepository(fork),
      lookup: new PgProfessionalOrganizations(pool),
    };
  });
});

describe('MikroORM unit of work (PostgreSQL transaction)', () => {
  // the global manager, as the composition root passes it: inside `run` it resolves to the transaction's fork
  unitOfWorkContract(async () => ({ ...(await postgresTenantFixtures(db())), uow: new MikroOrmUnitOfWork(db().orm), patients: new MikroOrmPatientRepository(() => db().orm.em) }));
});

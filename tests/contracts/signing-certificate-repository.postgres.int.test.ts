import { afterAll, beforeAll, describe } from 'vitest';
import { MikroOrmOrganizationRepository, MikroOrmProfessionalRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-account-repositories';
import { MikroOrmSigningCertificateRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-signing-certificate-repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { signingCertificateRepositoryContract } from './signing-certificate-repository.contract';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

describe('MikroORM signing-certificate repository (PostgreSQL)', () => {
  signingCertificateRepositoryContract(async () => {
    await db.orm.em.getConnection().execute('truncate signing_certificate, session, professional, organization cascade');
    const em = () => db.orm.em.fork();
    return { organizations: new MikroOrmOrganizationRepository(em), professionals: new MikroOrmProfessionalRepository(em), certificates: new MikroOrmSigningCertificateRepository(em) };
  });
});

import { afterAll, beforeAll, describe } from 'vitest';
import { MikroOrmOrganizationRepository, MikroOrmProfessionalRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-account-repositories';
import { MikroOrmPasswordResetTokenRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-password-reset-repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { passwordResetRepositoryContract } from './password-reset-repository.contract';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

describe('MikroORM password-reset repository (PostgreSQL)', () => {
  passwordResetRepositoryContract(async () => {
    await db.orm.em.getConnection().execute('truncate password_reset_request, password_reset_token, session, professional, organization cascade');
    const em = () => db.orm.em.fork();
    return { organizations: new MikroOrmOrganizationRepository(em), professionals: new MikroOrmProfessionalRepository(em), resetTokens: new MikroOrmPasswordResetTokenRepository(em) };
  });
});

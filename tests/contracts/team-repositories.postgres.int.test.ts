import { afterAll, beforeAll, describe } from 'vitest';
import {
  MikroOrmOrganizationRepository, MikroOrmProfessionalRepository, MikroOrmSessionRepository,
} from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-account-repositories';
import { MikroOrmInvitationRepository, MikroOrmMembershipRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-team-repositories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { teamRepositoriesContract } from './team-repositories.contract';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

describe('MikroORM team repositories (PostgreSQL)', () => {
  teamRepositoriesContract(async () => {
    await db.orm.em.getConnection().execute('truncate invitation, membership, session, professional, organization cascade');
    const em = () => db.orm.em.fork();
    return {
      organizations: new MikroOrmOrganizationRepository(em), professionals: new MikroOrmProfessionalRepository(em), sessions: new MikroOrmSessionRepository(em),
      memberships: new MikroOrmMembershipRepository(em), invitations: new MikroOrmInvitationRepository(em),
    };
  });
});

import { describe } from 'vitest';
import {
  InMemoryLoginAttemptLog, InMemoryOrganizationRepository, InMemoryProfessionalRepository, InMemorySessionRepository,
} from '../../core/src/testing/in-memory-account-adapters';
import { accountRepositoriesContract } from './account-repositories.contract';

describe('in-memory account repositories', () => {
  accountRepositoriesContract(async () => {
    const organizations = new InMemoryOrganizationRepository();
    return { organizations, professionals: new InMemoryProfessionalRepository(organizations), sessions: new InMemorySessionRepository(), attempts: new InMemoryLoginAttemptLog() };
  });
});

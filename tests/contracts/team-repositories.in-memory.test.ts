import { describe } from 'vitest';
import {
  InMemoryInvitationRepository, InMemoryMembershipRepository, InMemoryOrganizationRepository, InMemoryProfessionalRepository, InMemorySessionRepository,
} from '../../core/src/testing/in-memory-account-adapters';
import { teamRepositoriesContract } from './team-repositories.contract';

describe('in-memory team repositories', () => {
  teamRepositoriesContract(async () => {
    const organizations = new InMemoryOrganizationRepository();
    const professionals = new InMemoryProfessionalRepository(organizations);
    const sessions = new InMemorySessionRepository();
    return {
      organizations, professionals, sessions,
      memberships: new InMemoryMembershipRepository(organizations, professionals, sessions), invitations: new InMemoryInvitationRepository(),
    };
  });
});

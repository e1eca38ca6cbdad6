import { describe } from 'vitest';
import {
  InMemoryOrganizationRepository, InMemoryPasswordResetTokenRepository, InMemoryProfessionalRepository,
} from '../../core/src/testing/in-memory-account-adapters';
import { passwordResetRepositoryContract } from './password-reset-repository.contract';

describe('in-memory password-reset repository', () => {
  passwordResetRepositoryContract(async () => {
    const organizations = new InMemoryOrganizationRepository();
    return { organizations, professionals: new InMemoryProfessionalRepository(organizations), resetTokens: new InMemoryPasswordResetTokenRepository() };
  });
});

import { describe } from 'vitest';
import { InMemoryOrganizationRepository, InMemoryProfessionalRepository } from '../../core/src/testing/in-memory-account-adapters';
import { InMemorySigningCertificateRepository } from '../../core/src/testing/in-memory-signing-adapters';
import { signingCertificateRepositoryContract } from './signing-certificate-repository.contract';

describe('in-memory signing-certificate repository', () => {
  signingCertificateRepositoryContract(async () => {
    const organizations = new InMemoryOrganizationRepository();
    return { organizations, professionals: new InMemoryProfessionalRepository(organizations), certificates: new InMemorySigningCertificateRepository() };
  });
});

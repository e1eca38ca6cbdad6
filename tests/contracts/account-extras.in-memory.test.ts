import { describe } from 'vitest';
import {
  InMemoryMembershipRepository, InMemoryOrganizationRepository, InMemoryProfessionalOrganizations, InMemoryProfessionalRepository, InMemoryPublicRequestLog, InMemorySessionRepository,
} from '../../core/src/testing/in-memory-account-adapters';
import { InMemoryUnitOfWork } from '../../core/src/testing/in-memory-unit-of-work';
import { professionalOrganizationsContract } from './professional-organizations.contract';
import { publicRequestLogContract } from './public-request-log.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';
import { unitOfWorkContract } from './unit-of-work.contract';

describe('in-memory public request log', () => {
  publicRequestLogContract(async () => new InMemoryPublicRequestLog());
});

describe('in-memory professional organisations', () => {
  professionalOrganizationsContract(async () => {
    const organizations = new InMemoryOrganizationRepository();
    const professionals = new InMemoryProfessionalRepository(organizations);
    const memberships = new InMemoryMembershipRepository(organizations, professionals, new InMemorySessionRepository());
    return { organizations, professionals, memberships, lookup: new InMemoryProfessionalOrganizations(professionals, memberships) };
  });
});

describe('in-memory unit of work', () => {
  unitOfWorkContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    return { ...fixtures, uow: new InMemoryUnitOfWork(stores.patients, stores.exams) };
  });
});

import { describe } from 'vitest';
import { inMemoryProgrammeStores } from '../../core/src/testing/in-memory-programme-adapters';
import { programmeRepositoriesContract } from './programme-repositories.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';

describe('in-memory programme repositories', () => {
  programmeRepositoriesContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    const p = inMemoryProgrammeStores(stores);
    return { ...fixtures, records: p.companies, sectors: p.sectors, ghes: p.ghes, employments: p.employments };
  });
});

import { describe } from 'vitest';
import { InMemoryAsoRepository } from '../../core/src/testing/in-memory-aso-repository';
import { inMemoryProgrammeStores } from '../../core/src/testing/in-memory-programme-adapters';
import { asoRepositoryContract } from './aso-repository.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';

describe('in-memory ASO repository', () => {
  asoRepositoryContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    const p = inMemoryProgrammeStores(stores);
    return { ...fixtures, records: p.companies, employments: p.employments, asos: new InMemoryAsoRepository({ patients: stores.patients, companies: p.companies, employments: p.employments, exams: stores.exams }) };
  });
});

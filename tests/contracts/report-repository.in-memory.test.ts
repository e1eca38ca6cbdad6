import { describe } from 'vitest';
import { InMemoryReportRepository } from '../../core/src/testing/in-memory-report-repository';
import { reportRepositoryContract } from './report-repository.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';

describe('in-memory report repository', () => {
  reportRepositoryContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    return { ...fixtures, reports: new InMemoryReportRepository(stores) };
  });
});

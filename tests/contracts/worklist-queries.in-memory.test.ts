import { describe } from 'vitest';
import { InMemoryExamReadingRepository } from '../../core/src/testing/in-memory-exam-reading-repository';
import { InMemoryReportRepository } from '../../core/src/testing/in-memory-report-repository';
import { InMemoryWorklistQueries } from '../../core/src/testing/in-memory-worklist-queries';
import { inMemoryTenantFixtures } from './tenant-fixtures';
import { worklistQueriesContract } from './worklist-queries.contract';

describe('in-memory worklist queries', () => {
  worklistQueriesContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    const reports = new InMemoryReportRepository(stores);
    const readings = new InMemoryExamReadingRepository();
    return { ...fixtures, reports, readings, worklist: new InMemoryWorklistQueries({ ...stores, reports, readings }) };
  });
});

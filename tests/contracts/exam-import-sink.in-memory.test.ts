import { describe } from 'vitest';
import { InMemoryExamImportSink } from '../../core/src/testing/in-memory-exam-import-sink';
import { examImportSinkContract } from './exam-import-sink.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';

describe('in-memory exam import sink', () => {
  examImportSinkContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    return { ...fixtures, sink: (organizationId) => new InMemoryExamImportSink(stores, organizationId), close: async () => {} };
  });
});

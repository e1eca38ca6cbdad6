import { describe } from 'vitest';
import { InMemoryExamFileStore } from '../../core/src/testing/in-memory-exam-file-store';
import { examFileStoreContract } from './exam-file-store.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';

describe('in-memory exam file store and repository', () => {
  examFileStoreContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    return { ...fixtures, store: new InMemoryExamFileStore(stores.files), files: stores.files };
  });
});

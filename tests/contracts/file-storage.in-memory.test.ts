import { describe } from 'vitest';
import { InMemoryFileStorage } from '../../core/src/testing/in-memory-file-storage';
import { fileStorageContract } from './file-storage.contract';

describe('in-memory file storage', () => {
  fileStorageContract(async () => new InMemoryFileStorage());
});

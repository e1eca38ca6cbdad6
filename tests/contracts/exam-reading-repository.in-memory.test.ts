import { describe } from 'vitest';
import { InMemoryExamReadingRepository } from '../../core/src/testing/in-memory-exam-reading-repository';
import { examReadingRepositoryContract } from './exam-reading-repository.contract';

describe('in-memory exam reading repository', () => {
  examReadingRepositoryContract(async () => ({ readings: new InMemoryExamReadingRepository(), addExam: async () => {} }));
});

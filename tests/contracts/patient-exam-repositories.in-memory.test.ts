import { describe } from 'vitest';
import { inMemoryPatientExamStores } from '../../core/src/testing/in-memory-patient-exam-adapters';
import { patientExamRepositoriesContract } from './patient-exam-repositories.contract';

describe('in-memory patient and exam repositories', () => {
  patientExamRepositoriesContract(async () => ({ ...inMemoryPatientExamStores(), addOrganization: async () => {} }));
});

import { describe } from 'vitest';
import { MikroOrmExamReadingRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-exam-reading-repository';
import { anExam, aWorker } from '../support/builders';
import { examReadingRepositoryContract } from './exam-reading-repository.contract';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';

const db = useTestDatabase();

describe('MikroORM exam reading repository (PostgreSQL)', () => {
  examReadingRepositoryContract(async () => {
    const s = await postgresTenantFixtures(db());
    return {
      readings: new MikroOrmExamReadingRepository(() => db().orm.em.fork()),
      addExam: async (organizationId, examId, professionalId) => {
        await s.addOrganization(organizationId);
        await s.addProfessional(organizationId, professionalId);
        const worker = aWorker(organizationId, { name: 'Ana Paula', sex: 'F' });
        await s.patients.insert(worker);
        await s.exams.insert(anExam(organizationId, worker.id, { id: examId, date: '2026-11-01' }));
      },
    };
  });
});

import { afterAll, beforeAll, describe } from 'vitest';
import {
  MikroOrmCompanyRepository, MikroOrmDashboardQueries, MikroOrmExamDeletionLog, MikroOrmExamRepository, MikroOrmPatientRepository,
} from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-patient-exam-repositories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { patientExamRepositoriesContract } from './patient-exam-repositories.contract';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

describe('MikroORM patient and exam repositories (PostgreSQL)', () => {
  patientExamRepositoriesContract(async () => {
    await db.orm.em.getConnection().execute('truncate organization cascade');
    const em = () => db.orm.em.fork();
    return {
      patients: new MikroOrmPatientRepository(em), companies: new MikroOrmCompanyRepository(em), exams: new MikroOrmExamRepository(em),
      dashboard: new MikroOrmDashboardQueries(em), deletions: new MikroOrmExamDeletionLog(em),
      addOrganization: async (id) => void (await db.orm.em.getConnection().execute('insert into organization (id, name, created_at) values (?, ?, now())', [id, 'Org'])),
    };
  });
});

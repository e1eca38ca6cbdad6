import { afterAll, beforeAll, describe } from 'vitest';
import { MikroOrmExamReadingRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-exam-reading-repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { examReadingRepositoryContract } from './exam-reading-repository.contract';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

describe('MikroORM exam reading repository (PostgreSQL)', () => {
  examReadingRepositoryContract(async () => {
    const sql = (q: string, params: unknown[] = []) => db.orm.em.getConnection().execute(q, params);
    await sql('truncate organization cascade');
    return {
      readings: new MikroOrmExamReadingRepository(() => db.orm.em.fork()),
      addExam: async (organizationId, examId, professionalId) => {
        const patientId = '00000000-0000-4000-8000-0000000000d1';
        await sql('insert into organization (id, name, created_at) values (?, ?, now())', [organizationId, 'Org']);
        await sql(`insert into professional (id, organization_id, name, email, notification_preferences, created_at, updated_at) values (?, ?, 'Dra. Teste', 'dra@example.com', '{}', now(), now())`, [professionalId, organizationId]);
        await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, 'Ana Paula', 'F', now(), now())`, [patientId, organizationId]);
        await sql(`insert into exam (id, organization_id, patient_id, exam_date, audiogram, classification, rules_version, created_at, updated_at)
          values (?, ?, ?, '2026-11-01', '{"air":{},"bone":{}}', '{}', 'test', now(), now())`, [examId, organizationId, patientId]);
      },
    };
  });
});

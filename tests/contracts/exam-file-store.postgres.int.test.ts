import { describe } from 'vitest';
import { MikroOrmExamFileStore } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-exam-file-store';
import { MikroOrmExamFileRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-patient-exam-repositories';
import { examFileStoreContract } from './exam-file-store.contract';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';

const db = useTestDatabase();

describe('MikroORM exam file store and repository (PostgreSQL)', () => {
  examFileStoreContract(async () => {
    const em = () => db().orm.em.fork();
    return { ...(await postgresTenantFixtures(db())), store: new MikroOrmExamFileStore(em), files: new MikroOrmExamFileRepository(em) };
  });
});

import pg from 'pg';
import { afterAll, describe } from 'vitest';
import { PgExamImportSink } from '../../adapters/src/persistence/bulk/pg-exam-import-sink';
import { examImportSinkContract } from './exam-import-sink.contract';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';

const db = useTestDatabase();
let pool: pg.Pool | undefined;
afterAll(() => pool?.end());

describe('PostgreSQL COPY exam import sink', () => {
  examImportSinkContract(async () => {
    pool ??= new pg.Pool({ connectionString: db().url, max: 4 });
    const open: PgExamImportSink[] = [];
    return {
      ...(await postgresTenantFixtures(db())),
      sink: (organizationId) => {
        const sink = new PgExamImportSink(pool!, organizationId);
        open.push(sink);
        return sink;
      },
      close: async () => open.splice(0).forEach((sink) => sink.release()),
    };
  });
});

import { describe } from 'vitest';
import { SqlAuditLog } from '../../adapters/src/persistence/mikro-orm/repositories/sql-audit-log';
import { auditLogContract } from './audit-log.contract';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';

const db = useTestDatabase();

describe('SQL audit log (PostgreSQL)', () => {
  // each test writes to fresh organisations: the trail itself cannot be emptied (append-only)
  auditLogContract(async () => ({ ...(await postgresTenantFixtures(db())), audit: new SqlAuditLog(() => db().orm.em.fork()) }));
});

import { describe } from 'vitest';
import { InMemoryAuditLog } from '../../core/src/testing/in-memory-audit-log';
import { auditLogContract } from './audit-log.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';

describe('in-memory audit log', () => {
  auditLogContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    const audit = new InMemoryAuditLog(({ kind, id }) => {
      const exam = kind === 'exam' ? stores.exams.rows.get(id) : undefined;
      return exam && { organizationId: exam.organizationId, patientId: exam.patientId };
    });
    return { ...fixtures, audit };
  });
});

import { describe } from 'vitest';
import { MikroOrmEmbedAccessLog, MikroOrmEmbedTokenRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-embed-repositories';
import { embedPortsContract } from './embed-ports.contract';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';

const db = useTestDatabase();

describe('MikroORM embed token repository and access log (PostgreSQL)', () => {
  embedPortsContract(async () => {
    const em = () => db().orm.em.fork();
    return {
      ...(await postgresTenantFixtures(db())), tokens: new MikroOrmEmbedTokenRepository(em), access: new MikroOrmEmbedAccessLog(em),
      accessEntries: async (tokenId) => (await db().orm.em.getConnection().execute<Array<Record<string, unknown>>>(
        'select token_id, organization_id, patient_id, origin, ip, outcome, at from embed_access_log where token_id = ? order by id', [tokenId]))
        .map((r) => ({ tokenId: r.token_id as string, organizationId: r.organization_id as string | null, patientId: r.patient_id as string | null, origin: r.origin as string | null, ip: r.ip as string | null, outcome: r.outcome as string, at: new Date(r.at as string) })),
    };
  });
});

import { describe } from 'vitest';
import { InMemoryEmbedAccessLog, InMemoryEmbedTokenRepository } from '../../core/src/testing/in-memory-embed-adapters';
import { embedPortsContract } from './embed-ports.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';

describe('in-memory embed token repository and access log', () => {
  embedPortsContract(async () => {
    const access = new InMemoryEmbedAccessLog();
    return { ...inMemoryTenantFixtures().fixtures, tokens: new InMemoryEmbedTokenRepository(), access, accessEntries: async (id) => access.rows.filter((r) => r.tokenId === id) };
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../adapters/src/persistence/embedded-postgres/embedded-postgres-server';
import { findFreePort } from '../../adapters/src/persistence/embedded-postgres/ports';

/**
 * The PostgreSQL server of one test run (product decision 1): `TEST_DATABASE_URL` when set, else
 * Testcontainers when a Docker engine answers, else an embedded server in a temporary folder.
 * Each test file then gets its own database (tests/support/test-database.ts).
 */
export async function startTestPostgres(): Promise<{ url: string; kind: string; stop(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    return { url: process.env.TEST_DATABASE_URL, kind: 'TEST_DATABASE_URL', stop: async () => {} };
  }
  const docker = await dockerAvailable();
  if (docker) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    return { url: container.getConnectionUri(), kind: 'testcontainers', stop: async () => void (await container.stop()) };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-test-pg-'));
  fs.chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir, port: await findFreePort(), database: 'limiar_test' });
  return {
    url: pg.url,
    kind: 'embedded',
    stop: async () => {
      await pg.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(path.dirname(pg.clusterDir) === dataDir ? dataDir : pg.clusterDir, { recursive: true, force: true });
    },
  };
}

async function dockerAvailable(): Promise<boolean> {
  if (process.env.LIMIAR_TEST_NO_DOCKER) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

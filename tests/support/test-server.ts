import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { loadConfig } from '../../adapters/src/composition/config';
import { startServer, type RunningServer } from '../../adapters/src/composition/server';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServer {
  url: string;
  /** The server's LIMIAR_DATA_DIR (files, keys). */
  dataDir: string;
  server: RunningServer;
  database: TestDatabase;
  /** `fetch` relative to the server root. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** A real Koa server on a real, private PostgreSQL database, on a free port. */
export async function startTestServer(env: Record<string, string> = {}, logger?: Logger): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: database.url,
    LIMIAR_DATA_DIR: dataDir,
    LIMIAR_LOG_LEVEL: 'silent',
    ...env,
  });
  const server = await startServer(config, logger);
  return {
    url: server.url,
    dataDir,
    server,
    database,
    request: (pathname, init) => fetch(`${server.url}${pathname}`, init),
    async close() {
      await server.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

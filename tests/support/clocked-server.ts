import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../../core/src';
import { loadConfig } from '../../adapters/src/composition/config';
import { createContainer } from '../../adapters/src/composition/container';
import { createLogger } from '../../adapters/src/composition/logger';
import { createHttpApp } from '../../adapters/src/composition/http-app';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A clock at real time plus an offset the test moves forward. */
export function movableClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) } satisfies Clock & { advance(ms: number): void };
}

export interface ClockedServer {
  url: string;
  database: TestDatabase;
  request(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real Koa app and composition root on a real, private PostgreSQL database, with the clock
 * given (startServer always uses the system clock). For expiry checks that must not wait an hour.
 */
export async function startClockedServer(clock: Clock, env: Record<string, string> = {}): Promise<ClockedServer> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATABASE_URL: database.url, LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'silent', ...env });
  const db = { orm: database.orm, url: database.url, close: async () => {} };
  const app = createHttpApp(createContainer(config, db, createLogger(config), { clock }));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    database,
    request: (pathname, init) => fetch(`${url}${pathname}`, init),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

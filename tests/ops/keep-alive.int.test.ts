import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../adapters/src/persistence/embedded-postgres/ports';
import { spawnServer, type ChildServer } from '../support/child-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Issue 15, defect 14 ("fetch failed … other side closed"): the server must not close an idle
 * keep-alive socket before its clients do, or a request sent on a pooled socket at the moment the
 * server closes it fails. Node's default keepAliveTimeout is 5 s, about the clients' own (undici 4 s,
 * later when its event loop is busy); browsers and proxies keep idle sockets up to 60 s. The server
 * keeps them 65 s, headersTimeout just above (see adapters/src/http/koa/server.ts).
 * The server runs as its own process, as with `npm start`.
 */
let database: TestDatabase;
let server: ChildServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-keepalive-'));
beforeAll(async () => {
  database = await createTestDatabase();
  server = await spawnServer({ DATABASE_URL: database.url, LIMIAR_DATA_DIR: dataDir, PORT: String(await findFreePort()) });
});
afterAll(async () => {
  server?.process.kill('SIGINT');
  await server?.exited;
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('HTTP keep-alive', () => {
  it('keeps an idle keep-alive socket open well past 5 s and announces it', async () => {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    try {
      let received = '';
      const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));
      await new Promise<void>((resolve) => {
        socket.on('data', (d) => {
          received += d;
          if (/\r\n\r\n[\s\S]*\}$/.test(received)) resolve();
        });
        socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
      });
      expect(received).toMatch(/^HTTP\/1.1 200/);
      expect(received).toMatch(/keep-alive: timeout=65/i);
      // the old 5 s default would close it here; the real idle wait is what is under test
      const outcome = await Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 6_500))]);
      expect(outcome).toBe('open');
    } finally {
      socket.destroy();
    }
  }, 30_000);
});

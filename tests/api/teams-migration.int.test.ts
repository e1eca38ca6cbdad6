import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { loadConfig } from '../../adapters/src/composition/config';
import { createContainer } from '../../adapters/src/composition/container';
import { createHttpApp } from '../../adapters/src/composition/http-app';
import { createLogger } from '../../adapters/src/composition/logger';
import { Argon2PasswordHasher } from '../../adapters/src/security/argon2-password-hasher';
import { JoseSessionTokens } from '../../adapters/src/security/jose-session-tokens';

// Issue 18 acceptance: "Migration keeps every existing organisation and user working (existing users
// become administrators of their organisation)". Organisations, professionals of every type, workers and
// an open session are written as the previous version wrote them; then every migration runs and the real
// API serves them.
const BEFORE = 'Migration20261125010000ReadingNoteJsonb';
const SECRET = 'segredo-de-teste-com-mais-de-32-caracteres-0123456789';
const PASSWORD = 'segredo1';
let db: TestDatabase;
let server: Server;
let url: string;
let dataDir: string;

const people = [
  { key: 'medico', type: 'Medico', roles: ['administrador', 'medico'] },
  { key: 'fono', type: 'Fonoaudiologo', roles: ['administrador', 'fonoaudiologo'] },
  { key: 'engenheiro', type: 'Engenheiro', roles: ['administrador', 'seguranca'] },
  { key: 'google', type: null, roles: ['administrador'] },
].map((p) => ({ ...p, id: randomUUID(), org: randomUUID(), worker: randomUUID(), email: `${p.key}.${randomBytes(3).toString('hex')}@clinica.com.br` }));
const sessionId = randomUUID();

const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => db.orm.em.getConnection().execute<T[]>(q, params);
const api = (p: string, init: RequestInit = {}) => fetch(`${url}${p}`, init);
const login = (email: string) => api('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD, rememberMe: false }) });

beforeAll(async () => {
  db = await createTestDatabase({ migrateTo: BEFORE });
  const hash = await new Argon2PasswordHasher().hash(PASSWORD);
  for (const p of people) {
    await sql('insert into organization (id, name, created_at) values (?, ?, now())', [p.org, `Clínica ${p.key}`]);
    await sql(`insert into professional (id, organization_id, name, email, password_hash, professional_type, crm, crm_state, notification_preferences, created_at, updated_at)
      values (?, ?, ?, ?, ?, ?, ?, ?, '{}'::jsonb, now(), now())`, [p.id, p.org, `Profissional ${p.key}`, p.email, hash, p.type, p.type === 'Medico' ? '1234' : null, p.type === 'Medico' ? 'SP' : null]);
    await sql(`insert into patient (id, organization_id, name, sex, created_at, updated_at) values (?, ?, ?, 'F', now(), now())`, [p.worker, p.org, `Trabalhadora ${p.key}`]);
  }
  const doctor = people[0];
  await sql('insert into session (id, user_id, organization_id, created_at, expires_at) values (?, ?, ?, now(), ?)', [sessionId, doctor.id, doctor.org, new Date(Date.now() + 3600_000)]);
  await db.orm.getMigrator().up();

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-teams-migration-'));
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATABASE_URL: db.url, LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'silent', LIMIAR_JWT_SECRET: SECRET });
  const app = createHttpApp(createContainer(config, { orm: db.orm, url: db.url, close: async () => {} }, createLogger(config)));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  await db?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('migration Teams', () => {
  it('makes every existing professional the administrator of their organisation, with the role of their type', async () => {
    const rows = await sql<{ user_id: string; organization_id: string; roles: string[]; status: string }>('select user_id, organization_id, roles, status from membership');
    expect(rows).toHaveLength(people.length);
    for (const p of people) expect(rows.find((r) => r.user_id === p.id), p.key).toEqual({ user_id: p.id, organization_id: p.org, roles: p.roles, status: 'ativo' });
  });

  it('every existing user logs in to their organisation and keeps working on its records', async () => {
    for (const p of people) {
      const res = await login(p.email);
      const body = await res.json();
      expect(res.status, p.key).toBe(200);
      expect(body.user, p.key).toMatchObject({ organizationId: p.org, roles: p.roles, organizations: [{ organizationId: p.org, organizationName: `Clínica ${p.key}`, roles: p.roles }] });
      const worker = await api(`/api/patients/${p.worker}`, { headers: { authorization: `Bearer ${body.token}` } });
      expect(worker.status, p.key).toBe(200);
      const edit = await api(`/api/patients/${p.worker}`, { method: 'PUT', headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Trabalhadora ${p.key} Silva`, age: 40, sex: 'F' }) });
      expect(edit.status, p.key).toBe(200);
      const team = await api('/api/team/members', { headers: { authorization: `Bearer ${body.token}` } });
      expect((await team.json()).members, p.key).toEqual([expect.objectContaining({ userId: p.id, roles: p.roles, status: 'ativo' })]);
    }
  });

  it('a session opened before the migration stays valid', async () => {
    const doctor = people[0];
    const token = await new JoseSessionTokens(SECRET).sign({ sessionId, userId: doctor.id }, new Date(Date.now() + 3600_000));
    const me = await api('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: doctor.id, organizationId: doctor.org, roles: ['administrador', 'medico'] });
  });
});

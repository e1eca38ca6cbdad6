import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/src/composition/config';
import { createLogger } from '../../adapters/src/composition/logger';
import { startServer, type RunningServer } from '../../adapters/src/composition/server';
import { cpfFrom } from '../support/cpf';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Defect 6 (issue 15): a real server whose whole log (debug level, as verbose as it gets) is
 * captured, driven with known CPFs, names, passwords and tokens through requests that hit the
 * database with bad data, validation errors, refused logins and forged tokens; then the log is
 * grepped for every one of them.
 */
const lines: string[] = [];
const capture = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
let database: TestDatabase;
let server: RunningServer;
let dataDir: string;
let url: string;
const secrets = new Map<string, string>(); // what must never be logged → where it came from
let tried = 0;

const post = (pathname: string, body: unknown, token?: string) =>
  fetch(`${url}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
const send = async (what: string, request: Promise<Response>) => {
  tried++;
  const res = await request;
  await res.text();
  return { what, status: res.status };
};
const cpfText = (digits: string) => `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
const remember = (value: string, label: string) => secrets.set(value, label);

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-logs-'));
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATABASE_URL: database.url, LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'debug' });
  server = await startServer(config, createLogger(config, capture));
  url = server.url;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  const log = lines.join('');
  const found = [...secrets].filter(([value]) => log.includes(value));
  console.log(`RELIABILITY logs tried=${secrets.size} held=${secrets.size - found.length} failed=${found.length}`);
});

describe('logs carry no password hash, token, CPF or name (issue 15, defect 6)', () => {
  it('redacts what bad requests, database errors and forged tokens put in the log', async () => {
    const password = 'Limiar#Segredo-9173';
    const name = 'Wanderléia Quintanilha Bastos';
    const email = 'wanderleia.bastos@clinica-logs.test';
    remember(password, 'password'); remember(name, 'name'); remember(email, 'e-mail');
    const registered = await post('/api/auth/register', { name, email, password, confirmPassword: password, professionalType: 'Medico', crm: '123456', crmState: 'SP' });
    expect(registered.status).toBe(201);
    const { token } = await registered.json();
    remember(token, 'session token');
    const [{ password_hash: hash }] = await database.orm.em.getConnection().execute<{ password_hash: string }[]>('select password_hash from professional where email = ?', [email]);
    expect(hash.startsWith('$argon2id$')).toBe(true);
    remember(hash, 'argon2 hash'); remember('$argon2id$', 'argon2 hash prefix');

    // a NUL in the name reaches the INSERT (a driver error) or is refused at the edge: either way no leak
    const nulName = 'Gervásio Pimentel Arruda';
    const nulPassword = 'Outra#Senha-5521';
    remember(nulName, 'name'); remember(nulPassword, 'password');
    await send('register NUL name', post('/api/auth/register', { name: `${nulName}\u0000`, email: 'gervasio@clinica-logs.test', password: nulPassword, confirmPassword: nulPassword, professionalType: 'Medico', crm: '654321', crmState: 'RJ' }));
    await send('login wrong password', post('/api/auth/login', { email, password: 'Errada#Senha-0001' }));
    remember('Errada#Senha-0001', 'password');
    await send('login NUL e-mail', post('/api/auth/login', { email: `a\u0000${email}`, password }));

    const patients: [string, string][] = [['Ubiratã Cordeiro Falcão', cpfFrom(731_845_206)], ['Iracema Nogueira Tavares', cpfFrom(604_219_875)], ['Oziel Brandão Pacheco', cpfFrom(918_362_047)]];
    for (const [patientName, cpf] of patients) {
      remember(patientName, 'worker name'); remember(cpf, 'CPF digits'); remember(cpfText(cpf), 'CPF formatted');
    }
    const [[n1, c1], [n2, c2], [n3, c3]] = patients;
    expect((await send('patient', post('/api/patients', { name: n1, cpf: cpfText(c1), age: 40, sex: 'M' }, token))).status).toBe(201);
    await send('patient duplicate CPF', post('/api/patients', { name: n1, cpf: cpfText(c1), age: 40, sex: 'M' }, token));
    await send('patient NUL name', post('/api/patients', { name: `${n2}\u0000`, cpf: c2, age: 41, sex: 'F' }, token));
    await send('patient NUL company', post('/api/patients', { name: n3, cpf: cpfText(c3), company: `Metalúrgica\u0000`, age: 33, sex: 'M' }, token));
    await send('patient invalid CPF', post('/api/patients', { name: n3, cpf: `${c3.slice(0, 10)}${(Number(c3[10]) + 1) % 10}`, age: 33, sex: 'M' }, token));
    await send('search NUL', fetch(`${url}/api/patients?q=${c1}%00`, { headers: { authorization: `Bearer ${token}` } }));
    await send('forged token', fetch(`${url}/api/patients`, { headers: { authorization: `Bearer ${token}x` } }));
    await send('change password wrong current', post('/api/auth/change-password', { currentPassword: 'Chute#Errado-777', newPassword: 'Nova#Senha-8842', confirmNewPassword: 'Nova#Senha-8842' }, token));
    remember('Chute#Errado-777', 'password'); remember('Nova#Senha-8842', 'password');

    // a real driver error carrying all of them as query parameters, logged the way the app logs errors
    const driverError = await database.orm.em.getConnection()
      .execute('select ?::text as hash, ?::text as cpf, ?::text as name, ?::int as boom', [hash, cpfText(c1), n1, 'não é número'])
      .catch((e: unknown) => e);
    expect(driverError).toBeInstanceOf(Error);
    expect(String((driverError as Error).message)).toContain(cpfText(c1)); // the driver itself does put them in the message
    server.logger.error({ err: driverError }, 'unhandled error');
    tried++;

    await server.close(); // flushes the log
    const log = lines.join('');
    expect(log).toMatch(/invalid input syntax for type integer/); // the error was logged, only its values are gone
    for (const [value, label] of secrets) expect(log.includes(value), `${label} found in the log`).toBe(false);
  }, 60_000);
});

/**
 * Bytes over the wire (issue 14): `npm run bench bundle`. Real server, real PostgreSQL, real
 * Chromium (CDP Network events: encodedDataLength of every response, headers included). Each page
 * is loaded in a fresh, cache-less browser context twice in the same run: with the browser's usual
 * Accept-Encoding (brotli/gzip: pre-compressed assets + compressed JSON) and forced to identity (the
 * baseline: what every page cost before issue 14). Target: the dashboard under 150 kB compressed.
 * The built app is copied to a temporary folder and compressed there (BENCH_WEB_DIST picks another
 * build than web/dist), so the bench never writes into a build others use.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { loadConfig } from '../../adapters/src/composition/config';
import { startServer } from '../../adapters/src/composition/server';
import { compressAssets } from '../../scripts/compress-assets.mjs';
import { startTestPostgres } from '../support/test-postgres';

const TARGET_DASHBOARD = 150 * 1024;
const root = path.resolve(import.meta.dirname, '..', '..');
const source = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'web', 'dist'));
if (!fs.existsSync(path.join(source, 'index.html'))) {
  console.error(`${source}/index.html não existe: rode "npm run build".`);
  process.exit(1);
}
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-web-'));
fs.cpSync(source, webDist, { recursive: true, filter: (f) => !/\.(br|gz)$/.test(f) });
compressAssets(webDist);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-bench-data-'));
const pg = await startTestPostgres();
const server = await startServer(loadConfig({
  NODE_ENV: 'test', PORT: '0', DATABASE_URL: pg.url, LIMIAR_DATA_DIR: dataDir, LIMIAR_LOG_LEVEL: 'silent', LIMIAR_WEB_DIST: webDist,
}));
const api = async <T>(route: string, body: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${server.url}/api${route}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

// one professional, a worker with two exams (the exam page compares with the reference)
const password = 'senha-bench-1';
const { token } = await api<{ token: string }>('/auth/register', {
  name: 'Dra. Bench', email: `bench${Date.now()}@clinica.test`, password, confirmPassword: password, professionalType: 'Medico', crm: '123456', crmState: 'SP',
});
const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));
const patient = await api<{ id: string }>('/patients', { name: 'José da Silva', age: 45, sex: 'M', company: 'Metalúrgica Bench', jobTitle: 'Soldador' }, token);
await api('/exams', { patientId: patient.id, date: '2024-03-01', audiogram: { air: air([10, 10, 10, 15, 20, 15, 10]) } }, token);
const exam = await api<{ id: string }>('/exams', { patientId: patient.id, date: '2025-03-01', audiogram: { air: air([10, 15, 15, 30, 45, 40, 20]) } }, token);

interface Transfer { total: number; js: number; css: number; api: number; other: number; encodings: Set<string> }

async function transfer(browser: Browser, route: string, loggedIn: boolean, identity: boolean): Promise<Transfer> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  if (loggedIn) await context.addInitScript((t) => localStorage.setItem('limiar.token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const kinds = new Map<string, string>();
  const result: Transfer = { total: 0, js: 0, css: 0, api: 0, other: 0, encodings: new Set() };
  cdp.on('Network.responseReceived', (e) => {
    const url = new URL(e.response.url);
    kinds.set(e.requestId, url.pathname.startsWith('/api/') ? 'api' : /\.m?js$/.test(url.pathname) ? 'js' : url.pathname.endsWith('.css') ? 'css' : 'other');
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    result.encodings.add(String(headers['content-encoding'] ?? 'identity'));
  });
  cdp.on('Network.loadingFinished', (e) => {
    const kind = (kinds.get(e.requestId) ?? 'other') as 'js' | 'css' | 'api' | 'other';
    result[kind] += e.encodedDataLength;
    result.total += e.encodedDataLength;
  });
  await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return result;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-quic'],
});
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(9);
const pages = [
  { name: '/login', route: '/login', loggedIn: false },
  { name: '/dashboard', route: '/dashboard', loggedIn: true },
  { name: 'exam detail', route: `/exams/${exam.id}`, loggedIn: true },
];
let dashboard = Infinity;
let identityOnly = true;
console.log('bytes over the wire (Chromium CDP encodedDataLength, headers included; fresh context, no cache)');
console.log(`  ${'page'.padEnd(12)} ${'identity'.padStart(9)} ${'compressed'.padStart(10)}  ratio   JS identity → compressed   API identity → compressed  encodings`);
try {
  for (const p of pages) {
    const before = await transfer(browser, p.route, p.loggedIn, true);
    const after = await transfer(browser, p.route, p.loggedIn, false);
    identityOnly &&= before.encodings.size === 1 && before.encodings.has('identity');
    if (p.name === '/dashboard') dashboard = after.total;
    console.log(`  ${p.name.padEnd(12)} ${kb(before.total)} ${kb(after.total).padStart(10)}  ${(after.total / before.total).toFixed(2)}x  ${kb(before.js)} → ${kb(after.js)}      ${kb(before.api)} → ${kb(after.api)}   ${[...after.encodings].join(',')}`);
  }
} finally {
  await browser.close();
  await server.close();
  await pg.stop();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (!identityOnly) console.log('  (aviso: a linha de base recebeu respostas comprimidas; o Chromium ignorou Accept-Encoding: identity)');
const ok = dashboard < TARGET_DASHBOARD;
console.log(`  dashboard compressed: ${kb(dashboard).trim()} (target < ${kb(TARGET_DASHBOARD).trim()}) ${ok ? 'OK' : 'ABOVE TARGET'}`);
process.exit(ok ? 0 : 1);

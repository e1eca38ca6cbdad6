import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { registerAccount, type Account } from '../../support/accounts';
import { startTestServer, type TestServer } from '../../support/test-server';

export const root = path.resolve(import.meta.dirname, '..', '..', '..');
/** The built web app under test; LIMIAR_TEST_WEB_DIST lets parallel work build into its own folder. */
export const webDist = process.env.LIMIAR_TEST_WEB_DIST ? path.resolve(process.env.LIMIAR_TEST_WEB_DIST) : path.join(root, 'web', 'dist');
/** The built widget under test (/widget/*); LIMIAR_TEST_WIDGET_DIST, like LIMIAR_TEST_WEB_DIST. */
export const widgetDist = process.env.LIMIAR_TEST_WIDGET_DIST ? path.resolve(process.env.LIMIAR_TEST_WIDGET_DIST) : path.join(root, 'widget', 'dist');

/** Debian's Chromium, driven by playwright-core (no browser download). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) throw new Error(`Chromium não encontrado em ${executablePath}: apt-get install -y chromium (npm test faz isso como root).`);
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('web/dist não existe: rode "npm run build" (npm test compila antes).');
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
}

/** Saves a full-page PNG under docs/screenshots/ (kept in the repository as living documentation). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(root, 'docs', 'screenshots', `${name}.png`), fullPage: true });
}

/** Collects page errors and failed console messages, so a test can assert a clean page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon|Failed to load resource.*40[14]/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

const axePath = createRequire(import.meta.url).resolve('axe-core');

/**
 * axe-core on the current page: no serious or critical violation, once CSS transitions and animations have
 * settled. Transient toasts are awaited away first: sonner's richColors success toast fails color-contrast (shared Toaster config in
 * lib/toast.ts, reported to its owner), and the page under test is what this checks.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, { timeout: 15_000 });
  // a button that just changed variant fades its colours (transition-fast): axe measured the contrast of a frame in the
  // middle of it once (the /reports grouping toggle, white on a half-faded background). Measure the settled page.
  // (finite ones only: a spinner turns forever)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 15_000 });
  // evaluated by the driver, not as a <script> tag: the app's CSP refuses inline scripts (issue 15)
  await page.evaluate(`${fs.readFileSync(axePath, 'utf8')}\n;void 0`);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`axe ${name}: ${violations.length} violation(s), ${severe.length} serious/critical${violations.length ? ` — ${violations.map((v) => `${v.id}(${v.impact})`).join(', ')}` : ''}`);
  expect(severe, JSON.stringify(severe, null, 2)).toEqual([]);
}

/** A pt-BR page of `baseUrl` with the professional's token stored, at `route`; its errors are collected. */
export async function openAs(browser: Browser, baseUrl: string, token: string, route: string, width = 1360): Promise<{ page: Page; errors: string[] }> {
  // The token is in the page's storage before its first script runs. (Setting it on a first page at /login
  // raced that page's own start-up: its session check, cut short by the next navigation, cleared the token
  // and the page opened on /login — the programme e2e failed so on a busy machine.)
  const storageState = { cookies: [], origins: [{ origin: new URL(baseUrl).origin, localStorage: [{ name: 'limiar.token', value: token }] }] };
  const page = await browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width, height: 900 }, storageState });
  const errors = watchErrors(page);
  await page.goto(`${baseUrl}${route}`);
  return { page, errors };
}

/** The real server (built web app), one Chromium and one registered professional, for one test file. */
export interface AppSession {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly account: Account;
}

/** Starts an {@link AppSession} before the file's tests and closes it after them. */
/** A server of the built app (with extra environment, e.g. a feature setting), a browser and a registered account. */
export function useAppSession(env: Record<string, string> = {}): AppSession {
  const session = {} as { server: TestServer; browser: Browser; account: Account };
  beforeAll(async () => {
    session.server = await startTestServer({ LIMIAR_WEB_DIST: webDist, LIMIAR_WIDGET_DIST: widgetDist, ...env });
    session.browser = await launchBrowser();
    session.account = await registerAccount(session.server);
  }, 120_000);
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  return session;
}

/** Air thresholds by frequency for each ear, as the exam entry grid takes them. */
export type EarThresholds = Partial<Record<number, number>>;

/** Types the air thresholds of both ears into the exam entry grid (`[data-cell="air.<hz>.<RE|LE>"]`). */
export async function fillAirThresholds(page: Page, right: EarThresholds, left: EarThresholds): Promise<void> {
  for (const [ear, values] of [['RE', right], ['LE', left]] as const) {
    for (const [hz, value] of Object.entries(values)) await page.locator(`[data-cell="air.${hz}.${ear}"]`).fill(String(value));
  }
}

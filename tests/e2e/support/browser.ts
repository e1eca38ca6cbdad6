import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const webDist = path.join(root, 'web', 'dist');

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

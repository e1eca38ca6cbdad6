import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { launchBrowser, screenshot, watchErrors, webDist } from './support/browser';

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('protected routes (real build, real server, real Chromium)', () => {
  it.each(['/dashboard', '/patients', '/reports/abc/evolution', '/settings'])('an anonymous visit to %s lands on /login, history replaced', async (route) => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${t.url}/`);
    await page.goto(`${t.url}${route}`);
    await page.waitForFunction(() => location.pathname === '/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    // history was replaced: going back does not return to the protected route
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe(route);
    expect(errors).toEqual([]);
    if (route === '/dashboard') await screenshot(page, 'foundation-login-redirect');
    await page.close();
  });

  it('a stored but invalid token is cleared and the visitor lands on /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await page.evaluate(() => localStorage.setItem('limiar.token', 'token-invalido'));
    await page.goto(`${t.url}/dashboard`);
    await page.waitForFunction(() => location.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('limiar.token'))).toBeNull();
    await page.close();
  });
});

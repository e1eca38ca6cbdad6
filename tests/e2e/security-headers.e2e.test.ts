import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { json } from '../support/accounts';
import { screenshot, useAppSession, watchErrors } from './support/browser';

/**
 * Issue 15, defect 10: the web app under its strict Content-Security-Policy (scripts only from the
 * app's origin, no inline script, no framing). Real build, real server, real Chromium: the
 * dashboard, an exam with its Plotly audiogram and the report wizard render with no CSP violation.
 */
const app = useAppSession();
const air = (v: number) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: v, le: v + 5 }]));

/** A page with the session stored that records every CSP violation the browser reports. */
async function openWatched(route: string): Promise<{ page: Page; errors: string[]; violations: () => Promise<string[]> }> {
  const page = await app.browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1360, height: 900 } });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const errors = watchErrors(page);
  await page.goto(`${app.server.url}/login`);
  await page.evaluate((t) => localStorage.setItem('limiar.token', t), app.account.token);
  const response = await page.goto(`${app.server.url}${route}`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  return { page, errors, violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp) };
}

describe('the web app under its Content-Security-Policy (issue 15)', () => {
  it('dashboard, exam detail with the Plotly audiogram and the wizard run with no CSP violation', async () => {
    const post = (p: string, body: unknown) => app.server.request(p, json(body, app.account.token));
    const patient = await (await post('/api/patients', { name: 'Rosa Política Segura', age: 44, sex: 'F' })).json();
    const created = await post('/api/exams', { patientId: patient.id, date: '2026-03-10', repousoHoras: 14, audiogram: { air: air(25), bone: {} } });
    expect(created.status, await created.clone().text()).toBe(201);
    const exam = await created.json();

    const dashboard = await openWatched('/dashboard');
    await dashboard.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await dashboard.page.getByRole('link', { name: /Exames\s*1/ }).waitFor();
    expect(await dashboard.violations()).toEqual([]);
    expect(dashboard.errors).toEqual([]);
    await dashboard.page.close();

    const detail = await openWatched(`/exams/${exam.id}`);
    await detail.page.locator('.audiogram__plot .main-svg').first().waitFor({ timeout: 30_000 }); // Plotly drew
    await screenshot(detail.page, 'security-csp-exam-detail');
    expect(await detail.violations()).toEqual([]);
    expect(detail.errors).toEqual([]);
    await detail.page.close();

    const wizard = await openWatched(`/report-wizard?examId=${exam.id}`);
    const modal = wizard.page.getByRole('dialog', { name: 'Complete seu perfil médico' });
    await modal.waitFor();
    await modal.getByLabel('Especialização').selectOption('Medicina do Trabalho');
    await modal.getByRole('button', { name: 'Salvar e continuar' }).click();
    await wizard.page.getByRole('heading', { name: 'Selecione o paciente e o médico' }).waitFor();
    expect(await wizard.violations()).toEqual([]);
    expect(wizard.errors).toEqual([]);
    await wizard.page.close();
  }, 120_000);

  it('a page of the app cannot be framed by another site', async () => {
    const res = await app.server.request('/dashboard');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

import { describe, expect, it } from 'vitest';
import { bearer, inviteMember, json, type Account } from '../support/accounts';
import { expectAccessible, openAs, screenshot, useAppSession } from './support/browser';

/**
 * Issue 18 attribution as the pages show it (real build, server, PostgreSQL and Chromium): in one
 * organisation a técnico records an exam, a fonoaudióloga organises its laudo and the founding
 * physician finalises it; the exam page names who recorded it and the laudo page who drafted and
 * who finalised it, with registry and date-time.
 */

const app = useAppSession();
const call = async (who: Account, path: string, body?: unknown) => {
  const res = await app.server.request(path, body === undefined ? bearer(who.token) : json(body, who.token));
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json();
};
const air = Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: 15, le: 15 }]));
const DATE_TIME = '\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}';

describe('who did it, on the pages (issue 18)', () => {
  it('the exam page names the técnico who recorded it; the laudo page the fonoaudióloga who drafted and the physician who finalised', async () => {
    const tecnico = await inviteMember(app.server, app.account, ['tecnico'], { name: 'Bruno Técnico' });
    const fono = await inviteMember(app.server, app.account, ['fonoaudiologo'], { name: 'Fga. Lia Souza', crfa: '12345', crfaRegion: '2' });
    const worker = await call(tecnico, '/api/patients', { name: 'Renata Atribuída', age: 39, sex: 'F' });
    const exam = await call(tecnico, '/api/exams', { patientId: worker.id, date: '2025-05-12', repousoHoras: 14, audiogram: { air } });
    const laudo = await call(fono, `/api/reports/generate/${exam.id}`, { audiometryType: 'simple' });
    const finalized = await call(app.account, `/api/reports/${laudo.id}/finalize`, {});
    const physician = finalized.finalizedBy as { name: string; registry: string };

    const { page, errors } = await openAs(app.browser, app.server.url, app.account.token, `/exams/${exam.id}`);
    const recorded = page.locator('.exam-facts div').filter({ has: page.getByText('Registrado por', { exact: true }) }).locator('dd');
    await recorded.waitFor();
    expect(await recorded.textContent()).toMatch(new RegExp(`^Bruno Técnico em ${DATE_TIME}$`));
    await expectAccessible(page, '/exams/{id} (attribution)');

    await page.goto(`${app.server.url}/reports/${laudo.id}`);
    await page.getByText(/^Elaborado por Fga\. Lia Souza \(CRFa 2-12345\) em /).waitFor();
    const finalizer = page.getByText(/^Finalizado por /);
    expect(await finalizer.textContent()).toMatch(new RegExp(`^Finalizado por ${physician.name.replace(/[.()]/g, '\\$&')} \\(${physician.registry.replace('/', '\\/')}\\) em ${DATE_TIME}$`));
    await expectAccessible(page, '/reports/{id} (attribution)');
    await screenshot(page, 'attribution-laudo-detail');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});

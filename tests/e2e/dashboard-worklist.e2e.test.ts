import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { prng, renderLayout, writeTextPdf } from '../fixtures/audiogram-generator';
import { bearer, json } from '../support/accounts';
import { expectAccessible, openAs, screenshot, useAppSession } from './support/browser';

/**
 * Issue 14, defect 7: the dashboard's "Pendências". Real build, server, PostgreSQL and Chromium; the
 * data is made through the API as a user's work would make it (typed exams, an upload of another
 * person's PDF, a drafted laudo). The error state blocks /api/worklist with Chromium's own URL blocking.
 */

const app = useAppSession();

const HZ = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
const flat = (db: number, over: Record<number, number> = {}) => Object.fromEntries(HZ.map((hz) => [String(hz), { re: over[hz] ?? db, le: over[hz] ?? db }]));
const post = async (path: string, body: Record<string, unknown>) => {
  const res = await app.server.request(path, json(body, app.account.token));
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json();
};
const worker = async (name: string) => (await post('/api/patients', { name, age: 45, sex: 'M', company: 'Metalúrgica Aurora' })).id as string;
const exam = async (patientId: string, date: string, air: Record<string, unknown> = {}) => post('/api/exams', { patientId, date, audiogram: { air, bone: {} }, repousoHoras: 14 });

async function openDashboard(width = 1360): Promise<{ page: Page; errors: string[] }> {
  const opened = await openAs(app.browser, app.server.url, app.account.token, '/dashboard', width);
  await opened.page.getByRole('heading', { name: 'Pendências', level: 2 }).waitFor();
  return opened;
}
const group = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) });
const count = (page: Page, key: string) => page.getByTestId(`worklist-count-${key}`);

describe('dashboard worklist (Pendências)', () => {
  it('(1) with nothing to do: "Nenhuma pendência"', async () => {
    const { page, errors } = await openDashboard();
    await page.getByRole('heading', { name: 'Nenhuma pendência' }).waitFor();
    await page.getByText('Exames, laudos e leituras estão em dia.').waitFor();
    await screenshot(page, 'dashboard-worklist-empty');
    expect(errors).toEqual([]);
    await page.close();
  });

  let readingExamId = '';
  let draftExamId = '';
  let changeExamId = '';

  it('(2) groups with counts, each item a click away, "Ver todos" for a long group; keyboard and axe', async () => {
    // Roberto: normal reference, then a 3–6 kHz notch → desencadeamento on his latest exam.
    const roberto = await worker('Roberto Pendente');
    await exam(roberto, '2023-03-01', flat(10));
    const change = await exam(roberto, '2025-03-01', flat(10, { 3000: 30, 4000: 40, 6000: 35 }));
    expect(change.classification.desencadeamento).toBe(true);
    changeExamId = change.id;
    // Sílvia: a PDF of another person uploaded to her exam, held for review.
    const silvia = await worker('Sílvia Pendente');
    const held = await exam(silvia, '2025-04-01');
    readingExamId = held.id;
    const set = { origin: 'e2e', right: { air: { 500: 10, 1000: 10, 2000: 15, 3000: 20, 4000: 25, 6000: 20, 8000: 15 } }, left: { air: { 500: 10, 1000: 10, 2000: 15, 3000: 20, 4000: 25, 6000: 20, 8000: 15 } } };
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(writeTextPdf([renderLayout('A', set, prng(3), { name: 'João Pedro Araújo' })]))]), 'joao.pdf');
    form.set('examId', held.id);
    form.set('uploadedBy', app.account.user.id);
    const up = await (await app.server.request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${app.account.token}` } })).json();
    expect(up.reviewPending).toBe(true);
    // Teresa: a laudo drafted for her exam; and eight more workers' exams without laudo.
    const teresa = await worker('Teresa Rascunho');
    const teresaExam = await exam(teresa, '2025-02-10', flat(15));
    draftExamId = teresaExam.id;
    await post(`/api/reports/generate/${teresaExam.id}`, { audiometryType: 'simple' });
    for (let i = 1; i <= 8; i++) await exam(await worker(`Trabalhador ${String(i).padStart(2, '0')}`), `2024-0${(i % 9) + 1}-15`, flat(10));

    const api = await (await app.server.request('/api/worklist', bearer(app.account.token))).json();
    const { page, errors } = await openDashboard();
    for (const key of ['readingsToReview', 'unaddressedChanges', 'draftReports', 'examsWithoutReport']) {
      await expect.poll(() => count(page, key).textContent(), { message: key }).toBe(String(api[key].total));
    }
    expect(api.readingsToReview.total).toBe(1);
    expect(api.unaddressedChanges.total).toBe(1);
    expect(api.draftReports.total).toBe(1);
    expect(api.examsWithoutReport.total).toBe(11);

    const readings = group(page, 'Leituras aguardando revisão');
    await readings.getByText('joao.pdf: arquivo de outra pessoa').waitFor();
    const changes = group(page, 'Desencadeamento ou agravamento sem laudo');
    await changes.getByText(/^Desencadeamento · Metalúrgica Aurora$/).waitFor();
    const exams = group(page, 'Exames sem laudo');
    // Capped at five, with "Ver todos".
    expect(await exams.getByRole('link').count()).toBe(5);
    await screenshot(page, 'dashboard-worklist');
    await expectAccessible(page, '/dashboard with the worklist');

    await exams.getByRole('button', { name: 'Ver todos (11)' }).click();
    await expect.poll(() => exams.getByRole('link').count()).toBe(11);
    await exams.getByRole('link', { name: /Trabalhador 08/ }).waitFor();
    await exams.getByRole('button', { name: 'Mostrar menos' }).click();
    await expect.poll(() => exams.getByRole('link').count()).toBe(5);

    // Keyboard: focus the held reading's link and press Enter → the exam, with the mismatch shown.
    const readingLink = readings.getByRole('link', { name: /Sílvia Pendente — exame de 01\/04\/2025/ });
    await readingLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/exams/${readingExamId}`);
    await page.getByTestId('identity-mismatch').getByText('O arquivo é de João Pedro Araújo; o trabalhador é Sílvia Pendente.').waitFor({ timeout: 15_000 });
    await page.goBack();
    await page.getByRole('heading', { name: 'Pendências', level: 2 }).waitFor();

    // The draft opens in the laudo editor; the change opens its exam.
    await group(page, 'Laudos em rascunho').getByRole('link', { name: /Teresa Rascunho/ }).click();
    await page.waitForURL(`**/report/${draftExamId}`);
    await page.goBack();
    await group(page, 'Desencadeamento ou agravamento sem laudo').getByRole('link', { name: /Roberto Pendente/ }).click();
    await page.waitForURL(`**/exams/${changeExamId}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('(3) archiving a worker removes it from the worklist', async () => {
    const patients = await (await app.server.request('/api/patients?q=Sílvia', bearer(app.account.token))).json();
    const silvia = (Array.isArray(patients) ? patients : patients.items).find((p: { name: string }) => p.name === 'Sílvia Pendente');
    const del = await app.server.request(`/api/patients/${silvia.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${app.account.token}` } });
    expect(del.status).toBeLessThan(300);
    const { page, errors } = await openDashboard();
    await expect.poll(() => count(page, 'readingsToReview').textContent()).toBe('0');
    await group(page, 'Leituras aguardando revisão').getByText('Nada pendente.').waitFor();
    expect(await page.getByText('Sílvia Pendente').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('(4) loading and error states, then a retry that loads', async () => {
    const page = await app.browser.newPage({ locale: 'pt-BR', viewport: { width: 1360, height: 900 } });
    await page.goto(`${app.server.url}/login`);
    await page.evaluate((t) => localStorage.setItem('limiar.token', t), app.account.token);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setBlockedURLs', { urls: ['*/api/worklist*'] });
    await page.goto(`${app.server.url}/dashboard`);
    await page.getByText('Carregando pendências...').waitFor();
    await page.getByText('Não foi possível carregar as pendências. Tente novamente.').waitFor({ timeout: 20_000 });
    await screenshot(page, 'dashboard-worklist-error');
    await cdp.send('Network.setBlockedURLs', { urls: [] });
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('region', { name: /^Exames sem laudo/ }).waitFor({ timeout: 15_000 });
    await page.close();
  });

  it('(5) fits a 390 px phone: nothing wider than the screen', async () => {
    const { page, errors } = await openDashboard(390);
    await page.getByRole('region', { name: /^Exames sem laudo/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-worklist-phone');
    expect(errors).toEqual([]);
    await page.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, openAs, screenshot, webDist } from './support/browser';

/**
 * Issue 14 follow-ups in the browser (real build, server, PostgreSQL and Chromium; nothing mocked):
 * - the laudo editor says when the exam changed after the laudo was organised and reorganises it;
 * - the wizard treats a reading held for review (another person's file) as waiting for the
 *   professional, not as a failed analysis, and goes on once it is applied.
 */

let t: TestServer;
let browser: Browser;
let account: Account;
const air = (v: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: v[i] }]));
const api = (p: string, body: unknown, method = 'POST') => t.request(p, json(body, account.token, method));
const get = async (p: string) => (await t.request(p, bearer(account.token))).json();

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist });
  browser = await launchBrowser();
  account = await registerAccount(t, { name: 'Dra. Beatriz Revisão' });
  // a complete profile: no completion modal in these walks
  const profile = await api(`/api/users/me/profile?userId=${account.user.id}`, { Crm: '123456', CrmState: 'SP', Specialization: 'Medicina do Trabalho', ProfessionalId: null }, 'PUT');
  expect(profile.status, await profile.clone().text()).toBe(200);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const openPage = (route: string, width?: number) => openAs(browser, t.url, account.token, route, width);
const next = (page: Page) => page.getByRole('button', { name: 'Próximo', exact: true });

describe('laudo follow-ups (real build, real server, real Chromium)', () => {
  it('/report/{examId}: an exam corrected after drafting shows the banner; "Reorganizar laudo" brings the corrected date and keeps the edit', async () => {
    const p = await (await api('/api/patients', { name: 'Caetano Corrigido', age: 52, sex: 'M', company: 'Usina Revisão' })).json();
    const exam = await (await api('/api/exams', { patientId: p.id, date: '2025-04-10', operatorName: 'Fga. Antiga', repousoHoras: 14, ambiente: { calibracaoAtual: '2025-01-05' }, audiogram: { air: air([10, 10, 15, 35, 45, 40, 20]) } })).json();
    const report = await (await api(`/api/reports/generate/${exam.id}`, { audiometryType: 'simple' })).json();
    const draft = JSON.parse(report.draftJson);
    expect((await api(`/api/reports/${report.id}`, { draftJson: JSON.stringify({ ...draft, interpretacao_exame: 'INTERP-UI-4K escrita pela médica.' }) }, 'PUT')).status).toBe(200);
    expect((await api(`/api/exams/${exam.id}`, { date: '2025-04-08', operatorName: 'Fga. Corrigida' }, 'PATCH')).status).toBe(200);

    const { page, errors } = await openPage(`/report/${exam.id}`);
    const banner = page.getByRole('alert').filter({ hasText: 'O exame foi alterado depois que este laudo foi organizado' });
    await banner.waitFor();
    await banner.getByText(/Mudou desde a organização: dados do exame/).waitFor();
    await expectAccessible(page, '/report/{examId} with a stale draft');
    await screenshot(page, 'report-editor-stale-draft');

    // with the keyboard: Tab to the action, Enter
    const action = banner.getByRole('button', { name: 'Reorganizar laudo' });
    await action.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Laudo reorganizado com os dados atuais do exame.').first().waitFor();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Seus textos editados foram mantidos em: Interpretação' }).waitFor();
    await page.getByText(/08\/04\/2025/).first().waitFor(); // the regenerated summary states the corrected date
    const after = await get(`/api/reports/${report.id}`);
    expect(after.stale).toBe(false);
    const now = JSON.parse(after.draftJson);
    expect(now.facts.exam).toMatchObject({ date: '2025-04-08', operatorName: 'Fga. Corrigida' });
    expect(now.interpretacao_exame).toBe('INTERP-UI-4K escrita pela médica.');
    expect((await api(`/api/reports/${report.id}/finalize`, {})).status).toBe(200);

    // finalised: the exam's record is now kept as the laudo states it
    expect((await api(`/api/exams/${exam.id}`, { operatorName: 'Fga. Outra' }, 'PATCH')).status).toBe(409);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('/report/{examId} at 390 px: the stale banner and "Reorganizar laudo" fit the screen', async () => {
    const p = await (await api('/api/patients', { name: 'Dalva Celular', age: 39, sex: 'F' })).json();
    const exam = await (await api('/api/exams', { patientId: p.id, date: '2025-02-03', repousoHoras: 14, audiogram: { air: air([10, 10, 10, 15, 15, 10, 10]) } })).json();
    expect((await api(`/api/reports/generate/${exam.id}`, { audiometryType: 'simple' })).status).toBe(201);
    expect((await api(`/api/exams/${exam.id}/audiogram`, { audiogram: { air: air([10, 10, 15, 30, 40, 35, 15]) } }, 'PUT')).status).toBe(200);
    const { page, errors } = await openPage(`/report/${exam.id}`, 390);
    const banner = page.getByRole('alert').filter({ hasText: 'O exame foi alterado depois que este laudo foi organizado' });
    await banner.getByText(/limiares e classificação/).waitFor();
    await banner.getByRole('button', { name: 'Reorganizar laudo' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'report-editor-stale-draft-390');
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('wizard step 6: the exam corrected during the review → finalising is refused, the banner offers "Reorganizar laudo", then the laudo is finalised', async () => {
    const p = await (await api('/api/patients', { name: 'Elias Durante Revisão', age: 58, sex: 'M' })).json();
    const exam = await (await api('/api/exams', { patientId: p.id, date: '2025-05-05', operatorName: 'Fga. Primeira', repousoHoras: 14, ambiente: { calibracaoAtual: '2025-01-05' }, audiogram: { air: air([10, 10, 15, 35, 45, 40, 20]) } })).json();
    const { page, errors } = await openPage(`/report-wizard?examId=${exam.id}`);
    await page.getByRole('heading', { level: 2, name: 'Selecione o paciente e o médico' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Paciente', exact: true }).inputValue()).toBe(p.id);
    await next(page).click();
    await page.getByLabel('Eletiva').check();
    await next(page).click();
    await page.getByLabel('Audiometria Simples').check();
    await next(page).click();
    await page.getByRole('heading', { level: 2, name: 'Exame do laudo' }).waitFor();
    await expect.poll(() => next(page).isDisabled()).toBe(false);
    await next(page).click();
    await page.getByRole('button', { name: 'Organizar Laudo Agora' }).click();
    await page.getByRole('heading', { level: 2, name: 'Revisar e editar o laudo' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('O exame foi alterado depois que este laudo foi organizado').count()).toBe(0);

    // meanwhile the audiologist corrects the exam's date
    expect((await api(`/api/exams/${exam.id}`, { date: '2025-05-02' }, 'PATCH')).status).toBe(200);
    await next(page).click();
    await page.getByText(/Erro ao finalizar laudo: O exame foi alterado depois que este laudo foi organizado/).waitFor();
    const banner = page.getByRole('alert').filter({ hasText: 'Mudou desde a organização' });
    await banner.waitFor();
    await screenshot(page, 'report-wizard-step-6-stale');
    await banner.getByRole('button', { name: 'Reorganizar laudo' }).click();
    await banner.waitFor({ state: 'detached' });
    await next(page).click();
    await page.getByRole('heading', { level: 2, name: 'Laudo Finalizado!' }).waitFor({ timeout: 30_000 });
    await page.getByText(/02\/05\/2025/).first().waitFor(); // step 7 states the corrected exam date
    const laudo = await get(`/api/reports/exam/${exam.id}`);
    expect(laudo).toMatchObject({ status: 'Finalizado', examDate: '2025-05-02' });
    expect(JSON.parse(laudo.draftJson).facts.exam.date).toBe('2025-05-02');
    expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
    await page.close();
  }, 150_000);

  it('wizard step 4: a reading held for review (another person\'s file) waits for the professional — no failure banner — and the wizard goes on once it is applied', async () => {
    const p = await (await api('/api/patients', { name: 'Ana Paula Souza Lima', age: 41, sex: 'F', cpf: '529.982.247-25', birthDate: '1985-04-12' })).json();
    const exam = await (await api('/api/exams', { patientId: p.id, date: '2025-03-10', operatorName: 'Fernanda Rocha' })).json();
    const joao: ThresholdSet = {
      origin: 'e2e:joao-wizard',
      right: { air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 } },
      left: { air: { 250: 10, 500: 15, 1000: 15, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: 30 } },
    };
    const pdf = Buffer.from(writeTextPdf([renderLayout('C', joao, prng(5), { name: 'João Pedro Araújo', nameLabel: 'Nome:', cpf: '11144477735', cpfStyle: 'formatted', birthDate: '1979-08-30', birthLabel: 'Data de nasc.:' })]));

    const { page, errors } = await openPage(`/report-wizard?examId=${exam.id}`);
    await page.getByRole('heading', { level: 2, name: 'Selecione o paciente e o médico' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Paciente', exact: true }).inputValue()).toBe(p.id);
    await next(page).click();
    await page.getByLabel('Eletiva').check();
    await next(page).click();
    await page.getByLabel('Audiometria Simples').check();
    await next(page).click();
    await page.getByRole('heading', { level: 2, name: 'Exame do laudo' }).waitFor();

    await page.getByTestId('file-drop-input').setInputFiles({ name: 'audiometria-joao.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect.poll(() => page.locator('.file-item').filter({ hasText: 'audiometria-joao.pdf' }).getAttribute('data-state'), { timeout: 20_000 }).toBe('uploaded');

    // waiting for the professional: the status panel's warning and the wizard's guidance, no failure
    await page.locator('.ai-status').getByRole('alert').filter({ hasText: 'Leitura aguardando sua revisão' }).waitFor();
    const waiting = page.getByRole('status').filter({ hasText: 'aplique a leitura para prosseguir' });
    await waiting.waitFor();
    await page.getByTestId('identity-mismatch').getByText('O arquivo é de João Pedro Araújo; o trabalhador é Ana Paula Souza Lima.').waitFor({ timeout: 15_000 });
    const failure = 'Nenhum arquivo foi analisado com sucesso pela IA';
    expect(await page.locator('.ui-banner--error').filter({ hasText: failure }).count()).toBe(0);
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByText('Revise a leitura retida e aplique-a (ou preencha os limiares) antes de prosseguir').waitFor();
    await expectAccessible(page, '/report-wizard step 4 with a held reading');
    await screenshot(page, 'report-wizard-step-4-reading-held');

    // apply it (confirmation required), with the keyboard
    await page.getByRole('checkbox', { name: 'Confirmo que este arquivo é de Ana Paula Souza Lima' }).check();
    const apply = page.getByRole('button', { name: 'Aplicar leitura ao exame' });
    await apply.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Leitura aplicada ao exame e classificação recalculada.').waitFor();
    await expect.poll(() => next(page).isDisabled()).toBe(false);
    await waiting.waitFor({ state: 'detached' });
    expect(await page.locator('.ui-banner--error').filter({ hasText: failure }).count()).toBe(0);
    await next(page).click();
    await page.getByRole('heading', { level: 2, name: 'Organizar laudo com IA' }).waitFor();
    const applied = await get(`/api/exams/${exam.id}`);
    expect(applied.audiogram.air['4000']).toEqual({ re: 50, le: 45 });
    expect(errors).toEqual([]);
    await page.close();
  }, 150_000);
});

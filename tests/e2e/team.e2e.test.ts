import os from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../core/src/index';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { bearer, json, registerAccount } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, screenshot, watchErrors, webDist, fillAirThresholds } from './support/browser';

/**
 * Issue 18 acceptance, in real Chromium against the real build, server and PostgreSQL: the
 * administrator registers and invites a técnico and a médico from Configurações › Equipe (the link
 * copied from the page); each accepts in their own browser; the técnico registers a worker, records
 * an exam and uploads its audiogram but is not offered the laudo (and the API refuses it, 403); the
 * médico drafts and finalises it; the administrator deactivates the técnico, whose open page is
 * refused at the next request and whose new login is refused in pt-BR. Last, the médico is invited
 * by a second organisation and picks one after login, then switches from the menu.
 */

let t: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const STAMP = Date.now();
const ADMIN = 'Dra. Marta Administradora';
const ADMIN_EMAIL = `marta.${STAMP}@clinica.test`;
const TECH = 'Carlos Técnico Silva';
const TECH_EMAIL = `carlos.${STAMP}@clinica.test`;
const DOC = 'Dr. Paulo Reis';
const DOC_EMAIL = `paulo.${STAMP}@clinica.test`;
const PASSWORD = 'Senha-Forte-2026';
const WORKER = 'Joana Prensista Almeida';

/** Each person has their own browser (cookies, storage, session). */
async function personPage(): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1360, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page), context };
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('limiar.token') ?? '');
const path = (page: Page) => new URL(page.url()).pathname;

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist });
  browser = await launchBrowser();
}, 120_000);
/** What each browser showed when a step failed, outside the repository (for the person reading the failure). */
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const [i, c] of contexts.entries()) {
    for (const [j, p] of c.pages().entries()) await p.screenshot({ path: `${os.tmpdir()}/team-e2e-failed-${i}-${j}.png`, fullPage: true }).catch(() => undefined);
  }
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

/** Configurações › Equipe of the page's administrator. */
async function openTeam(page: Page) {
  await page.goto(`${t.url}/settings`);
  await page.getByRole('tab', { name: 'Equipe' }).click();
  await page.getByRole('table', { name: 'Membros da equipe' }).waitFor();
}

/** Invites `email` as `role` from the Equipe tab; returns the link as shown (and copied) on the page. */
async function invite(page: Page, email: string, role: 'tecnico' | 'medico', shot?: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Convidar membro' });
  await form.getByLabel('E-mail do convidado').fill(email);
  await form.getByLabel('Papel profissional').selectOption(role);
  await form.getByRole('button', { name: 'Criar convite' }).click();
  const field = page.getByLabel('Link do convite');
  await field.waitFor();
  const link = await field.inputValue();
  expect(link).toMatch(new RegExp(`^${t.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/convite#token=`));
  expect(await field.getAttribute('readonly')).not.toBeNull();
  await page.getByText(/Nenhum e-mail foi enviado/).waitFor(); // no SMTP_URL in this server
  if (shot) {
    await expectAccessible(page, 'Equipe: link do convite');
    await screenshot(page, shot);
  }
  await page.getByRole('button', { name: 'Copiar link' }).click();
  await page.getByRole('button', { name: 'Link copiado' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.getByRole('button', { name: 'Concluir' }).click();
  // shown once: gone from the page, the invitation listed as pending
  await field.waitFor({ state: 'detached' });
  await page.getByRole('listitem').filter({ hasText: email }).getByRole('button', { name: `Revogar convite de ${email}` }).waitFor();
  return link;
}

describe('teams (issue 18): invitations, roles, attribution, deactivation, several organisations', () => {
  const admin = {} as { page: Page; errors: string[] };
  const tech = {} as { page: Page; errors: string[] };
  const doc = {} as { page: Page; errors: string[]; context: BrowserContext };
  const links = { tech: '', doc: '' };
  let workerId = '';
  let examId = '';
  let reportId = '';

  it('the administrator registers and invites a técnico and a médico from Configurações › Equipe', async () => {
    Object.assign(admin, await personPage());
    await admin.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    const { page } = admin;
    await page.goto(`${t.url}/register`);
    await page.locator('input[name="name"]').fill(ADMIN);
    await page.locator('input[name="email"]').fill(ADMIN_EMAIL);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await page.getByRole('radio', { name: /Médico/ }).check();
    await page.locator('input[name="crm"]').fill('112233');
    await page.locator('select[name="crmState"]').selectOption('SP');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL('**/dashboard');

    await openTeam(page);
    const me = page.getByRole('row').filter({ hasText: ADMIN_EMAIL });
    expect(await me.textContent()).toContain(`${ADMIN} (você)`);
    expect(await me.textContent()).toContain('Administrador(a), Médico(a)');
    links.tech = await invite(page, TECH_EMAIL, 'tecnico', 'team-invite-link');
    links.doc = await invite(page, DOC_EMAIL, 'medico');
    expect(links.doc).not.toBe(links.tech);
  }, 90_000);

  it('each accepts in their own browser: the técnico without a registry, the médico with the CRM (type fixed by the role)', async () => {
    Object.assign(tech, await personPage());
    await tech.page.goto(links.tech);
    await tech.page.getByRole('heading', { name: 'Convite para a equipe' }).waitFor();
    await tech.page.getByText(`Clínica de ${ADMIN}`).waitFor();
    await tech.page.getByRole('definition').filter({ hasText: 'Técnico(a)' }).waitFor();
    expect(await tech.page.locator('input[name="email"]').inputValue()).toBe(TECH_EMAIL);
    await tech.page.getByRole('radio', { name: /Sem registro profissional/ }).check();
    await tech.page.locator('input[name="name"]').fill(TECH);
    await tech.page.locator('input[name="password"]').fill(PASSWORD);
    await tech.page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await expectAccessible(tech.page, '/convite');
    await screenshot(tech.page, 'invitation-accept');
    await tech.page.getByRole('button', { name: 'Criar conta e aceitar' }).click();
    await tech.page.waitForURL('**/dashboard');

    Object.assign(doc, await personPage());
    await doc.page.goto(links.doc);
    await doc.page.getByRole('heading', { name: 'Convite para a equipe' }).waitFor();
    const medico = doc.page.getByRole('radio', { name: /Médico/ });
    await medico.waitFor(); // the form, once the link was checked
    expect(await doc.page.getByRole('radio').count()).toBe(1);
    expect(await medico.isChecked()).toBe(true);
    await doc.page.locator('input[name="name"]').fill(DOC);
    await doc.page.locator('input[name="password"]').fill(PASSWORD);
    await doc.page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await doc.page.locator('input[name="crm"]').fill('445566');
    await doc.page.locator('select[name="crmState"]').selectOption('MG');
    await doc.page.getByRole('button', { name: 'Criar conta e aceitar' }).click();
    await doc.page.waitForURL('**/dashboard');

    // a used link is refused in pt-BR
    const again = await personPage();
    await again.page.goto(links.tech);
    await again.page.getByText(TEAM_MESSAGES.invitationInvalid).waitFor();
    await again.context.close();

    await openTeam(admin.page);
    for (const [email, roles] of [[TECH_EMAIL, 'Técnico(a)'], [DOC_EMAIL, 'Médico(a)']] as const) {
      const row = admin.page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.textContent()).toContain(roles);
      expect(await row.textContent()).toContain('Ativo');
    }
    await admin.page.getByText('Nenhum convite pendente').waitFor();
    await expectAccessible(admin.page, 'Configurações › Equipe');
    await screenshot(admin.page, 'team-members');
  }, 90_000);

  it('the técnico registers the worker, records the exam and uploads the audiogram, but is not offered the laudo and the API refuses it (403)', async () => {
    const { page } = tech;
    await page.goto(`${t.url}/patients/new`);
    await page.getByLabel('Nome Completo').fill(WORKER);
    await page.getByLabel('Idade').fill('38');
    await page.getByLabel('Sexo').selectOption('F');
    await page.getByLabel('Empresa').fill('Metalúrgica Alfa');
    await page.getByRole('button', { name: 'Salvar Paciente' }).click();
    await page.getByText('Paciente cadastrado com sucesso!').waitFor();
    const row = page.getByRole('row', { name: new RegExp(WORKER) });
    workerId = new URL(await row.getByRole('link', { name: `Ver ${WORKER}` }).evaluate((a) => (a as HTMLAnchorElement).href)).pathname.split('/')[2]!;

    await page.goto(`${t.url}/exam/new?patientId=${workerId}`);
    const right = { 250: 15, 500: 15, 1000: 20, 2000: 20, 3000: 35, 4000: 45, 6000: 40, 8000: 25 };
    const left = { 250: 15, 500: 20, 1000: 20, 2000: 25, 3000: 40, 4000: 50, 6000: 45, 8000: 30 };
    await fillAirThresholds(page, right, left);
    await page.getByLabel('Data do exame').fill('2026-11-20');
    await page.getByLabel('Ruído ambiente (dB)').fill('31');
    await page.getByLabel('Data da calibração').fill('2026-03-01');
    await page.getByLabel('Repouso auditivo (horas)').fill('14');
    // the examiner who ran the audiometry (NR-7 Anexo II item 3.3); the técnico records it
    await page.getByLabel('Nome do operador').fill('Fga. Lúcia Prado');
    await page.getByLabel('Registro (CRFa/CRM)').fill('CRFa 4-7788');
    await page.getByRole('button', { name: 'Salvar Exame' }).click();
    await page.waitForURL(/\/exams\/[0-9a-f-]{36}$/);
    examId = path(page).split('/')[2]!;
    await page.getByRole('heading', { name: 'Audiograma do exame' }).waitFor();

    // the audiogram file (the generated text-layer PDF the upload tests use)
    const set: ThresholdSet = { origin: 'e2e:team', right: { air: right }, left: { air: left } };
    const pdf = Buffer.from(writeTextPdf([renderLayout('A', set, prng(18))]));
    await page.getByTestId('file-drop-input').setInputFiles({ name: 'audiometria-joana.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const item = page.locator('.exam-audiogram-upload .file-item').filter({ hasText: 'audiometria-joana.pdf' });
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 20_000 }).toBe('uploaded');

    // the laudo is not offered to a técnico …
    expect(await page.getByRole('link', { name: 'Organizar Laudo' }).count()).toBe(0);
    // … and the API refuses it all the same, in pt-BR
    const refused = await t.request(`/api/reports/generate/${examId}`, json({ audiometryType: 'simple' }, await tokenOf(page)));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Seu papel nesta organização não permite/);
    expect(tech.errors).toEqual([]);
  }, 90_000);

  it('the médico drafts the laudo of that exam; the técnico cannot finalise it (403); the médico finalises it and the laudo names him', async () => {
    const { page } = doc;
    await page.goto(`${t.url}/exams/${examId}`);
    await page.getByRole('link', { name: 'Organizar Laudo' }).click();
    await page.waitForURL(`**/report-wizard?examId=${examId}`);
    // a new physician has no specialization yet: the completion modal asks for it
    const modal = page.getByRole('dialog', { name: 'Complete seu perfil médico' });
    await modal.waitFor();
    await modal.getByLabel('Especialização').selectOption('Medicina do Trabalho');
    await modal.getByRole('button', { name: 'Salvar e continuar' }).click();
    await modal.waitFor({ state: 'hidden' });
    const next = page.getByRole('button', { name: 'Próximo', exact: true });
    const step = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
    await step('Selecione o paciente e o médico').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Paciente', exact: true }).inputValue()).toBe(workerId);
    await next.click();
    await page.getByLabel('Ocupacional (ASO)').check();
    await page.getByRole('group', { name: /Motivo da consulta ocupacional/ }).getByLabel('Periódica').check();
    await next.click();
    await page.getByLabel('Audiometria Simples').check();
    await next.click();
    await step('Exame do laudo').waitFor();
    expect(await page.getByRole('group', { name: 'Exame' }).getByLabel(/Exame de 20\/11\/2026/).isChecked()).toBe(true);
    await next.click();
    await step('Organizar laudo com IA').waitFor();
    await page.getByRole('button', { name: 'Organizar Laudo Agora' }).click();
    await page.getByText('Laudo gerado com sucesso pela IA!').waitFor({ timeout: 30_000 });
    await step('Revisar e editar o laudo').waitFor();
    await page.getByText('Salvo', { exact: true }).waitFor();

    const reports = (await (await t.request('/api/reports', bearer(await tokenOf(tech.page)))).json()) as { id: string; examId: string }[];
    reportId = reports.find((r) => r.examId === examId)!.id;
    const refused = await t.request(`/api/reports/${reportId}/finalize`, json({}, await tokenOf(tech.page)));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Seu papel nesta organização não permite/);

    await next.click();
    await step('Laudo Finalizado!').waitFor({ timeout: 60_000 });
    expect(await page.locator('.wizard__summary').textContent()).toContain('CRM 445566/MG');

    // the laudo page, as the técnico sees it: the physician who signed it, and no editing offered
    await tech.page.goto(`${t.url}/reports/${reportId}`);
    await tech.page.getByRole('heading', { level: 1, name: `Laudo — ${WORKER}` }).waitFor();
    await tech.page.getByText(new RegExp(`· ${DOC}$`)).waitFor();
    // who did what (attribution): drafted and finalised by the médico, with his CRM
    await tech.page.getByText(new RegExp(`^Elaborado por ${DOC} \\(CRM 445566/MG\\) em \\d{2}/\\d{2}/\\d{4}`)).waitFor();
    await tech.page.getByText(new RegExp(`^Finalizado por ${DOC} \\(CRM 445566/MG\\) em \\d{2}/\\d{2}/\\d{4}`)).waitFor();
    expect(await tech.page.getByRole('link', { name: 'Abrir no Editor' }).count()).toBe(0);
    const finalized = (await (await t.request(`/api/reports/${reportId}`, bearer(await tokenOf(page)))).json()) as { status: string };
    expect(finalized.status).toMatch(/final/i);
    expect(doc.errors).toEqual([]);
  }, 180_000);

  it('the administrator deactivates the técnico: the open page is refused at its next request, and logging in again is refused in pt-BR', async () => {
    await openTeam(admin.page);
    await admin.page.getByRole('button', { name: `Desativar ${TECH}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Desativar membro' });
    await dialog.getByText(/perde o acesso à organização agora/).waitFor();
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    const row = admin.page.getByRole('row').filter({ hasText: TECH_EMAIL });
    await row.getByText('Desativado').waitFor();
    await row.getByRole('button', { name: `Reativar ${TECH}` }).waitFor();

    // the técnico's page is still open on the laudo; the next request (the menu) is refused and goes to the login
    await tech.page.getByRole('link', { name: 'Pacientes' }).first().click();
    await tech.page.waitForURL('**/login');
    expect(await tokenOf(tech.page)).toBe('');
    await tech.page.getByLabel('E-mail').fill(TECH_EMAIL);
    await tech.page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await tech.page.getByRole('button', { name: 'Entrar' }).click();
    await tech.page.getByText(TEAM_MESSAGES.noOrganization).waitFor();
    expect(path(tech.page)).toBe('/login');

    // the records he made stay, still attributed to him
    await admin.page.goto(`${t.url}/exams/${examId}`);
    const recorded = admin.page.locator('.exam-facts div').filter({ has: admin.page.getByText('Registrado por', { exact: true }) }).locator('dd');
    await expect.poll(() => recorded.textContent()).toMatch(new RegExp(`^${TECH} em \\d{2}/\\d{2}/\\d{4}`));
    expect(admin.errors).toEqual([]);
  }, 90_000);

  it('a médico in two organisations picks one after login and switches from the menu', async () => {
    const other = await registerAccount(t);
    const otherOrganization = (await (await t.request('/api/auth/me', bearer(other.token))).json()) as { organizationName: string };
    const created = await t.request('/api/team/invitations', json({ email: DOC_EMAIL, roles: ['medico'] }, other.token));
    expect(created.status).toBe(201);
    const { acceptPath } = (await created.json()) as { acceptPath: string };

    // logged in as the invited e-mail: accepted with the open session, no password asked
    const { page } = doc;
    await page.goto(`${t.url}${acceptPath}`);
    await page.getByText(otherOrganization.organizationName, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Aceitar com minha conta' }).click();
    await page.waitForURL('**/dashboard');

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('E-mail').fill(DOC_EMAIL);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/organizacoes');
    await page.getByRole('heading', { level: 1, name: 'Escolha a organização' }).waitFor();
    const options = page.getByRole('radio');
    expect(await options.count()).toBe(2);
    const current = (await (await t.request('/api/auth/me', bearer(await tokenOf(page)))).json()) as { organizationName: string };
    expect(await page.getByRole('radio', { name: new RegExp(current.organizationName) }).isChecked()).toBe(true);
    await expectAccessible(page, '/organizacoes'); // also waits for the logout toast to go
    await screenshot(page, 'organization-picker');

    await page.getByRole('radio', { name: new RegExp(`Clínica de ${ADMIN}`) }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/dashboard');
    const me = () => t.request('/api/auth/me', bearer(localToken)).then((r) => r.json() as Promise<{ organizationName: string }>);
    let localToken = await tokenOf(page);
    expect((await me()).organizationName).toBe(`Clínica de ${ADMIN}`);
    // the worker of the administrator's organisation is visible here
    await page.goto(`${t.url}/patients`);
    await page.getByRole('row', { name: new RegExp(WORKER) }).waitFor();

    // "Trocar organização" in the menu: the other organisation, and every page reloads there
    await page.getByRole('button', { name: 'Trocar organização' }).click();
    await page.getByRole('list', { name: 'Outras organizações' }).getByRole('button', { name: otherOrganization.organizationName }).click();
    await page.getByText(`Agora você está em ${otherOrganization.organizationName}.`).waitFor();
    await page.waitForURL('**/dashboard');
    localToken = await tokenOf(page);
    expect((await me()).organizationName).toBe(otherOrganization.organizationName);
    await page.goto(`${t.url}/patients`);
    await page.getByText('Nenhum paciente cadastrado').waitFor();
    expect(doc.errors).toEqual([]);
  }, 90_000);
});

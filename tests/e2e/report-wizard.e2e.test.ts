import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarAudiogram } from '../../core/src/rules/index';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, openAs, root, screenshot, webDist, fillAirThresholds } from './support/browser';

/**
 * Issue 7, web: the report wizard end to end (simple and nexo-causal), the report list, detail and
 * editor. Real build, real server, real PostgreSQL, real Chromium; no request is mocked. The
 * audiogram uploaded at step 4 is a generated text-layer PDF; the exported laudo is read back
 * with pdftotext.
 */

let t: TestServer;
let browser: Browser;
let account: Account;
const WORKER = 'Roberto Ruído Teste';
const COMPANY = 'Metalúrgica Paulista';
const OTHER = 'Sandra Sem Empresa';
let workerId = '';
let otherId = '';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-wizard-'));

// A worsening noise notch: the reference exam (2023) has a mild dip at 4 kHz; the file uploaded in
// the simple run shows it deeper at 3–6 kHz in both ears (recovery at 8 kHz, bone = air:
// sensorineural); the file of the nexo run, 15 dB deeper still (agravamento against the simple run's exam).
function worseningNotch(stage: 1 | 2): ThresholdSet {
  const d = stage === 1 ? 0 : 15;
  const right: EarAudiogram = {
    air: { 250: 15, 500: 15, 1000: 20, 2000: 25, 3000: 40 + d, 4000: 50 + d, 6000: 45 + d, 8000: 35 },
    bone: { 500: 15, 1000: 20, 2000: 25, 3000: 40 + d, 4000: 50 + d },
  };
  const left: EarAudiogram = {
    air: { 250: 15, 500: 20, 1000: 20, 2000: 25, 3000: 45 + d, 4000: 55 + d, 6000: 50 + d, 8000: 40 },
    bone: { 500: 20, 1000: 20, 2000: 25, 3000: 45 + d, 4000: 55 + d },
  };
  return { origin: `e2e:worsening-notch-${stage}`, right, left };
}
const audiogramPdf = (stage: 1 | 2) => Buffer.from(writeTextPdf([renderLayout('A', worseningNotch(stage), prng(7 + stage))]));
const png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist });
  browser = await launchBrowser();
  account = await registerAccount(t);
  const worker = await (await t.request('/api/patients', json({ name: WORKER, age: 47, sex: 'M', company: COMPANY, jobTitle: 'Caldeireiro' }, account.token))).json();
  workerId = worker.id;
  const other = await (await t.request('/api/patients', json({ name: OTHER, age: 35, sex: 'F' }, account.token))).json();
  otherId = other.id;
  // the reference exam: mild notch, 14 h of rest, two years before
  const pair = (re: number, le: number) => ({ re, le });
  const ref = await t.request('/api/exams', json({
    patientId: workerId, date: '2023-03-10', operatorName: 'Fernanda Rocha', operatorRegistration: 'CRFa 2-12345', repousoHoras: 14,
    ambiente: { ruidoDb: 30, transdutor: 'TDH-39', calibracaoAtual: '2023-01-10' },
    audiogram: {
      air: { 250: pair(10, 10), 500: pair(15, 15), 1000: pair(15, 15), 2000: pair(20, 20), 3000: pair(25, 25), 4000: pair(35, 35), 6000: pair(30, 30), 8000: pair(20, 20) },
      bone: { 500: pair(15, 15), 1000: pair(15, 15), 2000: pair(20, 20), 3000: pair(25, 25), 4000: pair(35, 35) },
    },
  }, account.token));
  expect(ref.status, await ref.clone().text()).toBe(201);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A page with the professional's token stored, at `route`. */
const openPage = (route: string) => openAs(browser, t.url, account.token, route);

const next = (page: Page) => page.getByRole('button', { name: 'Próximo', exact: true });
const back = (page: Page) => page.getByRole('button', { name: 'Voltar', exact: true });
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const stepBar = (page: Page) => page.getByRole('navigation', { name: 'Etapas do laudo' });

async function examsOf(patientId: string): Promise<{ id: string; date: string; operatorName: string; ambientNoiseDb: number | null }[]> {
  return (await t.request(`/api/exams?patientId=${patientId}`, bearer(account.token))).json();
}

/** Uploads `file` at step 4 and waits until the server answered for it. */
async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId('file-drop-input').setInputFiles(file);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect.poll(() => page.locator('.file-item').filter({ hasText: file.name }).getAttribute('data-state'), { timeout: 20_000 }).toBe('uploaded');
}

/** Clicks 'Exportar PDF para Assinatura', keeps the download, returns its text (pdftotext) and path. */
async function exportPdf(page: Page, name: string): Promise<{ text: string; file: string; suggested: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar PDF para Assinatura' }).click()]);
  const file = path.join(tmp, `${name}.pdf`);
  await download.saveAs(file);
  await page.getByText('PDF exportado com sucesso!').waitFor();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { text, file, suggested: download.suggestedFilename() };
}

/** Steps 5 → 6: 'Organizar Laudo Agora' (clicked twice: the second click is ignored). */
async function generate(page: Page) {
  await stepHeading(page, 'Organizar laudo com IA').waitFor();
  expect(await next(page).isDisabled()).toBe(true);
  const button = page.getByRole('button', { name: 'Organizar Laudo Agora' });
  await button.dblclick();
  await page.getByText('Laudo gerado com sucesso pela IA!').waitFor({ timeout: 30_000 });
  await stepHeading(page, 'Revisar e editar o laudo').waitFor();
}

let simpleReportId = '';
let nexoReportId = '';
let nexoExamId = '';
let draftExamId = '';

const CLINIC = 'Clínica Audição Plena Ocupacional';
const CNPJ = '11.222.333/0001-81';
const ADDRESS = 'Av. Brasil, 1500 — Belo Horizonte/MG';
let sourceExamId = '';

/** The PDF text with whitespace normalised (a marker may wrap across lines). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('report wizard (real build, real server, real Chromium)', () => {
  it('Configurações → Clínica: name, CNPJ with check digits, address, contact and logo for the laudo header', async () => {
    const { page, errors } = await openPage('/settings');
    await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Clínica' }).click();
    const form = page.getByRole('form', { name: 'Dados da clínica' });
    await form.waitFor();
    await form.getByLabel('Nome da clínica ou organização').fill(CLINIC);
    await form.getByLabel('CNPJ').fill('11.222.333/0001-82');
    await form.getByLabel('Endereço').fill(ADDRESS);
    await form.getByLabel('Telefone').fill('(31) 3222-1100');
    await form.getByLabel('E-mail da clínica').fill('contato@audicaoplena.com.br');
    await form.getByRole('button', { name: 'Salvar dados da clínica' }).click();
    await form.getByText('CNPJ inválido: confira os dígitos verificadores').waitFor();
    await form.getByLabel('CNPJ').fill(CNPJ);
    await form.getByRole('button', { name: 'Salvar dados da clínica' }).click();
    await page.getByText('Dados da clínica salvos!').waitFor();
    const stored = await (await t.request('/api/organization', bearer(account.token))).json();
    expect(stored).toMatchObject({ name: CLINIC, cnpj: '11222333000181', address: ADDRESS });

    // a GIF is refused by the browser check; a PNG is stored and shown
    await page.getByLabel('Enviar logotipo').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Formato de logotipo não suportado. Envie uma imagem PNG ou JPEG.').waitFor();
    await page.getByLabel('Enviar logotipo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png1x1 });
    await page.getByText('Logotipo enviado!').waitFor();
    await page.getByRole('img', { name: 'Logotipo atual da clínica' }).waitFor();
    await expectAccessible(page, '/settings Clínica');
    await screenshot(page, 'settings-clinic');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'settings-clinic-390');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('simple type from the exam page: the laudo is for THAT exam (its date and examiner), no new exam; every review edit reaches the PDF', async () => {
    // the exam the physician opens: typed earlier by the audiologist, 20/08/2024, 32 dB of ambient noise
    const created = await t.request('/api/exams', json({
      patientId: workerId, date: '2024-08-20', operatorName: 'Fernanda Rocha', operatorRegistration: 'CRFa 2-12345',
      ambiente: { ruidoDb: 32, transdutor: 'TDH-39', calibracaoAtual: '2024-02-10' },
      audiogram: {
        air: Object.fromEntries(Object.entries(worseningNotch(1).right.air).map(([hz, v]) => [hz, { re: v, le: worseningNotch(1).left.air[Number(hz) as 500] }])),
        bone: Object.fromEntries(Object.entries(worseningNotch(1).right.bone!).map(([hz, v]) => [hz, { re: v, le: worseningNotch(1).left.bone![Number(hz) as 500] }])),
      },
    }, account.token));
    expect(created.status, await created.clone().text()).toBe(201);
    sourceExamId = (await created.json()).id;
    const before = (await examsOf(workerId)).length;

    const { page, errors } = await openPage(`/exams/${sourceExamId}`);
    await page.getByRole('link', { name: 'Organizar Laudo' }).click();
    await page.waitForURL(`**/report-wizard?examId=${sourceExamId}`);

    // The registered doctor has CRM and UF but no specialization: the blocking modal appears (pt-BR).
    const modal = page.getByRole('dialog', { name: 'Complete seu perfil médico' });
    await modal.waitFor();
    expect(await modal.getByRole('textbox', { name: 'CRM' }).inputValue()).toBe('123456');
    await screenshot(page, 'report-wizard-profile-modal');
    await modal.getByLabel('Especialização').selectOption('Medicina do Trabalho');
    await modal.getByRole('button', { name: 'Salvar e continuar' }).click();
    await modal.waitFor({ state: 'hidden' });

    // Step 0: the exam's worker is preselected
    await stepHeading(page, 'Selecione o paciente e o médico').waitFor();
    await page.getByText('CRM 123456/SP').waitFor();
    expect(await back(page).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Paciente', exact: true }).inputValue()).toBe(workerId);
    const optionText = await page.getByRole('combobox', { name: 'Paciente', exact: true }).locator('option', { hasText: WORKER }).textContent();
    expect(optionText).toBe(`${WORKER} — 47 anos — Masculino`);
    await expectAccessible(page, '/report-wizard step 0');
    await screenshot(page, 'report-wizard-step-0-patient');
    await next(page).click();

    // Step 1: Ocupacional reveals the reasons; changing the type clears the reason
    await stepHeading(page, 'Tipo de consulta').waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByLabel('Ocupacional (ASO)').check();
    const reasons = page.getByRole('group', { name: /Motivo da consulta ocupacional/ });
    await reasons.waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByText('Por favor, selecione o motivo da consulta ocupacional').waitFor();
    await reasons.getByLabel('Periódica').check();
    await page.getByLabel('Eletiva').check();
    await reasons.waitFor({ state: 'hidden' });
    await page.getByLabel('Ocupacional (ASO)').check();
    expect(await reasons.getByLabel('Periódica').isChecked()).toBe(false);
    await reasons.getByLabel('Periódica').check();
    await screenshot(page, 'report-wizard-step-1-consultation');
    await next(page).click();

    // Step 2: simple; the step bar hides step 3
    await stepHeading(page, 'Tipo de audiometria').waitFor();
    await page.getByLabel('Audiometria Simples').check();
    expect(await stepBar(page).getByText('Nexo Causal').count()).toBe(0);
    await next(page).click();

    // Step 4: the worker's exams, newest first, the one we came from chosen; nothing created
    await stepHeading(page, 'Exame do laudo').waitFor();
    const choices = page.getByRole('group', { name: 'Exame' });
    const labels = await choices.locator('label').allTextContents();
    expect(labels[0]).toContain('Exame de 20/08/2024');
    expect(labels[0]).toContain('Examinador: Fernanda Rocha · com limiares');
    expect(labels[1]).toContain('Exame de 10/03/2023');
    expect(labels[labels.length - 1]).toContain('Novo exame a partir de arquivo');
    expect(await choices.getByLabel(/Exame de 20\/08\/2024/).isChecked()).toBe(true);
    await page.getByText('O laudo será redigido para o exame de 20/08/2024 (examinador: Fernanda Rocha).').waitFor();
    expect(await page.getByTestId('file-drop-input').count()).toBe(0); // upload only for an exam without thresholds or a new one
    expect(await next(page).isDisabled()).toBe(false);
    expect((await examsOf(workerId)).length).toBe(before);
    await expectAccessible(page, '/report-wizard step 4 (existing exam)');
    await screenshot(page, 'report-wizard-step-4-exam');
    // Voltar from 4 with the simple type goes to 2; forward again keeps the choice
    await back(page).click();
    await stepHeading(page, 'Tipo de audiometria').waitFor();
    await next(page).click();
    expect(await page.getByRole('group', { name: 'Exame' }).getByLabel(/Exame de 20\/08\/2024/).isChecked()).toBe(true);
    await next(page).click();

    // Step 5 → 6
    await screenshot(page, 'report-wizard-step-5-generate');
    await generate(page);
    const reports = (await (await t.request('/api/reports', bearer(account.token))).json()) as { id: string; examId: string }[];
    expect(reports.length).toBe(1);
    expect(reports[0].examId).toBe(sourceExamId);
    simpleReportId = reports[0].id;

    // Step 6: every editable field gets a unique marker (defect 2)
    for (const s of ['Validação NR-7', 'Interpretação Portaria 19/98', 'Relatório Clínico Narrativo', 'Dados críticos faltantes']) await page.getByRole('heading', { level: 3, name: s }).waitFor();
    await page.getByText('Salvo', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Editar Validação NR-7' }).click();
    const nr7 = page.locator('.draft-editor__section').filter({ has: page.getByRole('heading', { name: 'Validação NR-7' }) });
    await nr7.getByLabel('Repouso auditivo de 14 horas').selectOption('sim');
    await nr7.getByLabel('Equipamento aferido').selectOption('nao');
    await nr7.getByLabel('Observações da validação').fill('WZ-VALID-OBS: repouso confirmado pela declaração assinada do trabalhador.');
    await page.getByRole('button', { name: 'Concluir Validação NR-7' }).click();

    await page.getByRole('button', { name: 'Editar Relatório Clínico Narrativo' }).click();
    const narrative = page.locator('.draft-editor__section').filter({ has: page.getByRole('heading', { name: 'Relatório Clínico Narrativo' }) });
    const summary = narrative.getByLabel('Resumo');
    await summary.fill(`${await summary.inputValue()}\nWZ-ANAMNESE: trabalha há 12 anos em caldeiraria, refere zumbido.`);
    const interpretation = narrative.getByLabel('Interpretação do exame');
    const original = await interpretation.inputValue();
    expect(original).toContain('sugestivo de PAINPSE');
    await interpretation.fill('');
    await page.getByText('Informações faltantes').waitFor();
    await interpretation.fill(`${original}\nWZ-INTERP: revisado pelo médico responsável.`);
    // typing Enter at the end of the list keeps the new line, then the new item is typed
    const recs = narrative.getByLabel('Recomendações (uma por linha)');
    await recs.click();
    await recs.press('Control+End');
    await recs.press('Enter');
    await recs.pressSequentially('WZ-RECOM: audiometria de controle em 6 meses');
    await page.getByRole('button', { name: 'Concluir Relatório Clínico Narrativo' }).click();

    await page.getByRole('button', { name: 'Editar Dados críticos faltantes' }).click();
    const missing = page.locator('.draft-editor__section').filter({ has: page.getByRole('heading', { name: 'Dados críticos faltantes' }) });
    await missing.getByLabel('Dados críticos faltantes (um por linha)').fill('WZ-FALTANTE: via óssea a repetir na OE');
    await page.getByRole('button', { name: 'Concluir Dados críticos faltantes' }).click();
    await page.getByText('Salvo', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('Informações faltantes').count()).toBe(0);
    const stored = JSON.parse((await (await t.request(`/api/reports/${simpleReportId}`, bearer(account.token))).json()).draftJson);
    expect(stored.recomendacoes[stored.recomendacoes.length - 1]).toBe('WZ-RECOM: audiometria de controle em 6 meses');
    expect(stored.faltantes_criticos).toEqual(['WZ-FALTANTE: via óssea a repetir na OE']);
    await narrative.locator('p', { hasText: /^WZ-INTERP: revisado pelo médico responsável\.$/ }).waitFor();
    await expectAccessible(page, '/report-wizard step 6');
    await screenshot(page, 'report-wizard-step-6-review');

    // Step 6 → 7 finalises
    await next(page).click();
    await stepHeading(page, 'Laudo Finalizado!').waitFor({ timeout: 60_000 });
    const done = page.locator('.wizard__summary');
    expect(await done.textContent()).toContain(WORKER);
    expect(await done.textContent()).toContain('CRM 123456/SP');
    expect(await done.textContent()).toContain('Simples');
    expect(await done.textContent()).toContain('20/08/2024 — Fernanda Rocha');
    await screenshot(page, 'report-wizard-step-7-finished');

    const pdf = await exportPdf(page, 'simple');
    const text = flat(pdf.text);
    expect(pdf.suggested).toMatch(/^Laudo_Roberto_Ruido_Teste_\d{8}_\d{6}\.pdf$/);
    for (const marker of ['WZ-VALID-OBS', 'WZ-ANAMNESE', 'WZ-INTERP', 'WZ-RECOM', 'WZ-FALTANTE']) expect(text, marker).toContain(marker);
    // the exam's own date, examiner and noise; the clinic header; one source for the rest
    expect(text).toMatch(/Data do exame 20\/08\/2024/);
    expect(text).toContain('Fernanda Rocha (CRFa 2-12345)');
    expect(text).toMatch(/Ruído ambiente 32 dB/);
    expect(text).toContain(CLINIC);
    expect(text).toContain(`CNPJ ${CNPJ}`);
    expect(text).toContain(ADDRESS);
    expect(text).not.toContain('Repouso auditivo —');
    expect(text).toMatch(/Repouso de 14 h Sim \(horas não registradas no exame\)/);
    expect(text).toMatch(/Equipamento aferido Não/);
    expect(text).toContain('CRM 123456/SP');
    expect(text).toMatch(/Agravamento: Sim/); // against the 2023 reference
    // no duplicate exam anywhere
    expect((await examsOf(workerId)).length).toBe(before);
    console.log(`pdftotext (simple): ${pdf.text.length} chars; 5 review markers, exam 20/08/2024 by Fernanda Rocha, clinic header ✓`);

    // Iniciar Novo Laudo asks first, then reloads
    await page.getByRole('button', { name: 'Iniciar Novo Laudo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Iniciar novo laudo?' });
    await confirm.getByRole('button', { name: 'Iniciar Novo Laudo' }).click();
    await stepHeading(page, 'Selecione o paciente e o médico').waitFor();
    // the same exam again (the URL still names it): its laudo is finalised, so step 4 stops here
    await expect.poll(() => page.getByRole('combobox', { name: 'Paciente', exact: true }).inputValue()).toBe(workerId);
    await next(page).click();
    await page.getByLabel('Eletiva').check();
    await next(page).click();
    await next(page).click();
    await stepHeading(page, 'Exame do laudo').waitFor();
    await page.locator('.ui-banner').getByText('O exame escolhido já tem laudo finalizado.', { exact: false }).waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Ver laudo' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('nexo-causal from the patient page with a new exam from a file: the user fills date, examiner and noise; CFM items; PDF with them', async () => {
    const { page, errors } = await openPage(`/patients/${workerId}`);
    await page.getByRole('button', { name: 'Organizar Laudo' }).click();
    await page.waitForURL('**/report-wizard');
    await stepHeading(page, 'Selecione o paciente e o médico').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Paciente', exact: true }).inputValue()).toBe(workerId);
    await next(page).click();
    await page.getByLabel('Judicial / Pericial').check();
    await next(page).click();
    await page.getByLabel('Audiometria com Nexo Causal').check();
    await stepBar(page).getByText('Nexo Causal').waitFor();
    await next(page).click();

    // Step 3
    await stepHeading(page, 'Perguntas do Nexo Causal').waitFor();
    const answer = (question: RegExp, option: string) => page.getByRole('group', { name: question }).getByLabel(option, { exact: true }).check();
    await answer(/repouso auditivo de 14 horas/, 'Sim');
    await answer(/exposto a ruído intenso/, 'Sim');
    await page.getByLabel(/Tempo de exposição/).fill('12.5');
    await answer(/acima de 85 dB/, 'Sim');
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByText('Por favor, responda todas as perguntas do Nexo Causal').waitFor();
    await answer(/protetor auricular/, 'Não');
    await expectAccessible(page, '/report-wizard step 3');
    await screenshot(page, 'report-wizard-step-3-nexo');
    const before = (await examsOf(workerId)).length;
    await next(page).click();

    // Step 4: nothing chosen yet; the user explicitly starts a new exam from a file
    await stepHeading(page, 'Exame do laudo').waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByText('Por favor, selecione o exame do laudo').waitFor();
    await page.getByLabel('Novo exame a partir de arquivo').check();
    const date = page.getByLabel('Data do exame');
    expect(await date.inputValue()).toBe(''); // never a silent "today"
    const me = await (await t.request('/api/users/me/profile', bearer(account.token))).json();
    expect(await page.getByRole('textbox', { name: 'Examinador', exact: true }).inputValue()).toBe(me.name); // the logged-in professional, editable
    expect(await page.getByLabel('Ruído ambiente (dB)').inputValue()).toBe('');
    await page.getByText('Por favor, informe a data do exame').first().waitFor();
    expect(await page.getByRole('button', { name: 'Criar exame' }).isDisabled()).toBe(true);
    await date.fill('2025-09-15');
    await page.getByRole('textbox', { name: 'Examinador', exact: true }).fill('Fga. Beatriz Nunes');
    await page.getByLabel('Registro do examinador').fill('CRFa 6-5544');
    expect((await examsOf(workerId)).length).toBe(before);
    await screenshot(page, 'report-wizard-step-4-new-exam');
    await page.getByRole('button', { name: 'Criar exame' }).click();
    await page.getByText('Exame de 15/09/2025 criado (examinador: Fga. Beatriz Nunes).', { exact: false }).waitFor();
    const exams = await examsOf(workerId);
    expect(exams.length).toBe(before + 1);
    const made = exams.find((e) => e.date === '2025-09-15')!;
    expect(made).toMatchObject({ operatorName: 'Fga. Beatriz Nunes', ambientNoiseDb: null });
    await page.getByText('Por favor, faça upload de pelo menos um arquivo').waitFor();
    await upload(page, { name: 'audiometria-pericial.pdf', mimeType: 'application/pdf', buffer: audiogramPdf(2) });
    await expect.poll(() => page.locator('.ai-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('extracted');
    await expect.poll(() => next(page).isDisabled()).toBe(false);
    await expectAccessible(page, '/report-wizard step 4 (new exam)');
    await screenshot(page, 'report-wizard-step-4-upload');
    await next(page).click();
    await generate(page);

    const list = (await (await t.request('/api/reports', bearer(account.token))).json()) as { id: string; type: string; examId: string; draftJson: string }[];
    const nexo = list.find((r) => r.type === 'nexo-causal')!;
    nexoReportId = nexo.id;
    nexoExamId = nexo.examId;
    expect(nexoExamId).toBe(made.id);
    const generated = JSON.parse(nexo.draftJson);
    expect(generated.nexo_causal.classificacao).toBe('provavel');
    expect(generated.facts.nexo.answers.tempoExposicaoAnos).toBe(12);

    // The suggestion is labelled as such; Próximo waits for the professional's confirmation
    const suggestion = page.locator('.draft-editor__nexo');
    await suggestion.getByText('Sugestão a confirmar').waitFor();
    expect(await suggestion.locator('.draft-editor__nexo-level').textContent()).toBe('provável');
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByText('Por favor, confirme ou altere o nível de nexo causal sugerido antes de finalizar').waitFor();
    await suggestion.getByRole('button', { name: 'Confirmar nível' }).click();
    await suggestion.getByText('Confirmado pelo profissional').waitFor();
    // nothing evaluated yet: the editor warns that the laudo will say so
    await suggestion.getByText('O laudo dirá que nenhum item do art. 2º foi avaliado.', { exact: false }).waitFor();
    await suggestion.getByLabel('Situação: História clínica e ocupacional atual e pregressa').selectOption('avaliado');
    await suggestion.getByLabel('Evidência: História clínica e ocupacional atual e pregressa').fill('WZ-CFM1: 12 anos em caldeiraria sem EPI');
    await suggestion.getByLabel('Situação: Estudo do local de trabalho').selectOption('avaliado');
    await suggestion.getByLabel('Evidência: Estudo do local de trabalho').fill('WZ-CFM2: PPRA 2024 com 92 dB(A)');
    await suggestion.getByLabel('Situação: Dados epidemiológicos').selectOption('não se aplica');
    await suggestion.getByText('2 de 9 itens avaliados.').waitFor();
    await page.getByRole('button', { name: 'Editar Relatório Clínico Narrativo' }).click();
    await page.locator('.draft-editor__section').filter({ has: page.getByRole('heading', { name: 'Relatório Clínico Narrativo' }) }).getByLabel('Conclusão sobre o nexo causal').fill('WZ-NEXO: nexo provável, itens 1 e 2 do art. 2º avaliados.');
    await page.getByText('Salvo', { exact: true }).waitFor({ timeout: 10_000 });
    const stored = JSON.parse((await (await t.request(`/api/reports/${nexoReportId}`, bearer(account.token))).json()).draftJson);
    expect(stored.nexo_causal.confirmado).toBe(true);
    expect(stored.nexo_causal.checklist_cfm.filter((c: { status: string }) => c.status === 'avaliado')).toHaveLength(2);
    expect(await next(page).isDisabled()).toBe(false);
    await expectAccessible(page, '/report-wizard step 6 (nexo)');
    await screenshot(page, 'report-wizard-step-6-review-nexo');

    await next(page).click();
    await stepHeading(page, 'Laudo Finalizado!').waitFor({ timeout: 60_000 });
    expect(await page.locator('.wizard__summary').textContent()).toContain('Com Nexo Causal');
    expect(await page.locator('.wizard__summary').textContent()).toContain('15/09/2025 — Fga. Beatriz Nunes');
    await expectAccessible(page, '/report-wizard step 7');
    const pdf = await exportPdf(page, 'nexo');
    const text = flat(pdf.text);
    for (const marker of ['WZ-CFM1', 'WZ-CFM2', 'WZ-NEXO']) expect(text, marker).toContain(marker);
    expect(text).toMatch(/Data do exame 15\/09\/2025/);
    expect(text).toContain('Fga. Beatriz Nunes (CRFa 6-5544)');
    expect(text).toMatch(/Ruído ambiente não informado/);
    expect(text).toMatch(/Nível de nexo causal definido pelo profissional: provável/);
    expect(text).toContain('Itens do art. 2º da Resolução CFM n.º 2.323/2022 avaliados pelo médico: 1 e 2 (2 de 9).');
    expect(text).not.toContain('RASCUNHO');
    expect(text).toMatch(/Agravamento: Sim/);
    console.log(`pdftotext (nexo): exam 15/09/2025 by Fga. Beatriz Nunes, noise not informed, CFM items 1 e 2 ✓`);
    const prefix = path.join(tmp, 'page');
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf.file, prefix]);
    const png = fs.readdirSync(tmp).find((f) => f.startsWith('page') && f.endsWith('.png'))!;
    fs.copyFileSync(path.join(tmp, png), path.join(root, 'docs', 'screenshots', 'laudo-wizard-pdf-page-1.png'));
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('a worker without exams: only "novo exame a partir de arquivo"; a failed analysis blocks step 4 until the audiogram is typed and saved', async () => {
    const { page, errors } = await openPage('/report-wizard');
    await stepHeading(page, 'Selecione o paciente e o médico').waitFor();
    await page.getByRole('combobox', { name: 'Paciente', exact: true }).selectOption(otherId);
    await next(page).click();
    await page.getByLabel('Eletiva').check();
    await next(page).click();
    await next(page).click();
    await stepHeading(page, 'Exame do laudo').waitFor();
    await expect.poll(() => page.getByLabel('Novo exame a partir de arquivo').isChecked()).toBe(true);
    await page.getByText('O paciente ainda não tem exames registrados.').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'report-wizard-step-4-new-exam-390');
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.getByLabel('Data do exame').fill('2025-01-15');
    await page.getByLabel('Ruído ambiente (dB)').fill('35');
    await page.getByRole('button', { name: 'Criar exame' }).click();
    await page.getByText('Exame de 15/01/2025 criado', { exact: false }).waitFor();
    expect((await examsOf(otherId)).map((e) => e.ambientNoiseDb)).toEqual([35]);
    await upload(page, { name: 'foto-audiograma.png', mimeType: 'image/png', buffer: png1x1 });
    const message = 'Nenhum arquivo foi analisado com sucesso pela IA. Você precisa preencher os dados do audiograma manualmente antes de prosseguir';
    await page.locator('.wizard__error, .ui-banner--error').filter({ hasText: message }).first().waitFor();
    await expect.poll(() => page.locator('.ai-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('failed');
    expect(await next(page).isDisabled()).toBe(true);
    await screenshot(page, 'report-wizard-step-4-analysis-failed');

    const typed: Record<number, number> = { 500: 15, 1000: 15, 2000: 20, 3000: 20, 4000: 25, 6000: 20, 8000: 15 };
    await fillAirThresholds(page, typed, typed);
    await page.getByRole('button', { name: 'Salvar audiograma' }).click();
    await page.getByText('Audiograma salvo e reclassificado com sucesso!').waitFor();
    await expect.poll(() => next(page).isDisabled()).toBe(false);
    expect(await page.locator('.ui-banner--error').filter({ hasText: message }).count()).toBe(0);
    await next(page).click();
    await generate(page);
    const draft = ((await (await t.request('/api/reports', bearer(account.token))).json()) as { examId: string; patientId: string; status: string }[]).find((r) => r.patientId === otherId)!;
    expect(draft.status).toBe('Draft');
    draftExamId = draft.examId;
    expect((await examsOf(otherId)).length).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});

describe('report list, detail and editor', () => {
  it('/reports: counters, search, grouping by patient and by company (each toggles back), PDF actions', async () => {
    const { page, errors } = await openPage('/reports');
    await page.getByRole('heading', { name: 'Laudos', level: 1 }).waitFor();
    const stat = (label: string) => page.locator('.reports__stat').filter({ hasText: label }).locator('.reports__stat-value');
    await expect.poll(() => stat('Total de laudos').textContent()).toBe('3');
    expect(await stat('Este mês').textContent()).toBe('3');
    expect(await stat('Pacientes únicos').textContent()).toBe('2');
    const table = page.getByRole('table', { name: 'Lista de laudos' });
    expect(await table.locator('tbody tr').count()).toBe(3);
    expect(await table.getByText('Nexo Causal', { exact: true }).count()).toBe(1);
    expect(await table.getByText('Audiometria Simples', { exact: true }).count()).toBe(2);
    await expectAccessible(page, '/reports');
    await screenshot(page, 'reports-list');

    await page.getByLabel('Buscar laudos por paciente, médico ou tipo').fill('nexo');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Buscar laudos por paciente, médico ou tipo').fill('ninguém com este nome');
    await page.getByText('Nenhum laudo encontrado').waitFor();
    await page.getByLabel('Buscar laudos por paciente, médico ou tipo').fill('');

    const byPatient = page.getByRole('button', { name: 'Agrupar por Paciente' });
    const byCompany = page.getByRole('button', { name: 'Agrupar por Empresa' });
    await byPatient.click();
    expect(await byPatient.getAttribute('aria-pressed')).toBe('true');
    const groups = page.locator('.reports__group-title');
    await expect.poll(() => groups.allTextContents()).toEqual([`${WORKER} (2 laudos)`, `${OTHER} (1 laudo)`]);
    const evolution = page.getByRole('link', { name: 'Análise Evolutiva' });
    expect(await evolution.count()).toBe(1);
    expect(await evolution.getAttribute('href')).toBe(`/reports/${workerId}/evolution`);
    await expectAccessible(page, '/reports grouped by patient');
    await screenshot(page, 'reports-grouped-by-patient');

    await byCompany.click();
    expect(await byPatient.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => groups.allTextContents()).toEqual([`${COMPANY} (2 laudos)`, 'Sem Empresa (1 laudo)']);
    await screenshot(page, 'reports-grouped-by-company');
    await byCompany.click();
    await table.waitFor();
    expect(await groups.count()).toBe(0);

    // PDF: a draft has none (alert); a finalised laudo opens in a new tab through an object URL
    const draftRow = table.locator('tbody tr').filter({ hasText: OTHER });
    const alerts: string[] = [];
    page.once('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await draftRow.getByRole('button', { name: /PDF do laudo/ }).click();
    await expect.poll(() => alerts).toEqual(['PDF não disponível para este laudo.']);
    const nexoRow = table.locator('tbody tr').filter({ hasText: 'Nexo Causal' });
    const [tab] = await Promise.all([page.context().waitForEvent('page'), nexoRow.getByRole('button', { name: /PDF do laudo/ }).click()]);
    await expect.poll(() => tab.url(), { timeout: 15_000 }).toMatch(/^blob:/);
    await tab.close();
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('/reports/{id}: clinic header, cards, PDF, NR-7, Portaria 19 per exam, nexo with the CFM items, readable text (no raw JSON), 390 px; unknown id', async () => {
    const { page, errors } = await openPage(`/reports/${nexoReportId}`);
    await page.getByRole('heading', { name: `Laudo — ${WORKER}`, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Status' }).waitFor();
    await page.getByText('Finalizado', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Abrir PDF', exact: true }).waitFor(); // each version has its own 'Abrir PDF da versão N' (issue 20)
    const p19 = page.getByRole('table', { name: 'Interpretação por exame' });
    expect(await p19.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    expect(await p19.textContent()).toContain('10/03/2023');
    expect(await p19.textContent()).toContain('sugestivo de PAINPSE');
    expect(await page.locator('.report-detail__nexo-level').textContent()).toBe('provável');
    // readable sections instead of the draft's JSON
    expect(await page.getByText('JSON do rascunho').count()).toBe(0);
    expect(await page.locator('pre').count()).toBe(0);
    for (const title of ['Resumo', 'Interpretação do exame', 'Recomendações', 'Dados críticos faltantes']) await page.getByRole('heading', { name: title, exact: true }).first().waitFor();
    await page.getByText('2 de 9 itens avaliados.').waitFor();
    await page.getByText('WZ-CFM1: 12 anos em caldeiraria sem EPI', { exact: false }).waitFor();
    await page.getByText('WZ-NEXO: nexo provável', { exact: false }).waitFor();
    await page.getByLabel('Cabeçalho do laudo').getByText(CLINIC).waitFor();
    await page.getByLabel('Cabeçalho do laudo').getByText(`CNPJ ${CNPJ}`).waitFor();
    await expectAccessible(page, '/reports/{id}');
    await screenshot(page, 'reports-detail');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'reports-detail-390');
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.goto(`${t.url}/reports/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Laudo não encontrado' }).waitFor();
    await page.getByRole('link', { name: 'Voltar', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/reports');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('/report/{examId}: generate a draft, edit/cancel/save the summary, confidence bar, 409 after finalisation in pt-BR, read-only', async () => {
    // an exam with thresholds and no laudo yet
    const pair = (v: number) => ({ re: v, le: v });
    const created = await (await t.request('/api/exams', json({
      patientId: otherId, date: '2025-02-03', operatorName: 'Fernanda Rocha',
      audiogram: { air: { 500: pair(15), 1000: pair(15), 2000: pair(20), 3000: pair(20), 4000: pair(25), 6000: pair(20), 8000: pair(15) } },
    }, account.token))).json();
    const { page, errors } = await openPage(`/report/${created.id}`);
    await page.getByText('Nenhum laudo para este exame').waitFor();
    await page.getByRole('button', { name: 'Gerar rascunho' }).click();
    await page.getByRole('heading', { name: 'Resumo do laudo' }).waitFor({ timeout: 30_000 });
    const meter = page.getByRole('meter', { name: 'Nível de confiança' });
    const percent = Number(await meter.getAttribute('aria-valuenow'));
    const draft = JSON.parse((await (await t.request(`/api/reports/exam/${created.id}`, bearer(account.token))).json()).draftJson);
    expect(percent).toBe(Math.round(draft.confidence_score * 100));
    await page.getByText(`${percent}%`, { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Justificativas técnicas' }).count()).toBe(1);
    await expectAccessible(page, '/report/{examId}');
    await screenshot(page, 'report-editor');

    // Editar → Cancelar restores the saved text
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    const summary = page.getByLabel('Resumo');
    await summary.fill('Texto descartado');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    expect(await page.getByText('Texto descartado').count()).toBe(0);

    // Editar → Salvar
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await summary.fill('Resumo revisado pelo médico.');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Laudo salvo com sucesso!').waitFor();
    await page.getByText('Resumo revisado pelo médico.').waitFor();

    // finalised elsewhere while being edited: the save answers 409 and the page says why, in pt-BR
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await summary.fill('Alteração tardia');
    const report = await (await t.request(`/api/reports/exam/${created.id}`, bearer(account.token))).json();
    expect((await t.request(`/api/reports/${report.id}/finalize`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` } })).status).toBe(200);
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.locator('.ui-banner--error').getByText('Este laudo já foi finalizado e não pode ser alterado.').waitFor();
    await page.getByText('Laudo finalizado', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Editar', exact: true }).count()).toBe(0);
    await screenshot(page, 'report-editor-finalised-409');
    expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
    await page.close();

    // the wizard's draft (failed analysis + manual entry) is still a draft: the editor offers Editar
    const second = await openPage(`/report/${draftExamId}`);
    await second.page.getByRole('button', { name: 'Editar', exact: true }).waitFor();
    await second.page.close();
  }, 120_000);
});

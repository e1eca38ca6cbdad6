import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json } from '../support/accounts';
import { makeTestCertificate } from '../support/test-certificates';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, root, screenshot, watchErrors, webDist } from './support/browser';

/**
 * Issue 20 acceptance, in the browser: a physician registers, uploads an ICP-Brasil-like A1 certificate
 * in Configurações › Segurança, finalises a laudo in the editor; the issued PDF is PAdES-signed (checked
 * by poppler's `pdfsig`, not by the library that signed it); the public page /verificar/CODE, opened
 * without login, says the laudo is authentic, names the signer and shows the downloaded file's SHA-256;
 * an amendment (reason in the dialog, exam corrected, draft reorganised) is finalised as version 2 and
 * the first code's page then warns that version 1 was superseded. Real build, server, PostgreSQL and
 * Chromium; nothing is mocked.
 */

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let token = '';
let examId = '';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-laudo-signing-e2e-'));
const NAME = 'Dra. Beatriz Assinatura';
const PASSWORD = 'A1-da-Beatriz#2026';
const REASON = 'Limiar de 4 kHz da orelha esquerda transcrito errado (45 em vez de 55 dB).';
const cert = makeTestCertificate({ name: 'BEATRIZ ASSINATURA', cpf: '52998224725', crm: '112233/SP', password: PASSWORD });
const pair = (re: number, le = re) => ({ re, le });
const air = (le4k: number) => ({ 500: pair(10), 1000: pair(15), 2000: pair(15), 3000: pair(30), 4000: pair(40, le4k), 6000: pair(35), 8000: pair(20) });

const api = (p: string, init: RequestInit = bearer(token)) => t.request(p, init);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function pdfsig(bytes: Buffer, name: string): string {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  const run = spawnSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

/** The issued PDF of a version, as the laudo page's "Abrir PDF" fetches it (bearer token). */
async function download(reportId: string, name: string): Promise<{ bytes: Buffer; file: string }> {
  const res = await api(`/api/reports/${reportId}/download`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  return { bytes, file };
}

async function currentLaudo(): Promise<Record<string, any>> {
  return (await api(`/api/reports/exam/${examId}`)).json();
}

/** A page of its own browser context: no token, no session — what anyone holding the paper sees. */
async function anonymousPage(): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } });
  const anon = await context.newPage();
  return { page: anon, errors: watchErrors(anon), close: () => context.close() };
}

async function blurAndShoot(p: Page, name: string) {
  await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await screenshot(p, name);
}

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist });
  browser = await launchBrowser();
  page = await browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1360, height: 900 } });
  errors = watchErrors(page);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const v1 = { id: '', code: '', sha: '', file: '' };
const v2 = { id: '', code: '' };

describe('signed laudo, from the certificate upload to the public verification', () => {
  it('a physician registers and uploads an A1 certificate in Configurações › Segurança', async () => {
    await page.goto(`${t.url}/register`);
    await page.getByRole('heading', { name: 'Criar conta' }).waitFor();
    await page.locator('input[name="name"]').fill(NAME);
    await page.locator('input[name="email"]').fill(`beatriz.${Date.now()}@clinica.com.br`);
    await page.locator('input[name="password"]').fill('segredo-forte-1');
    await page.locator('input[name="confirmPassword"]').fill('segredo-forte-1');
    await page.getByRole('radio', { name: /Médico/ }).check();
    await page.locator('input[name="crm"]').fill('112233');
    await page.locator('select[name="crmState"]').selectOption('SP');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForFunction(() => location.pathname === '/dashboard');
    token = (await page.evaluate(() => localStorage.getItem('limiar.token'))) ?? '';
    expect(token).not.toBe('');

    await page.goto(`${t.url}/settings`);
    await page.getByRole('tab', { name: 'Segurança' }).click();
    const form = page.getByRole('form', { name: 'Enviar certificado digital' });
    await page.getByText(/Nenhum certificado cadastrado/).waitFor();
    const pfx = path.join(tmp, 'beatriz-a1.pfx');
    fs.writeFileSync(pfx, cert.pfx);
    await form.getByLabel(/Arquivo do certificado/).setInputFiles(pfx);
    await form.getByLabel(/Senha do certificado/).fill(PASSWORD);
    await form.getByRole('button', { name: 'Enviar certificado' }).click();
    await page.getByText(/Certificado enviado\./).waitFor();
    const details = (await page.getByLabel('Certificado digital cadastrado').textContent()) ?? '';
    expect(details).toContain('BEATRIZ ASSINATURA:52998224725');
    expect(details).toContain('Válido');
  }, 60_000);

  it('finalises the laudo in the editor: the PDF is PAdES-signed and pdfsig finds the signature valid over the whole document', async () => {
    // a worker and an exam (API setup); the laudo is organised and finalised in the editor
    const worker = await (await api('/api/patients', json({ name: 'Joaquim Sousa Ferreira', age: 49, sex: 'M', company: 'Caldeiraria Sul' }, token))).json();
    const exam = await api('/api/exams', json({ patientId: worker.id, date: '2025-10-06', operatorName: 'Fga. Teresa Lima', repousoHoras: 14, audiogram: { air: air(45) } }, token));
    expect(exam.status, await exam.clone().text()).toBe(201);
    examId = (await exam.json()).id;

    await page.goto(`${t.url}/report/${examId}`);
    await page.getByRole('button', { name: 'Gerar rascunho' }).click();
    await page.getByRole('button', { name: 'Finalizar laudo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Finalizar o laudo?' });
    await confirm.getByRole('button', { name: 'Finalizar laudo' }).click();
    const finalised = page.getByRole('status').filter({ hasText: 'Laudo finalizado' });
    await finalised.waitFor();

    const laudo = await currentLaudo();
    expect(laudo.status).toBe('Finalizado');
    // 'simples' here means the finalisation did not use the uploaded certificate
    expect(laudo.signatureKind, 'the laudo was not signed with the uploaded A1 certificate').toBe('icp');
    expect(laudo.verificationCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    Object.assign(v1, { id: laudo.id, code: laudo.verificationCode });
    // the editor's finalised banner: signature kind and the code, linked to its public page
    expect(await finalised.textContent()).toContain('Assinatura digital ICP-Brasil (PAdES)');
    expect(await finalised.getByRole('link', { name: v1.code }).getAttribute('href')).toBe(`/verificar/${v1.code}`);
    await expectAccessible(page, 'report-editor-finalised');

    const { bytes, file } = await download(v1.id, 'v1');
    v1.sha = sha256(bytes);
    v1.file = file;
    expect(v1.sha).toBe(laudo.pdfSha256);
    const report = pdfsig(bytes, 'v1-pdfsig');
    expect(report).toContain('Signature #1');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signer Certificate Common Name: BEATRIZ ASSINATURA:52998224725');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    // the PDF prints the code and the address of the public page the next test opens
    const text = execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(v1.code);
    expect(text).toContain(`/verificar/${v1.code}`);
  }, 90_000);

  it('/verificar/CODE without login: "Laudo autêntico", the signer, and the SHA-256 of the downloaded file', async () => {
    const anon = await anonymousPage();
    await anon.page.goto(`${t.url}/verificar/${v1.code}`);
    await anon.page.getByRole('heading', { name: 'Laudo autêntico' }).waitFor();
    expect(await anon.page.evaluate(() => localStorage.getItem('limiar.token'))).toBeNull();
    expect(new URL(anon.page.url()).pathname).toBe(`/verificar/${v1.code}`);
    const fact = async (label: string) => (await anon.page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent())?.trim();
    expect(await fact('Assinado por')).toBe(`${NAME} — CRM 112233/SP`);
    expect(await fact('Assinatura')).toBe('Assinatura digital ICP-Brasil (PAdES)');
    expect(await fact('Trabalhador (iniciais)')).toBe('J. S. F.');
    expect(await fact('SHA-256 do documento')).toBe(v1.sha);
    expect(await fact('Versão')).toBe('1 de 1 (em vigor)');
    // no patient data beyond the initials
    expect(await anon.page.content()).not.toContain('Joaquim');
    // the file in hand, hashed in the browser
    await anon.page.getByLabel('PDF do laudo').setInputFiles(v1.file);
    await anon.page.getByText('O arquivo confere').waitFor();
    await expectAccessible(anon.page, 'verify-page');
    await blurAndShoot(anon.page, 'verify-page');
    expect(anon.errors).toEqual([]);
    await anon.close();
  }, 60_000);

  it('an amendment: the reason in the dialog, the exam corrected, version 2 finalised and signed; version 1 marked superseded', async () => {
    // locked: the exam of a finalised laudo refuses corrections, pointing to an amendment
    const locked = await api(`/api/exams/${examId}/audiogram`, json({ audiogram: { air: air(55) } }, token, 'PUT'));
    expect(locked.status).toBe(409);
    expect((await locked.json()).message).toContain('emita uma retificação do laudo');

    await page.goto(`${t.url}/reports/${v1.id}`);
    await page.getByRole('list', { name: 'Versões do laudo' }).waitFor();
    await page.getByRole('button', { name: 'Retificar laudo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retificar laudo' });
    const reason = dialog.getByLabel(/Motivo da retificação/);
    await reason.fill('curto');
    await dialog.getByRole('button', { name: 'Abrir retificação' }).click();
    await dialog.getByText('Informe o motivo da retificação (de 10 a 500 caracteres).').waitFor();
    await reason.fill(REASON);
    await dialog.getByText(`${REASON.length}/500 caracteres`, { exact: false }).waitFor();
    await expectAccessible(page, 'laudo-amend-dialog');
    // the viewport, not the full page: the dialog and its overlay cover the screen
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'laudo-amend-dialog.png') });
    await dialog.getByRole('button', { name: 'Abrir retificação' }).click();
    await page.waitForFunction((id) => location.pathname === `/report/${id}`, examId);
    await page.getByText(`Retificação em andamento (versão 2) — motivo: ${REASON}`).waitFor();

    // the exam takes the correction now; the amendment draft asks to be reorganised
    const fixed = await api(`/api/exams/${examId}/audiogram`, json({ audiogram: { air: air(55) } }, token, 'PUT'));
    expect(fixed.status, await fixed.clone().text()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Reorganizar laudo' }).click();
    await page.getByText('Laudo reorganizado com os dados atuais do exame.').first().waitFor();

    await page.getByRole('button', { name: 'Finalizar retificação' }).click();
    await page.getByRole('dialog', { name: 'Finalizar a retificação (versão 2)?' }).getByRole('button', { name: 'Finalizar retificação' }).click();
    await page.getByRole('status').filter({ hasText: 'Laudo finalizado' }).filter({ hasText: '(versão 2)' }).waitFor();
    const laudo = await currentLaudo();
    expect(laudo).toMatchObject({ version: 2, status: 'Finalizado', signatureKind: 'icp', supersedesId: v1.id, amendmentReason: REASON });
    Object.assign(v2, { id: laudo.id, code: laudo.verificationCode });
    expect(v2.code).not.toBe(v1.code);
    expect(pdfsig((await download(v2.id, 'v2')).bytes, 'v2-pdfsig')).toContain('Signature Validation: Signature is Valid.');
    // version 1 keeps its own file and signature
    const again = await download(v1.id, 'v1-again');
    expect(sha256(again.bytes)).toBe(v1.sha);

    // the laudo page of version 2: both versions, 2 in force; version 1's page says it was superseded
    await page.goto(`${t.url}/reports/${v2.id}`);
    const list = page.getByRole('list', { name: 'Versões do laudo' });
    await list.waitFor();
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain('em vigor');
    expect(await items.nth(0).textContent()).toContain(REASON);
    expect(await items.nth(1).textContent()).toMatch(/Substituída em\d{2}\/\d{2}\/\d{4}/);
    expect(await items.nth(1).getByRole('link', { name: v1.code }).getAttribute('href')).toBe(`/verificar/${v1.code}`);
    await expectAccessible(page, 'laudo-versions');
    await blurAndShoot(page, 'laudo-versions');

    await page.goto(`${t.url}/reports/${v1.id}`);
    const banner = page.getByRole('alert').filter({ hasText: 'Versão substituída' });
    await banner.getByText(/Esta versão foi substituída pela versão 2 em \d{2}\/\d{2}\/\d{4}/).waitFor();
    await banner.getByRole('link', { name: 'Ver a versão em vigor (versão 2)' }).click();
    await page.waitForFunction((id) => location.pathname === `/reports/${id}`, v2.id);
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  }, 120_000);

  it('the first code\'s public page now warns that the version was superseded; the new code\'s is in force', async () => {
    const anon = await anonymousPage();
    await anon.page.goto(`${t.url}/verificar/${v1.code}`);
    await anon.page.getByRole('heading', { name: 'Laudo autêntico' }).waitFor();
    const warning = anon.page.getByRole('alert').filter({ hasText: 'Versão substituída' });
    await warning.getByText(/Esta versão foi substituída por uma retificação em \d{2}\/\d{2}\/\d{4}; solicite a versão em vigor a quem emitiu o laudo\./).waitFor();
    expect(await anon.page.locator('dt', { hasText: 'Versão' }).locator('xpath=following-sibling::dd[1]').textContent()).toMatch(/^1 de 2 \(substituída em \d{2}\/\d{2}\/\d{4}\)$/);
    await expectAccessible(anon.page, 'verify-superseded');
    await blurAndShoot(anon.page, 'verify-superseded');

    await anon.page.getByLabel('Código de verificação').fill(v2.code.toLowerCase().replace(/-/g, ' '));
    await anon.page.getByRole('button', { name: 'Verificar' }).click();
    await anon.page.waitForFunction((code) => location.pathname === `/verificar/${code}`, v2.code);
    await anon.page.getByText('Esta é a versão em vigor do laudo.').waitFor();

    await anon.page.goto(`${t.url}/verificar/ZZZZ-ZZZZ-ZZZZ`);
    await anon.page.getByRole('heading', { name: 'Nenhum laudo encontrado com este código' }).waitFor();
    expect(anon.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await anon.close();
  }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateS2220 } from '../../adapters/src/esocial/s2220-xml';
import { cnpjWithCheckDigits } from '../../core/src/index';
import { bearer, json } from '../support/accounts';
import { expectAccessible, openAs, root, screenshot, useAppSession } from './support/browser';

/**
 * Issue 21 acceptance, in real Chromium against the real build, server and PostgreSQL: a company with a
 * valid CNPJ, a worker with CPF and an employment with matrícula, and his audiometry (set up through the
 * API). On the exam page the physician issues the ASO, generates the S-2220, downloads the XML (checked:
 * eSocial/evtMonit with the audiometry 0281, valid against the official evtMonit.xsd) — the status becomes
 * "Exportado" — and types the receipt: "Recebido pelo eSocial". On the company page the batch export
 * counts a colleague's pending event and downloads the zip. Screenshots: docs/screenshots/esocial-*.png.
 */
const session = useAppSession();

const STAMP = Date.now() % 100_000;
const COMPANY = `Fundição Esocial ${STAMP} Ltda.`;
const CNPJ = cnpjWithCheckDigits(`${String(STAMP).padStart(8, '0')}0001`);
const CNPJ_FORMATTED = CNPJ.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
const WORKER = 'Joaquim Fundidor Moreira';
const COLLEAGUE = 'Luíza Moldadora Pereira';
const RECEIPT = '1.2.0000000000012345678';
const ids = { company: '', worker: '', exam: '', colleague: '', colleagueExam: '' };

const HZ = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
const air = (level: number) => Object.fromEntries(HZ.map((hz) => [String(hz), { re: level, le: level }]));
const pages: Page[] = [];

beforeAll(async () => {
  const { server: t, account: a } = session;
  const post = async <T = { id: string }>(p: string, body: unknown): Promise<T> => {
    const res = await t.request(p, json(body, a.token));
    const created = await res.json();
    expect(res.status, `${p} ${JSON.stringify(created)}`).toBeLessThan(300);
    return created as T;
  };
  ids.company = (await post('/api/companies', { name: COMPANY, tradeName: 'Fundição', cnpj: CNPJ, riskGrade: 3 })).id;
  ids.worker = (await post('/api/patients', { name: WORKER, age: 44, sex: 'M', cpf: '52998224725' })).id;
  await post(`/api/patients/${ids.worker}/employments`, { companyId: ids.company, registration: 'M-0042', jobTitle: 'Fundidor', admissionDate: '2019-02-01' });
  ids.exam = (await post('/api/exams', { patientId: ids.worker, date: '2026-03-10', examType: 'periodico', repousoHoras: 14, audiogram: { air: air(10) } })).id;

  // a colleague whose ASO was issued through the API: its S-2220 waits for the company's batch export
  ids.colleague = (await post('/api/patients', { name: COLLEAGUE, age: 36, sex: 'F', cpf: '11144477735' })).id;
  await post(`/api/patients/${ids.colleague}/employments`, { companyId: ids.company, registration: 'M-0107', jobTitle: 'Moldadora', admissionDate: '2024-05-01' });
  ids.colleagueExam = (await post('/api/exams', { patientId: ids.colleague, date: '2026-04-02', examType: 'periodico', repousoHoras: 14, audiogram: { air: air(15) } })).id;
  await post(`/api/exams/${ids.colleagueExam}/asos`, { asoDate: '2026-04-02', result: 'apto' });
}, 120_000);

/** What the page showed when a step failed, outside the repository (for the person reading the failure). */
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [i, p] of pages.entries()) await p.screenshot({ path: `${os.tmpdir()}/esocial-e2e-failed-${i}.png`, fullPage: true }).catch(() => undefined);
  }
  for (const p of pages.splice(0)) await p.close().catch(() => undefined);
});

async function open(route: string, width?: number) {
  const opened = await openAs(session.browser, session.server.url, session.account.token, route, width);
  pages.push(opened.page);
  return opened;
}

/** The downloaded S-2220: the eSocial root with evtMonit, the audiometry exame, valid against evtMonit.xsd. */
async function expectValidS2220(xml: string) {
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><eSocial xmlns="http:\/\/www\.esocial\.gov\.br\/schema\/evt\/evtMonit\/v_S_01_03_00"><evtMonit Id="ID1/);
  expect(xml).toContain('<procRealizado>0281</procRealizado>');
  expect(xml).toContain(`<nrInsc>${CNPJ.slice(0, 8)}</nrInsc>`);
  const checked = await validateS2220(xml);
  expect(checked.errors).toEqual([]);
  expect(checked.valid).toBe(true);
}

describe('ASO and eSocial S-2220 in the browser', () => {
  it('exam page: issue the ASO → Gerar S-2220 → Baixar XML (valid evtMonit, status Exportado) → Informar recibo (status Recebido) → a retification', async () => {
    const { page, errors } = await open(`/exams/${ids.exam}`);
    const section = page.locator('section.ui-card', { has: page.getByRole('heading', { name: 'ASO e eSocial (S-2220)' }) });
    await section.getByText('Nenhum ASO emitido').waitFor({ timeout: 15_000 });
    await section.getByRole('button', { name: 'Emitir ASO' }).click();

    const dialog = page.getByRole('dialog', { name: 'Emitir ASO' });
    const picker = dialog.getByLabel('Vínculo (empresa e matrícula)');
    await expect.poll(() => picker.locator('option:checked').textContent()).toContain(`${COMPANY} — CNPJ ${CNPJ_FORMATTED} · matrícula M-0042`);
    expect(await dialog.getByLabel('Tipo de exame ocupacional').inputValue()).toBe('periodico');
    expect(await dialog.getByLabel(/^CRM do médico/).inputValue()).toBe('123456');
    expect(await dialog.getByLabel('UF do CRM do médico').inputValue()).toBe('SP');
    expect(await dialog.getByLabel('Nome do médico').inputValue()).toBe(session.account.user.name);

    // no result chosen: the problem is said under the field and the focus goes there
    await dialog.getByRole('button', { name: 'Emitir ASO' }).click();
    await dialog.getByText('Informe o resultado do ASO: apto ou inapto.').first().waitFor();
    await expect.poll(() => dialog.getByRole('radio', { name: 'Apto', exact: true }).evaluate((e) => e === document.activeElement)).toBe(true);
    // Escape closes the dialog; opened again, the form starts afresh
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await section.getByRole('button', { name: 'Emitir ASO' }).click();
    await expect.poll(() => picker.locator('option:checked').textContent()).toContain('matrícula M-0042');
    expect(await dialog.getByText('Informe o resultado do ASO: apto ou inapto.').count()).toBe(0);

    await dialog.getByRole('radio', { name: 'Apto', exact: true }).check();
    await dialog.getByRole('button', { name: 'Adicionar procedimento' }).click();
    await dialog.getByLabel('Código (procedimento 1)').fill('9999');
    await dialog.getByLabel('Data (procedimento 1)').fill('2026-03-10');
    await dialog.getByLabel('Descrição (procedimento 1)').fill('Avaliação clínica ocupacional');
    await dialog.getByLabel('Nome do coordenador').fill('Dr. Paulo Coordenador');
    await dialog.getByLabel(/^CRM do coordenador/).fill('654321');
    await dialog.getByLabel('UF do CRM do coordenador').selectOption('SP');
    await expectAccessible(page, 'Emitir ASO');
    // the dialog whole on screen: a taller viewport, and the viewport's shot (a full-page one cuts the fixed dialog)
    await page.setViewportSize({ width: 1360, height: 1400 });
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'esocial-aso-form.png') });
    await dialog.getByRole('button', { name: 'Emitir ASO' }).click();
    await dialog.waitFor({ state: 'detached' });

    const item = section.getByRole('listitem', { name: /^ASO de \d{2}\/\d{2}\/\d{4} — Periódico$/ });
    await item.getByText('Pendente', { exact: true }).waitFor();
    const audiometry = item.getByRole('region', { name: 'Audiometria no S-2220' });
    expect(await audiometry.textContent()).toContain('1 — Inicial (referência)');
    expect(await audiometry.textContent()).toMatch(/indResult1 — Normal/);
    expect(await item.textContent()).toContain('9999 (Avaliação clínica ocupacional)');

    await item.getByRole('button', { name: 'Gerar S-2220' }).click();
    await item.getByText('Gerado', { exact: true }).waitFor();
    const eventId = (await item.locator('.aso-item__mono').first().textContent())!;
    expect(eventId).toMatch(new RegExp(`^ID1${CNPJ}\\d{14}\\d{5}$`)); // ID + tpInsc + the CNPJ (14) + AAAAMMDDHHMMSS + sequence

    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Baixar XML' }).click()]);
    expect(download.suggestedFilename()).toBe(`S-2220-${eventId}.xml`);
    const xml = fs.readFileSync((await download.path())!, 'utf8');
    await expectValidS2220(xml);
    expect(xml).toContain(`<evtMonit Id="${eventId}">`);
    expect(xml).toContain('<cpfTrab>52998224725</cpfTrab><matricula>M-0042</matricula>');
    expect(xml).toContain('<ordExame>1</ordExame><indResult>1</indResult>');
    expect(xml).toContain('<procRealizado>9999</procRealizado><obsProc>Avaliação clínica ocupacional</obsProc>');
    await item.getByText('Exportado', { exact: true }).waitFor();

    await item.getByRole('button', { name: 'Informar recibo' }).click();
    const receipt = page.getByRole('dialog', { name: 'Informar recibo do eSocial' });
    await receipt.getByLabel(/Número do recibo/).fill('1.2.123');
    await receipt.getByRole('button', { name: 'Salvar recibo' }).click();
    await receipt.locator('.ui-field__error', { hasText: 'Número do recibo inválido' }).waitFor();
    expect(await receipt.getByLabel(/Número do recibo/).getAttribute('aria-invalid')).toBe('true');
    await receipt.getByLabel(/Número do recibo/).fill(RECEIPT);
    await receipt.getByRole('button', { name: 'Salvar recibo' }).click();
    await receipt.waitFor({ state: 'detached' });
    await item.getByText('Recebido pelo eSocial', { exact: true }).waitFor();
    expect(await item.textContent()).toContain(RECEIPT);
    await item.getByRole('button', { name: 'Alterar ASO (retificação)' }).waitFor();

    // what the server keeps: exported at the download, the receipt typed back
    const stored = await (await session.server.request(`/api/exams/${ids.exam}/asos`, bearer(session.account.token))).json();
    expect(stored.items[0].event).toMatchObject({ status: 'recebido', eventId, receipt: RECEIPT, indRetif: 1 });
    expect(stored.items[0].event.exportedAt).not.toBeNull();

    await expectAccessible(page, '/exams/{id} ASO');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'esocial-aso-status');

    // a change after the receipt is a retification: warned in the dialog, then indRetif 2 with the original nrRecibo
    await item.getByRole('button', { name: 'Alterar ASO (retificação)' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar ASO' });
    await edit.getByText('Evento já exportado').waitFor();
    await edit.getByRole('radio', { name: 'Inapto' }).check();
    await edit.getByRole('button', { name: 'Salvar ASO' }).click();
    await edit.waitFor({ state: 'detached' });
    await item.getByText('Retificação pendente', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Gerar S-2220' }).click();
    await item.getByText('Gerado', { exact: true }).waitFor();
    const [retification] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Baixar XML' }).click()]);
    const corrected = fs.readFileSync((await retification.path())!, 'utf8');
    await expectValidS2220(corrected);
    expect(corrected).toContain(`<ideEvento><indRetif>2</indRetif><nrRecibo>${RECEIPT}</nrRecibo>`);
    expect(corrected).toContain('<resAso>2</resAso>');
    await item.getByText('Exportado', { exact: true }).waitFor();
    // the receipt to type now is the retification's own: the field starts empty
    await item.getByRole('button', { name: 'Informar recibo' }).click();
    expect(await page.getByRole('dialog', { name: 'Informar recibo do eSocial' }).getByLabel(/Número do recibo/).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  }, 120_000);

  it('company page: "Exportar S-2220 (lote)" counts the pending event and downloads the zip; then none is pending', async () => {
    const { page, errors } = await open(`/empresas/${ids.company}`);
    await page.getByRole('heading', { level: 1, name: COMPANY }).waitFor();
    const batch = page.getByRole('form', { name: 'Exportar S-2220 (lote)' });
    await batch.getByLabel(/^De/).fill('2026-01-01');
    await batch.getByLabel(/^De/).blur();
    const count = batch.getByRole('status');
    await count.getByText(/^1 S-2220 pendente de exportação no período/).waitFor({ timeout: 15_000 });
    await expectAccessible(page, '/empresas/{id} S-2220');
    await batch.scrollIntoViewIfNeeded();
    await screenshot(page, 'esocial-batch');

    const [download] = await Promise.all([page.waitForEvent('download'), batch.getByRole('button', { name: 'Exportar S-2220 (lote)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^S-2220-2026-01-01-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    const names = Object.keys(files);
    expect(names).toHaveLength(1);
    const xml = strFromU8(files[names[0]!]!);
    await expectValidS2220(xml);
    expect(xml).toContain('<cpfTrab>11144477735</cpfTrab><matricula>M-0107</matricula>');
    // (the first test's ASO, exported there, counts too when it ran before)
    await count.getByText(/^Nenhum S-2220 pendente de exportação no período \(\d+ já exportados?\)/).waitFor();

    // nothing left: the export says so instead of saving an empty file
    await batch.getByRole('button', { name: 'Exportar S-2220 (lote)' }).click();
    await batch.getByText('Nenhum S-2220 pendente de exportação nesta empresa e período.').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('at 390 px the ASO card and the Emitir ASO dialog fit the phone (nothing overflows sideways)', async () => {
    const { page, errors } = await open(`/exams/${ids.colleagueExam}`, 390);
    const item = page.getByRole('listitem', { name: /^ASO de 02\/04\/2026 — Periódico$/ });
    await item.waitFor({ timeout: 15_000 });
    const overflow = () => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(await overflow()).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Emitir ASO' }).click();
    const dialog = page.getByRole('dialog', { name: 'Emitir ASO' });
    await dialog.getByRole('button', { name: 'Adicionar procedimento' }).click();
    await dialog.getByLabel('Código (procedimento 1)').waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await overflow()).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  }, 60_000);
});

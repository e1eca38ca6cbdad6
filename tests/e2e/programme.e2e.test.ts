import fs from 'node:fs';
import os from 'node:os';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from '../../core/src/index';
import { json } from '../support/accounts';
import { expectAccessible, fillAirThresholds, openAs, screenshot, useAppSession } from './support/browser';

/**
 * Issue 19 acceptance, in real Chromium against the real build, server and PostgreSQL: a company with
 * a valid CNPJ, a GHE above the limit (88 dB(A) LAVG) and a worker admitted years ago whose last
 * audiometry is from 2023. The coordinator walks company → GHE → the overdue list → the worker →
 * a new exam of type periódico; back on /programa the worker has left the overdue list. The dashboard,
 * the company, the worker's employment and the phone width are saved to docs/screenshots/programme-*.png.
 */
const session = useAppSession();

const STAMP = Date.now() % 100_000;
const COMPANY = `Metalúrgica Prensa Forte ${STAMP} Ltda.`;
const CNPJ = cnpjWithCheckDigits(`${String(STAMP).padStart(8, '0')}0001`);
const CNPJ_FORMATTED = CNPJ.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
const GHE = 'GHE 03 — Prensas';
const WORKER = 'Joaquim Prensista Moreira';
const COLLEAGUE = 'Luíza Soldadora Pereira';
const ids = { company: '', ghe: '', worker: '' };

/** Today in Brazil (the schedule's calendar and the entry form's default date). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const HZ = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
const air = (level: number, notch = level) => Object.fromEntries(HZ.map((hz) => [String(hz), { re: hz >= 3000 && hz <= 6000 ? notch : level, le: hz >= 3000 && hz <= 6000 ? notch : level }]));
const programmeHref = () => `/programa?companyId=${ids.company}&gheId=${ids.ghe}`;
const pages: Page[] = [];

beforeAll(async () => {
  const { server: t, account: a } = session;
  const post = async <T = { id: string }>(p: string, body: unknown): Promise<T> => {
    const res = await t.request(p, json(body, a.token));
    const created = await res.json();
    expect(res.status, `${p} ${JSON.stringify(created)}`).toBeLessThan(300);
    return created as T;
  };
  ids.company = (await post('/api/companies', { name: COMPANY, tradeName: 'Prensa Forte', cnpj: CNPJ, riskGrade: 3, contactEmail: 'rh@prensaforte.com.br' })).id;
  const sector = await post(`/api/companies/${ids.company}/sectors`, { name: 'Estamparia' });
  ids.ghe = (await post(`/api/companies/${ids.company}/ghes`, {
    name: GHE, sectorId: sector.id, description: 'Prensas excêntricas de 60 a 200 t',
    exposure: { metric: 'LAVG', levelDbA: 88, dosePercent: 230, assessedAt: '2026-03-10', source: 'PGR 2026, dosimetria' }, periodicityMonths: 12,
  })).id;
  await post(`/api/companies/${ids.company}/ghes`, { name: 'GHE 07 — Administrativo', exposure: { metric: 'LAVG', levelDbA: 62, dosePercent: null, assessedAt: '2026-03-10', source: 'PGR 2026' } });

  // admitted in 2019; the last audiometry is from March 2023: the periodic one is long overdue
  ids.worker = (await post('/api/patients', { name: WORKER, age: 47, sex: 'M' })).id;
  await post(`/api/patients/${ids.worker}/employments`, { companyId: ids.company, registration: 'M-0042', jobTitle: 'Operador de prensa', sectorId: sector.id, gheId: ids.ghe, admissionDate: '2019-02-01' });
  await post('/api/exams', { patientId: ids.worker, date: '2019-01-20', examType: 'admissional', repousoHoras: 14, audiogram: { air: air(10) } });
  await post('/api/exams', { patientId: ids.worker, date: '2023-03-01', examType: 'periodico', repousoHoras: 14, audiogram: { air: air(15, 20) } });

  // a colleague examined this year with a notch at 3–6 kHz: the prevalence of the window and its trend
  const colleague = (await post('/api/patients', { name: COLLEAGUE, age: 39, sex: 'F' })).id;
  await post(`/api/patients/${colleague}/employments`, { companyId: ids.company, registration: 'M-0107', jobTitle: 'Soldadora', sectorId: sector.id, gheId: ids.ghe, admissionDate: '2024-05-01' });
  await post('/api/exams', { patientId: colleague, date: '2024-04-20', examType: 'admissional', repousoHoras: 14, audiogram: { air: air(10) } });
  await post('/api/exams', { patientId: colleague, date: '2025-05-05', examType: 'periodico', repousoHoras: 14, audiogram: { air: air(10, 20) } });
  const recent = today.slice(5) > '01-15' ? `${today.slice(0, 4)}-01-15` : today; // this year, inside the last 12 months
  await post('/api/exams', { patientId: colleague, date: recent, examType: 'periodico', repousoHoras: 14, audiogram: { air: air(15, 50) } });
}, 120_000);

/** What the page showed when a step failed, outside the repository (for the person reading the failure). */
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [i, p] of pages.entries()) await p.screenshot({ path: `${os.tmpdir()}/programme-e2e-failed-${i}.png`, fullPage: true }).catch(() => undefined);
  }
  for (const p of pages.splice(0)) await p.close().catch(() => undefined);
});

async function open(route: string, width?: number) {
  const opened = await openAs(session.browser, session.server.url, session.account.token, route, width);
  pages.push(opened.page);
  return opened;
}

describe('the hearing-conservation programme in the browser', () => {
  it('the dashboard: summary, per company and GHE, prevalence with its trend, and the overdue list exported as CSV', async () => {
    const { page, errors } = await open('/programa');
    await page.getByRole('heading', { level: 1, name: 'Programa de conservação auditiva' }).waitFor();
    const summary = page.getByRole('region', { name: 'Resumo do programa' });
    await summary.locator('[data-card="Expostos"]').getByText('2', { exact: true }).waitFor({ timeout: 10_000 });
    await summary.locator('[data-card="vencido"]').getByText('1', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Programa por empresa' }).getByRole('button', { name: `Filtrar pela empresa ${COMPANY}` }).waitFor();
    await page.getByRole('table', { name: 'Programa por GHE' }).getByText(GHE).waitFor();
    const overdue = page.getByRole('table', { name: 'Trabalhadores — Vencidos' });
    await overdue.getByRole('link', { name: WORKER, exact: true }).waitFor();
    expect(await overdue.getByRole('link', { name: COLLEAGUE, exact: true }).count()).toBe(0);
    await page.locator('[data-chart="prevalence-trend"] .main-svg').first().waitFor({ timeout: 20_000 });
    await expectAccessible(page, '/programa');
    await screenshot(page, 'programme-dashboard');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^trabalhadores-vencido.*\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(WORKER);
    expect(csv).not.toContain(COLLEAGUE);

    // the NR-7 annual report of the company, as PDF and CSV, downloaded with the session's token
    const report = page.locator('section.ui-card', { has: page.getByRole('heading', { name: 'Relatório analítico anual' }) });
    await report.getByLabel('Empresa do relatório').selectOption({ label: `${COMPANY} — ${CNPJ_FORMATTED}` });
    await report.getByLabel('Ano').selectOption(today.slice(0, 4));
    const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), report.getByRole('button', { name: 'Baixar PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^relatorio-analitico-.+\.pdf$/);
    expect(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [reportCsv] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Baixar CSV' }).click()]);
    expect(reportCsv.suggestedFilename()).toMatch(/^relatorio-analitico-.+\.csv$/);
    expect(errors).toEqual([]);
  }, 120_000);

  it('company → GHE → overdue list → worker → new periódico exam: the worker leaves the overdue list', async () => {
    const { page, errors } = await open('/empresas');
    const row = page.getByRole('table', { name: 'Empresas' }).getByRole('row').filter({ hasText: COMPANY });
    await row.getByText(CNPJ_FORMATTED).waitFor();
    await row.getByRole('link', { name: COMPANY }).click();
    await page.getByRole('heading', { level: 1, name: COMPANY }).waitFor();
    const gheItem = page.getByRole('list', { name: 'GHEs da empresa' }).getByRole('listitem').filter({ hasText: GHE });
    await gheItem.getByText('Acima do limite de tolerância').waitFor();
    await gheItem.getByText('No programa', { exact: true }).waitFor();
    expect(await gheItem.textContent()).toContain('LAVG 88 dB(A) · dose 230 %');
    const office = page.getByRole('list', { name: 'GHEs da empresa' }).getByRole('listitem').filter({ hasText: 'GHE 07' });
    await office.getByText('Fora do programa').waitFor();
    expect(await page.getByLabel('CNPJ').inputValue()).toBe(CNPJ_FORMATTED);
    await expectAccessible(page, '/empresas/{id}');
    await screenshot(page, 'programme-company');
    // a wrong check digit: the server's pt-BR message under the CNPJ, nothing saved
    await page.getByLabel('CNPJ').fill(`${CNPJ_FORMATTED.slice(0, -1)}${(Number(CNPJ.slice(-1)) + 1) % 10}`);
    await page.getByRole('button', { name: 'Salvar empresa' }).click();
    await page.locator('.ui-field__error', { hasText: 'CNPJ inválido: confira os dígitos verificadores' }).waitFor();
    expect(await page.getByLabel('CNPJ').getAttribute('aria-invalid')).toBe('true');
    await page.reload();
    expect(await page.getByLabel('CNPJ').inputValue()).toBe(CNPJ_FORMATTED);

    // GHE → the programme filtered by it, the overdue list first
    await gheItem.getByRole('link', { name: 'Ver trabalhadores no programa' }).click();
    await page.waitForURL(`**${programmeHref()}`);
    const overdue = page.getByRole('table', { name: 'Trabalhadores — Vencidos' });
    const workerRow = overdue.getByRole('row').filter({ hasText: WORKER });
    await workerRow.waitFor();
    expect(await workerRow.textContent()).toContain('01/03/2023');
    expect(await page.getByLabel('GHE', { exact: true }).inputValue()).toBe(ids.ghe);

    // → the worker, with the employment in the GHE
    await workerRow.getByRole('link', { name: WORKER, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: WORKER }).waitFor();
    const current = page.getByRole('region', { name: `Vínculo atual com ${COMPANY}` });
    await current.getByText(GHE).waitFor();
    await current.getByText('Acima do limite de tolerância').waitFor();
    expect(await current.textContent()).toContain('M-0042');
    expect(await current.textContent()).toContain('01/02/2019');
    await expectAccessible(page, '/patients/{id} (vínculo)');
    await screenshot(page, 'programme-worker-employment');

    // → a new exam of type periódico, today
    await page.getByRole('link', { name: 'Novo Exame' }).click();
    await page.waitForURL(`**/exam/new?patientId=${ids.worker}`);
    await page.waitForFunction((name) => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === name, WORKER);
    await page.getByLabel('Tipo de exame').selectOption({ label: 'Periódico' });
    await page.getByLabel('Idade').fill('47');
    await fillAirThresholds(page, { 250: 15, 500: 15, 1000: 15, 2000: 20, 3000: 20, 4000: 25, 6000: 25, 8000: 20 }, { 250: 15, 500: 15, 1000: 15, 2000: 20, 3000: 25, 4000: 25, 6000: 25, 8000: 20 });
    await page.getByLabel('Data do exame').fill(today);
    await page.getByLabel('Ruído ambiente (dB)').fill('32.5');
    await page.getByLabel('Data da calibração').fill('2026-01-10');
    await page.getByLabel('Repouso auditivo (horas)').fill('14');
    await page.getByLabel('Nome do operador').fill('Fernanda Rocha');
    await page.getByLabel('Registro (CRFa/CRM)').fill('CRFa 2-12345');
    await page.getByRole('button', { name: 'Salvar Exame' }).click();
    await page.waitForURL(/\/exams\/[0-9a-f-]{36}$/);
    await page.locator('dt', { hasText: 'Tipo de exame' }).locator('xpath=following-sibling::dd[1]').getByText('Periódico').waitFor();

    // back on /programa: no longer overdue, now 'em dia'
    await page.goto(`${session.server.url}${programmeHref()}`);
    await page.getByText('Nenhum trabalhador: vencidos').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('table', { name: 'Trabalhadores — Vencidos' }).count()).toBe(0);
    await page.getByRole('group', { name: 'Situação dos trabalhadores' }).getByRole('button', { name: 'Em dia' }).click();
    const upToDate = page.getByRole('table', { name: 'Trabalhadores — Em dia' }).getByRole('row').filter({ hasText: WORKER });
    await upToDate.waitFor();
    expect(await upToDate.textContent()).toContain(today.split('-').reverse().join('/'));
    // the only failed request is the refused CNPJ (400), which the page showed under the field
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    expect(errors.filter((e) => /status of 400/.test(e))).toHaveLength(1);
  }, 120_000);

  it('at phone width /programa fits the screen, and the Dashboard card links to it', async () => {
    const { page, errors } = await open('/dashboard', 390);
    const card = page.getByRole('link', { name: /Programa de conservação auditiva/ });
    await card.getByText(/\d+ vencidos · \d+ vencem em 30 dias · cobertura/).waitFor({ timeout: 10_000 });
    await card.click();
    await page.waitForURL('**/programa');
    await page.getByRole('region', { name: 'Resumo do programa' }).locator('[data-card="Expostos"]').getByText('2', { exact: true }).waitFor({ timeout: 10_000 });
    await page.locator('[data-chart="prevalence-trend"] .main-svg').first().waitFor({ timeout: 20_000 });
    // the list as cards: the workers whose audiometry is up to date (the colleague, examined this year)
    await page.getByRole('group', { name: 'Situação dos trabalhadores' }).getByRole('button', { name: 'Em dia' }).click();
    await page.getByRole('table', { name: 'Trabalhadores — Em dia' }).getByRole('link', { name: COLLEAGUE, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.ui-loading'), undefined, { timeout: 20_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'programme-phone');
    expect(errors).toEqual([]);
  }, 90_000);
});

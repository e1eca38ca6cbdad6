import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOMMENDATIONS } from '../../core/src/analysis/report-evolution';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, root, screenshot, watchErrors, webDist, widgetDist } from './support/browser';

/**
 * Issue 9 end to end: the report-based evolution screen, Configurações › Integrações and the
 * embeddable widget (custom element in a shadow root, served at /widget) on its demo host page.
 * Real build, real server, real PostgreSQL, real Chromium; no request is mocked except the
 * aborted call of the load-failure test.
 */
let t: TestServer;
let browser: Browser;
let a: Account;
let companyA: { id: string; name: string };
let worker: { id: string };
let workerOtherCompany: { id: string };
let singleReportPatient: { id: string };
const WORKER = 'Carlos Eduardo Pereira';
const INITIAL_BUDGET_BYTES = 80 * 1024;

const air = (v: number) => Object.fromEntries([250, 500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: v, le: v }]));
const post = (p: string, body: unknown) => t.request(p, json(body, a.token));

async function examWithReport(patientId: string, date: string, level: number) {
  const exam = await (await post('/api/exams', { patientId, date, repousoHoras: 14, audiogram: { air: air(level) } })).json();
  expect(exam.id, JSON.stringify(exam)).toBeTruthy();
  const report = await post(`/api/reports/generate/${exam.id}`, { audiometryType: 'simple' });
  expect(report.status, await report.clone().text()).toBe(201);
}

async function embedToken(body: Record<string, unknown>) {
  const res = await post('/api/embed-tokens', { name: 'Portal RH', scope: 'company', companyId: companyA.id, allowedOrigins: [t.url], ...body });
  const created = await res.json();
  expect(res.status, JSON.stringify(created)).toBe(201);
  return created as { id: string; token: string };
}

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist, LIMIAR_WIDGET_DIST: widgetDist });
  browser = await launchBrowser();
  a = await registerAccount(t);
  worker = await (await post('/api/patients', { name: WORKER, age: 44, sex: 'M', company: 'Metalúrgica Alfa' })).json();
  workerOtherCompany = await (await post('/api/patients', { name: 'Beatriz Outra Empresa', age: 39, sex: 'F', company: 'Construtora Beta' })).json();
  singleReportPatient = await (await post('/api/patients', { name: 'Paciente Um Laudo', age: 30, sex: 'F', company: 'Metalúrgica Alfa' })).json();
  // means 10 → 20 → 35 dB HL in both ears: the change first → last is +25 dB (> +10: Agravamento)
  await examWithReport(worker.id, '2023-03-01', 10);
  await examWithReport(worker.id, '2023-09-01', 20);
  await examWithReport(worker.id, '2024-03-01', 35);
  await examWithReport(singleReportPatient.id, '2024-01-15', 15);
  companyA = (await (await t.request('/api/companies', bearer(a.token))).json()).find((c: { name: string }) => c.name === 'Metalúrgica Alfa');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function openAs(route: string, viewport = { width: 1360, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport });
  const errors = watchErrors(page);
  await page.goto(`${t.url}/login`);
  await page.evaluate((token) => localStorage.setItem('limiar.token', token), a.token);
  await page.goto(`${t.url}${route}`);
  return { page, errors };
}

async function openDemo(token: string, patient: string, width = 1024) {
  const page = await browser.newPage({ locale: 'pt-BR', viewport: { width, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(`${t.url}/widget/demo?token=${encodeURIComponent(token)}&patient=${encodeURIComponent(patient)}`);
  return { page, errors };
}

describe('report-based evolution screen (/reports/{patientId}/evolution)', () => {
  it('with 3 reports shows Agravamento, the three cards, the red recommendation and three charts', async () => {
    const { page, errors } = await openAs(`/reports/${worker.id}/evolution`);
    await page.getByRole('heading', { level: 1, name: `Análise Evolutiva — ${WORKER}` }).waitFor();
    await page.getByText('3 laudos encontrados para este paciente').waitFor();

    const status = page.locator('[data-card="status"]');
    expect(await status.innerText()).toMatch(/Agravamento[\s\S]*Variação média: \+25 dB/);
    const classification = page.locator('[data-card="classification"]');
    expect(await classification.innerText()).toMatch(/Primeiro exame: Normal[\s\S]*Último exame: Leve/);
    const period = page.locator('[data-card="period"]');
    expect(await period.innerText()).toMatch(/366 dias[\s\S]*3 exames/);

    const box = page.locator('[data-tone]').filter({ hasText: 'Recomendação IA' });
    expect(await box.getAttribute('data-tone')).toBe('worsening');
    expect(await box.innerText()).toContain(RECOMMENDATIONS.Agravamento);
    const [bg, border] = await box.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).borderLeftColor]);
    expect(bg).toBe('rgb(254, 242, 242)'); // --color-danger-soft
    expect(border).not.toBe(bg);

    // three charts: two Plotly plots (thresholds with 6 lines = 3 exams × OD/OE, averages as areas) and the SVG radar
    await page.locator('[data-chart="thresholds"] .main-svg').first().waitFor();
    expect(await page.locator('[data-chart="thresholds"] .scatterlayer .trace').count()).toBe(6);
    expect(await page.locator('[data-chart="thresholds"] .js-line[style*="stroke-dasharray"]').count()).toBeGreaterThanOrEqual(3);
    await page.locator('[data-chart="timeline"] .main-svg').first().waitFor();
    const fills = await page.locator('[data-chart="timeline"] .js-fill').evaluateAll((els) => els.map((e) => e.getAttribute('d') ?? '').filter((d) => d.length > 0));
    expect(fills.length, 'a filled area per ear').toBeGreaterThanOrEqual(2);
    await page.locator('[data-chart="radar"] svg polygon[fill]').first().waitFor();
    expect(await page.locator('[data-chart="radar"] svg [data-series]').count()).toBe(2);
    expect(await page.locator('figure[data-chart]').count()).toBe(3);
    const heights = await page.evaluate(() => ['thresholds', 'timeline', 'radar'].map((c) => Math.round(document.querySelector(`[data-chart="${c}"] ${c === 'radar' ? 'svg' : '.main-svg'}`)!.getBoundingClientRect().height)));
    expect(heights).toEqual([400, 350, 400]);

    const exams = page.locator('.report-evolution__exam');
    expect(await exams.count()).toBe(3);
    expect(await exams.first().innerText()).toContain('1 de março de 2023');
    expect(await exams.last().innerText()).toContain('1 de março de 2024');
    const firstLink = exams.first().getByRole('link', { name: /Ver Laudo/ });
    expect(await firstLink.getAttribute('href')).toMatch(/^\/reports\/[0-9a-f-]{36}$/);

    await screenshot(page, 'report-evolution');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("with 1 report shows 'Análise Evolutiva Indisponível' and a way back to /reports", async () => {
    const { page, errors } = await openAs(`/reports/${singleReportPatient.id}/evolution`);
    await page.getByRole('heading', { name: 'Análise Evolutiva Indisponível' }).waitFor();
    await page.getByText('São necessários pelo menos 2 laudos do mesmo paciente').waitFor();
    expect(await page.getByRole('link', { name: 'Voltar para Laudos' }).getAttribute('href')).toBe('/reports');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a failed load logs 'Erro ao carregar dados:' and shows the unavailable screen", async () => {
    const page = await browser.newPage({ locale: 'pt-BR' });
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.route('**/api/reports/patient/**', (route) => route.abort());
    await page.goto(`${t.url}/login`);
    await page.evaluate((token) => localStorage.setItem('limiar.token', token), a.token);
    await page.goto(`${t.url}/reports/${worker.id}/evolution`);
    await page.getByRole('heading', { name: 'Análise Evolutiva Indisponível' }).waitFor({ timeout: 20_000 });
    expect(logged.some((m) => m.startsWith('Erro ao carregar dados:'))).toBe(true);
    await page.close();
  });
});

describe('Configurações › Integrações', () => {
  it('creates a company token shown once with the snippet, lists it and revokes it', async () => {
    const { page, errors } = await openAs('/settings');
    await page.getByRole('tab', { name: 'Integrações' }).click();
    await page.getByRole('heading', { name: 'Tokens de integração' }).waitFor();
    await page.getByText('Nenhum token de integração').waitFor();
    const form = page.locator('form.integrations-form');
    await form.getByRole('button', { name: 'Criar token' }).click();
    await form.getByText('Dê um nome ao token').waitFor();
    await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Portal RH Metalúrgica');
    await form.getByText('Empresa', { exact: true }).click();
    await form.getByRole('combobox', { name: 'Empresa' }).selectOption({ label: 'Metalúrgica Alfa (2 trabalhadores)' });
    await form.getByRole('textbox', { name: 'Origens autorizadas' }).fill(`${t.url}\nhttps://portal.metalurgica-alfa.com.br`);
    await form.getByLabel('Mostrar apenas as iniciais do nome').check();
    await form.getByRole('button', { name: 'Criar token' }).click();

    const dialog = page.getByRole('dialog', { name: 'Token de integração criado' });
    await dialog.waitFor();
    const token = (await dialog.getByTestId('created-token').innerText()).trim();
    expect(token).toMatch(/^lmr_emb_[0-9a-f-]{36}\.[A-Za-z0-9_-]{20,}$/);
    const snippet = await dialog.locator('pre').innerText();
    expect(snippet).toContain(`<script type="module" src="${t.url}/widget/limiar-evolucao.js"></script>`);
    expect(snippet).toContain(`<limiar-evolucao api-base="${t.url}" token="${token}" patient="ID_DO_TRABALHADOR"></limiar-evolucao>`);
    await page.waitForFunction(() => document.getAnimations().length === 0 && getComputedStyle(document.querySelector('.ui-dialog')!).opacity === '1');
    // viewport shot: a full-page capture misplaces the fixed dialog and sidebar
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'settings-integrations-token-created.png') });

    // the token works against the widget route (initials only), and is never listed again
    const evo = await t.request(`/api/embed/evolution/${worker.id}`, { headers: { authorization: `Bearer ${token}`, origin: t.url } });
    expect(evo.status).toBe(200);
    expect((await evo.json()).worker.displayName).toBe('C. P.');
    await dialog.getByRole('button', { name: 'Já copiei' }).click();
    const item = page.locator('.integrations-token').filter({ hasText: 'Portal RH Metalúrgica' });
    await item.getByText('Ativo').waitFor();
    expect(await item.innerText()).toContain('Empresa: Metalúrgica Alfa');
    expect(await page.locator('.integrations').innerText()).not.toContain(token);

    await item.getByRole('button', { name: 'Revogar Portal RH Metalúrgica' }).click();
    await page.getByRole('dialog', { name: 'Revogar token?' }).getByRole('button', { name: 'Revogar' }).click();
    await item.getByText('Revogado').waitFor();
    const refused = await t.request(`/api/embed/evolution/${worker.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** A partner page on another origin (another port) serving `html` (changeable with `serve`); closed by the caller. */
async function partnerPortal(html: string) {
  let body = html;
  const portal = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Portal parceiro</title></head><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(portal.address() as AddressInfo).port}`,
    serve: (next: string) => void (body = next),
    close: () => new Promise((resolve) => portal.close(resolve)),
  };
}

describe('Configurações › Integrações: the worker id of the snippet', () => {
  it('a keyboard combobox finds the worker by name or CPF and fills the id; the created dialog gives a snippet that works on the portal', async () => {
    const marina = await (await post('/api/patients', { name: 'Marina Conceição Lima', age: 33, sex: 'F', cpf: '529.982.247-25', company: 'Construtora Beta' })).json();
    expect(marina.id, JSON.stringify(marina)).toBeTruthy();
    const { page, errors } = await openAs('/settings', { width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Integrações' }).click();
    const card = page.locator('.ui-card').filter({ has: page.getByRole('heading', { name: 'Código do widget' }) });
    const picker = card.getByRole('combobox', { name: 'Trabalhador do widget' });
    expect(await card.getByTestId('snippet-snippet').innerText()).toContain('patient="ID_DO_TRABALHADOR"');

    // by name, without accents or capitals, keyboard only
    await picker.focus();
    await page.keyboard.type('carlos ed');
    const list = page.getByRole('listbox', { name: 'Trabalhadores encontrados' });
    await list.getByRole('option', { name: new RegExp(WORKER) }).waitFor();
    expect(await picker.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    const activeId = await picker.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
    expect(await picker.inputValue()).toBe(WORKER);
    expect((await card.getByTestId('snippet-worker-id').innerText()).trim()).toBe(worker.id);
    const snippet = await card.getByTestId('snippet-snippet').innerText();
    expect(snippet).toContain(`<limiar-evolucao api-base="${t.url}" token="SEU_TOKEN_DE_INTEGRACAO" patient="${worker.id}"></limiar-evolucao>`);
    const box = await card.getByTestId('snippet-snippet').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'settings-integrations-worker-picker');
    await expectAccessible(page, 'integrations worker picker');

    // by CPF digits; Escape closes the list only; an unknown name says so
    await picker.fill('529.982');
    await list.getByRole('option', { name: /Marina Conceição Lima.*CPF 529\.982\.247-25/ }).waitFor();
    await expectAccessible(page, 'integrations worker picker, list open');
    await page.keyboard.press('Escape');
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect((await card.getByTestId('snippet-worker-id').innerText()).trim()).toBe(marina.id);
    await picker.fill('zzz inexistente');
    await card.getByRole('status').filter({ hasText: 'Nenhum trabalhador encontrado para “zzz inexistente”.' }).waitFor();
    expect(await card.getByTestId('snippet-worker-id').count()).toBe(0);
    expect(await card.getByTestId('snippet-snippet').innerText()).toContain('patient="ID_DO_TRABALHADOR"');

    // a company token: the creation dialog's picker puts the worker into the snippet with the real token
    const portal = await partnerPortal('');
    try {
      const form = page.locator('form.integrations-form');
      await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Portal RH com trabalhador');
      await form.getByText('Empresa', { exact: true }).click();
      await form.getByRole('combobox', { name: 'Empresa' }).selectOption({ label: 'Metalúrgica Alfa (2 trabalhadores)' });
      await form.getByRole('textbox', { name: 'Origens autorizadas' }).fill(portal.url);
      await form.getByRole('button', { name: 'Criar token' }).click();
      const dialog = page.getByRole('dialog', { name: 'Token de integração criado' });
      await dialog.waitFor();
      const token = (await dialog.getByTestId('created-token').innerText()).trim();
      const dialogPicker = dialog.getByRole('combobox', { name: 'Trabalhador do widget' });
      await dialogPicker.focus();
      await page.keyboard.type('Carlos');
      await dialog.getByRole('option', { name: new RegExp(WORKER) }).waitFor();
      await page.keyboard.press('Escape'); // closes the list, not the dialog
      expect(await dialog.isVisible()).toBe(true);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const dialogSnippet = await dialog.getByTestId('created-snippet').innerText();
      expect(dialogSnippet).toContain(`token="${token}" patient="${worker.id}"`);
      await page.close();

      // pasted as is into the partner's page, it shows the worker
      portal.serve(dialogSnippet);
      const partner = await browser.newPage({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
      await partner.goto(portal.url);
      await partner.locator('limiar-evolucao .lw[data-state="ready"]').waitFor();
      expect(await partner.locator('limiar-evolucao .lw').innerText()).toContain(WORKER);
      await partner.close();
    } finally {
      await portal.close();
    }
    expect(errors).toEqual([]);
  });

  it('a worker-scoped token is created by picking the worker by CPF; its snippet already names the worker', async () => {
    const marina = (await (await t.request('/api/patients?q=52998224725', bearer(a.token))).json())[0];
    expect(marina?.name).toBe('Marina Conceição Lima');
    const { page, errors } = await openAs('/settings');
    await page.getByRole('tab', { name: 'Integrações' }).click();
    const form = page.locator('form.integrations-form');
    await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Portal da Marina');
    await form.getByText('Trabalhador', { exact: true }).click();
    await form.getByRole('button', { name: 'Criar token' }).click();
    await form.getByText('Escolha uma empresa ou um trabalhador').first().waitFor();
    const picker = form.getByRole('combobox', { name: 'Trabalhador' });
    expect(await picker.getAttribute('aria-invalid')).toBe('true');
    await picker.fill('52998224725');
    await form.getByRole('option', { name: /Marina Conceição Lima/ }).click();
    expect(await picker.inputValue()).toBe('Marina Conceição Lima');
    await form.getByRole('textbox', { name: 'Origens autorizadas' }).fill(t.url);
    await form.getByRole('button', { name: 'Criar token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Token de integração criado' });
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox').count()).toBe(0);
    expect((await dialog.getByTestId('created-worker-id').innerText()).trim()).toBe(marina.id);
    expect(await dialog.getByTestId('created-snippet').innerText()).toContain(`patient="${marina.id}"`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('embeddable widget (<limiar-evolucao>, /widget/demo)', () => {
  it('the demo host page embeds the widget with a real token and draws the charts (1024 px and 320 px)', async () => {
    const { token } = await embedToken({ name: 'Demo' });
    const { page, errors } = await openDemo(token, worker.id);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.locator('limiar-evolucao .lw[data-state="ready"]').waitFor();
    await page.locator('limiar-evolucao [data-chart="pta"] .main-svg').first().waitFor();
    await page.locator('limiar-evolucao [data-chart="audiogram"] .main-svg').first().waitFor();
    const text = await page.locator('limiar-evolucao .lw').innerText();
    expect(text).toContain(WORKER);
    expect(text).toContain('Alerta NR-7');
    expect(text).toContain('01/03/2024');
    // standard audiogram symbols: red open circle for OD, blue X for OE, inverted dB axis
    const markers = await page.locator('limiar-evolucao [data-chart="audiogram"] .scatterlayer .point').evaluateAll((els) => els.map((e) => e.getAttribute('style') ?? ''));
    expect(markers.some((s) => s.includes('rgb(185, 28, 28)'))).toBe(true);
    expect(markers.some((s) => s.includes('rgb(29, 78, 216)'))).toBe(true);
    const yTicks = await page.locator('limiar-evolucao [data-chart="audiogram"] .ytick text').evaluateAll((els) => els.map((e) => e.textContent));
    expect(yTicks[0]).toBe('−10');
    await screenshot(page, 'widget-demo-1024');

    await page.setViewportSize({ width: 320, height: 900 });
    await page.waitForTimeout(300);
    const overflow = await page.locator('limiar-evolucao').evaluate((el) => {
      const lw = el.shadowRoot!.querySelector('.lw') as HTMLElement;
      return { lw: lw.scrollWidth - lw.clientWidth, doc: document.documentElement.scrollWidth - window.innerWidth, plot: Math.round(el.shadowRoot!.querySelector('[data-chart="audiogram"] .main-svg')!.getBoundingClientRect().width) };
    });
    expect(overflow.lw).toBeLessThanOrEqual(0);
    expect(overflow.doc).toBeLessThanOrEqual(0);
    expect(overflow.plot).toBeLessThan(300);
    await screenshot(page, 'widget-demo-320');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an aggressive host stylesheet changes nothing inside the widget, and the widget leaks no style', async () => {
    const { token } = await embedToken({ name: 'CSS' });
    const { page, errors } = await openDemo(token, worker.id);
    await page.locator('limiar-evolucao [data-chart="audiogram"] .main-svg').first().waitFor();
    const sample = () =>
      page.locator('limiar-evolucao').evaluate((host) => {
        const pick = ['.lw', '.lw-title', '.lw-status__title', '.lw-alerts li', '.lw-facts dt', '.lw-facts dd', '.lw-figure__title', '.lw-legend', '.lw-footer',
          '[data-chart="audiogram"] .main-svg', '[data-chart="audiogram"] .ytick text', '[data-chart="pta"] .legendtext', '[data-chart="pta"] .scatterlayer path.js-line'];
        return pick.map((sel) => {
          const el = host.shadowRoot!.querySelector(sel)!;
          const s = getComputedStyle(el);
          const r = el.getBoundingClientRect();
          return [sel, s.color, s.fontSize, s.fontFamily, s.display, s.lineHeight, s.backgroundColor, s.textTransform, s.letterSpacing, s.fill, s.stroke, Math.round(r.width), Math.round(r.height)].join('|');
        });
      });
    const before = await sample();
    const shotBefore = await page.locator('limiar-evolucao .lw').screenshot();
    const hostBefore = await page.locator('.portal-main p').first().evaluate((p) => getComputedStyle(p).fontFamily);
    expect(hostBefore).toContain('Georgia');
    expect(await page.evaluate(() => [...document.querySelectorAll('style')].some((s) => (s.textContent ?? '').includes('.lw')))).toBe(false);

    await page.addStyleTag({
      content: `* { color: red !important; font-size: 40px !important; display: block !important; font-family: "Comic Sans MS", cursive !important;
        line-height: 3 !important; text-transform: uppercase !important; letter-spacing: 4px !important; background: yellow !important; }
        svg, path, text { fill: lime !important; stroke: magenta !important; }
        div, section, p, span, li { border: 3px dashed lime !important; }`,
    });
    await page.waitForTimeout(300);
    expect(await page.locator('.portal-header h1').evaluate((h) => getComputedStyle(h).color)).toBe('rgb(255, 0, 0)'); // the rules did apply to the host page
    expect(await sample()).toEqual(before);
    // same rendered size; pixel equality is not asserted (the page above moved by a fractional
    // amount, so antialiasing differs) — the computed styles and boxes above are the exact check
    const shotAfter = await page.locator('limiar-evolucao .lw').screenshot();
    const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(pngSize(shotAfter)).toEqual(pngSize(shotBefore));
    await screenshot(page, 'widget-demo-hostile-css');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('revoked, expired and invalid tokens and a worker outside the scope show the pt-BR error states', async () => {
    const revoked = await embedToken({ name: 'Revogado' });
    expect((await t.request(`/api/embed-tokens/${revoked.id}`, bearer(a.token, 'DELETE'))).status).toBe(204);
    const expired = await embedToken({ name: 'Expirado', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await t.database.orm.em.getConnection().execute("update embed_token set expires_at = now() - interval '1 second' where id = ?", [expired.id]);
    const companyToken = await embedToken({ name: 'Empresa A' });
    const cases = [
      { token: revoked.token, patient: worker.id, text: 'Token de integração revogado' },
      { token: expired.token, patient: worker.id, text: 'Token de integração expirado' },
      { token: `${companyToken.token}x`, patient: worker.id, text: 'Token de integração inválido' },
      { token: companyToken.token, patient: workerOtherCompany.id, text: 'Trabalhador não encontrado para este token' },
    ];
    for (const c of cases) {
      const { page } = await openDemo(c.token, c.patient);
      const state = page.locator('limiar-evolucao .lw[data-state="error"]');
      await state.waitFor();
      expect(await state.getByRole('alert').innerText()).toContain(c.text);
      if (c.text.startsWith('Trabalhador')) await screenshot(page, 'widget-demo-not-found');
      await page.close();
    }
  });

  it("on a portal whose origin the token does not allow, says 'Origem não autorizada'; only an unreachable server is a network failure", async () => {
    const { token } = await embedToken({ name: 'Outra origem' }); // allows t.url only
    // a real partner page on another origin (another port): the snippet of docs/widget.md §1
    const portal = await partnerPortal(`<script type="module" src="${t.url}/widget/limiar-evolucao.js"></script>
      <limiar-evolucao api-base="${t.url}" token="${token}" patient="${worker.id}"></limiar-evolucao>`);
    const portalUrl = portal.url;
    try {
      const page = await browser.newPage({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
      const answer = page.waitForResponse((r) => r.url().includes('/api/embed/evolution/') && r.request().method() === 'GET');
      await page.goto(portalUrl);
      const refused = await answer;
      expect(refused.status()).toBe(403);
      expect((await refused.request().allHeaders()).origin).toBe(portalUrl);
      const state = page.locator('limiar-evolucao .lw[data-state="error"]');
      await state.waitFor();
      const alert = await state.getByRole('alert').innerText();
      expect(alert).toContain('Origem não autorizada para este token de integração');
      expect(alert).not.toContain('Não foi possível conectar');
      expect(await state.innerText()).not.toContain(WORKER);
      await screenshot(page, 'widget-origin-refused');

      // the network message stays for what it means: no answer at all (nothing listens on api-base)
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const deadBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      await new Promise((resolve) => closed.close(resolve));
      portal.serve(`<script type="module" src="${t.url}/widget/limiar-evolucao.js"></script>
        <limiar-evolucao api-base="${deadBase}" token="${token}" patient="${worker.id}"></limiar-evolucao>`);
      await page.goto(portalUrl);
      await page.locator('limiar-evolucao .lw[data-state="error"]').waitFor();
      expect(await page.locator('limiar-evolucao .lw').getByRole('alert').innerText()).toContain('Não foi possível conectar ao servidor do Limiar.');
      await page.close();
    } finally {
      await portal.close();
    }
  });

  it('an embed token is refused on the app API, a session token on the embed route', async () => {
    const { token } = await embedToken({ name: 'Escopo' });
    expect((await t.request('/api/patients', bearer(token))).status).toBe(401);
    expect((await t.request(`/api/embed/evolution/${worker.id}`, bearer(a.token))).status).toBe(401);
    expect((await t.request(`/api/embed/evolution/${worker.id}`, bearer(token))).status).toBe(200);
  });

  it('the initial script is under 80 kB gzip; Plotly comes in a lazy chunk served with CORS', async () => {
    const res = await t.request('/widget/limiar-evolucao.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const entry = await res.text();
    // the initial download = the entry + the chunks it imports statically (not the dynamic import())
    const staticImports = [...entry.matchAll(/(?:^|[;\s}])import\s*(?:[^'"`()]*?from\s*)?["'`](\.\/chunks\/[^"'`]+)["'`]/g)].map((m) => m[1]);
    const dynamicImports = [...entry.matchAll(/import\(\s*["'`](\.\/chunks\/[^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(dynamicImports.length).toBeGreaterThan(0);
    let initial = zlib.gzipSync(entry, { level: 9 }).length;
    for (const chunk of staticImports) initial += zlib.gzipSync(await (await t.request(`/widget/${chunk.slice(2)}`)).text(), { level: 9 }).length;
    const lazy = await (await t.request(`/widget/${dynamicImports[0].slice(2)}`)).text();
    console.log(`widget initial ${(initial / 1024).toFixed(1)} kB gzip (${1 + staticImports.length} file(s)); lazy charts chunk ${(zlib.gzipSync(lazy, { level: 9 }).length / 1024).toFixed(1)} kB gzip`);
    expect(initial).toBeLessThan(INITIAL_BUDGET_BYTES);
    expect(entry).not.toMatch(/plotly/i);
    expect(lazy).toMatch(/plotly/i);
    expect(fs.existsSync(path.join(widgetDist, 'demo.html'))).toBe(true);
  });
});

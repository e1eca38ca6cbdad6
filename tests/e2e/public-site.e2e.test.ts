import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { launchBrowser, root, screenshot, watchErrors, webDist } from './support/browser';

/**
 * Issue 3, public site: landing (#features, #pricing and the spec §1 claims), privacy, terms,
 * support FAQ, contact and data-deletion requests stored by the real server, and the old home page.
 * Real build, real server, real PostgreSQL, real Chromium; no request is mocked.
 */
let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const text = (page: Page) => page.locator('body').innerText();

async function shoot(page: Page, name: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await screenshot(page, name);
}

describe('landing page', () => {
  it('has #features and #pricing, the spec §1 claims and the links to login, dashboard, contact and support', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('section#features').count()).toBe(1);
    expect(await page.locator('section#pricing').count()).toBe(1);

    const body = await text(page);
    for (const claim of [
      'não substitui o julgamento clínico',
      'devem ser revisados e validados por um profissional habilitado',
      'Criptografia em trânsito e em repouso',
      'não treinam modelos',
      'A IA roda localmente',
      'Login único (SSO)',
      'Acesso baseado em perfis',
      'Conformidade com a LGPD',
      'Sem cartão de crédito',
      'Configuração em 2 minutos',
      'Exportação em PDF e CSV',
      'resposta em até 4 horas',
    ]) {
      expect(body, claim).toContain(claim);
    }

    const hrefs = await page.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const target of ['/login', '/register', '/dashboard', '/contact', '/support#faq', '/privacy', '/terms', '/data-deletion']) {
      expect(hrefs, target).toContain(target);
    }

    // the header's section links scroll to the sections
    await page.getByRole('navigation', { name: 'Navegação do site' }).getByRole('link', { name: 'Preços' }).click();
    await page.waitForFunction(() => location.hash === '#pricing');
    await expect.poll(() => page.locator('#pricing').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(80);

    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'public-landing');

    await page.getByRole('navigation', { name: 'Navegação do site' }).getByRole('link', { name: 'Suporte' }).click();
    await page.waitForFunction(() => location.pathname === '/support');
    await page.goBack();
    await page.getByRole('link', { name: 'Entrar' }).first().click();
    await page.waitForFunction(() => location.pathname === '/login');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a 390 px phone the section links sit behind a keyboard-usable "Menu" button', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const errors = watchErrors(page);
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Navegação do site' });
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getAttribute('aria-controls')).toBe(await page.locator('nav.public-header__nav').getAttribute('id'));

    await menu.tap();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const links = ['Recursos', 'Preços', 'Suporte', 'Contato'];
    for (const name of links) {
      const box = await nav.getByRole('link', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
      expect(box!.height, `${name}: touch target`).toBeGreaterThanOrEqual(40);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // viewport shot: the sticky header with its open panel, as the phone shows it
    await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'phone-landing-menu.png') });

    // a tap on a section link scrolls there and closes the menu
    await nav.getByRole('link', { name: 'Preços' }).tap();
    await page.waitForFunction(() => location.hash === '#pricing');
    await expect.poll(() => page.locator('#pricing').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(80);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    // keyboard: Enter opens, Tab walks into the links, Escape closes and gives focus back to the button
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Recursos');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(await menu.getAttribute('aria-controls'));

    // every other page of the public site shares the header
    await page.goto(`${t.url}/privacy`);
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('navigation', { name: 'Navegação do site' }).getByRole('link', { name: 'Recursos' }).tap();
    await page.waitForFunction(() => location.pathname === '/' && location.hash === '#features');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"Acessar o Dashboard" leads an anonymous visitor to /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/`);
    await page.getByRole('link', { name: 'Acessar o Dashboard' }).click();
    await page.waitForFunction(() => location.pathname === '/login');
    await page.close();
  });
});

describe('legal pages and help centre', () => {
  it('privacy: updated 12 Oct 2025, LGPD, local AI and the data-deletion path', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${t.url}/privacy`);
    await page.getByRole('heading', { name: 'Política de Privacidade', level: 1 }).waitFor();
    const body = await text(page);
    expect(body).toContain('Última atualização: 12 de outubro de 2025');
    expect(body).toContain('LGPD');
    expect(body).toContain('localmente, no servidor da própria instalação');
    expect(body).toContain('não são usados para treinar modelos');
    expect(body).toContain('em até 30 dias');
    await page.getByRole('link', { name: 'solicitação de exclusão de dados' }).click();
    await page.waitForFunction(() => location.pathname === '/data-deletion');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('terms: same date, changes announced 30 days ahead', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/terms`);
    await page.getByRole('heading', { name: 'Termos de Uso', level: 1 }).waitFor();
    const body = await text(page);
    expect(body).toContain('Última atualização: 12 de outubro de 2025');
    expect(body).toContain('30 dias de antecedência');
    expect(body).toContain('não substitui o julgamento clínico');
    await page.close();
  });

  it('support: the FAQ lives at #faq and its answers open with the keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${t.url}/support#faq`);
    const faq = page.locator('section#faq');
    await faq.getByRole('heading', { name: 'Perguntas frequentes' }).waitFor();
    await expect.poll(() => faq.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(120);
    const first = faq.locator('details').first();
    expect(await first.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await first.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    expect(await faq.locator('details').count()).toBeGreaterThanOrEqual(6);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'public-support');
    await page.close();
  });
});

describe('requests stored by the server', () => {
  it('contact: all fields required, then a confirmation promising a reply within 24 hours', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) sent.push(r.postData() ?? '');
    });
    await page.goto(`${t.url}/contact`);
    const form = page.getByRole('form', { name: 'Formulário de contato' });
    await form.waitFor();
    expect(await form.locator('select[name="subject"] option').allTextContents()).toEqual([
      'Selecione um assunto',
      'Vendas',
      'Suporte',
      'Parceria',
      'Outro',
    ]);
    await shoot(page, 'public-contact');

    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await form.getByText('Por favor, preencha todos os campos').waitFor();
    await form.locator('input[name="name"]').fill('Ana Souza');
    await form.locator('input[name="email"]').fill('ana@empresa.test');
    await form.locator('textarea[name="message"]').fill('Gostaria de uma demonstração para a nossa clínica.');
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await form.locator('.ui-field__error', { hasText: 'Selecione um assunto' }).waitFor();
    expect(await form.locator('select[name="subject"]').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await form.locator('select[name="subject"]').selectOption('parceria');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/contact')),
      form.getByRole('button', { name: 'Enviar mensagem' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(JSON.parse(sent[0] ?? '{}')).toEqual({
      name: 'Ana Souza',
      email: 'ana@empresa.test',
      subject: 'parceria',
      message: 'Gostaria de uma demonstração para a nossa clínica.',
    });
    const receipt = (await response.json()) as { id: string };
    const confirmation = page.getByRole('status').filter({ hasText: 'Mensagem enviada!' });
    await confirmation.waitFor();
    expect(await confirmation.innerText()).toContain('em até 24 horas');
    expect(await confirmation.innerText()).toContain(receipt.id);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('contact: "Falar com vendas" on the pricing plan opens the form with Vendas chosen', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/`);
    await page.getByRole('link', { name: 'Falar com vendas' }).click();
    await page.waitForFunction(() => location.pathname === '/contact');
    expect(await page.locator('select[name="subject"]').inputValue()).toBe('vendas');
    await page.close();
  });

  it('data deletion: the account e-mail is required; the confirmation promises 24 h and 30 days', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${t.url}/data-deletion`);
    const form = page.getByRole('form', { name: 'Solicitação de exclusão de dados' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Solicitar exclusão' }).click();
    await form.getByRole('alert').getByText('Informe o e-mail da conta').waitFor();
    expect(await form.locator('input[name="email"]').getAttribute('aria-invalid')).toBe('true');

    await form.locator('input[name="email"]').fill('titular@clinica.test');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/data-deletion-requests')),
      form.getByRole('button', { name: 'Solicitar exclusão' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({ email: 'titular@clinica.test' });
    const confirmation = page.getByRole('status').filter({ hasText: 'Solicitação recebida' });
    await confirmation.waitFor();
    const shown = await confirmation.innerText();
    expect(shown).toContain('e-mail de confirmação em até 24 horas');
    expect(shown).toContain('excluídos em até 30 dias');
    await shoot(page, 'public-data-deletion-confirmation');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('old home page', () => {
  it('describes the workflow, behind the login', async () => {
    const email = `old.home.${Date.now()}@clinica.test`;
    const response = await t.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Dra. Fluxo', email, password: 'senha123', confirmPassword: 'senha123',
        professionalType: 'Medico', crm: '5555', crmState: 'SC',
      }),
    });
    const { token } = (await response.json()) as { token: string };

    const page = await browser.newPage();
    await page.goto(`${t.url}/old-home`);
    await page.waitForFunction(() => location.pathname === '/login');

    await page.evaluate((value) => localStorage.setItem('limiar.token', value), token);
    await page.goto(`${t.url}/old-home`);
    await page.getByRole('heading', { name: 'Como funciona o Limiar', level: 1 }).waitFor();
    const steps = await page.locator('ol li h2').allTextContents();
    expect(steps).toEqual(['Cadastro do trabalhador', 'Exame audiométrico', 'Leitura do audiograma', 'Laudo', 'Evolução']);
    // no side-menu item is highlighted on /old-home (docs/ui.md §3)
    expect(await page.locator('nav[aria-label="Menu principal"] [aria-current="page"]').count()).toBe(0);
    await page.close();
  });
});

import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths, protectedPathKeys, publicPathKeys, type PathKey } from '../../web/src/config/paths';
import { json } from '../support/accounts';
import { screenshot, useAppSession, watchErrors } from './support/browser';

/**
 * Issue 14 defect 10: nothing overflows sideways on a 390 × 844 phone. Every route of the web app
 * (web/src/config/paths.ts; public ones anonymous, protected ones logged in, with workers, exams,
 * laudos and two companies in the data) is opened in real Chromium; the page must not be wider than
 * the screen and its actions must be on screen and clickable. A full-page shot of each goes to
 * docs/screenshots/phone-<route>.png.
 */
const session = useAppSession();
const WIDTH = 390;
const WORKER = 'Ana Paula Ribeiro dos Santos';

const ids = { patient: '', exam: '', report: '', company: '' };

const air = (v: number) => Object.fromEntries([250, 500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: v, le: v + 5 }]));

beforeAll(async () => {
  const { server: t, account: a } = session;
  const post = async (p: string, body: unknown) => {
    const res = await t.request(p, json(body, a.token));
    const created = await res.json();
    expect(res.status, `${p} ${JSON.stringify(created)}`).toBeLessThan(300);
    return created as { id: string };
  };
  // a complete medical profile, so the laudo pages open without the completion modal
  const profile = await t.request(`/api/users/me/profile?userId=${a.user.id}`, json({ Crm: '123456', CrmState: 'SP', Specialization: 'Medicina do Trabalho' }, a.token, 'PUT'));
  expect(profile.status, await profile.clone().text()).toBe(200);
  const ana = await post('/api/patients', { name: WORKER, age: 41, sex: 'F', company: 'Metalúrgica Alfa Indústria e Comércio Ltda.', jobTitle: 'Operadora de prensa hidráulica' });
  const bruno = await post('/api/patients', { name: 'Bruno Henrique Albuquerque', age: 35, sex: 'M', company: 'Construtora Beta Engenharia S.A.', jobTitle: 'Carpinteiro' });
  ids.patient = ana.id;
  let last = { id: '' };
  for (const [date, level] of [['2023-03-01', 10], ['2023-09-01', 20], ['2024-03-01', 35]] as const) {
    last = await post('/api/exams', { patientId: ana.id, date, repousoHoras: 14, audiogram: { air: air(level) } });
    ids.report = (await post(`/api/reports/generate/${last.id}`, { audiometryType: 'simple' })).id;
  }
  ids.exam = last.id;
  const brunoExam = await post('/api/exams', { patientId: bruno.id, date: '2024-05-10', repousoHoras: 14, audiogram: { air: air(15) } });
  await post(`/api/reports/generate/${brunoExam.id}`, { audiometryType: 'simple' });
  // issue 19: the company made from the worker's "Empresa" (no CNPJ yet: "Cadastro incompleto")
  const companies = (await (await t.request('/api/companies', { headers: { authorization: `Bearer ${a.token}` } })).json()) as { id: string; name: string }[];
  ids.company = companies.find((c) => c.name.startsWith('Metalúrgica Alfa'))?.id ?? '';
}, 120_000);

interface RouteCase {
  key: PathKey;
  href: () => string;
  /** Named actions that must be on screen (after scrolling to them) and clickable. */
  actions?: (page: Page) => Locator[];
  /** Extra setup on the page before measuring (e.g. a toggle that changes the layout). */
  prepare?: (page: Page) => Promise<void>;
  /** Screenshot name after 'phone-' (default: the route key in kebab case). */
  shot?: string;
}

const firstRowActions = (page: Page) => page.locator('.data-table tbody tr').first().locator('a, button');

const publicRoutes: RouteCase[] = [
  { key: 'home', href: () => paths.home.getHref(), actions: (p) => [p.getByRole('link', { name: 'Criar conta' }).first(), p.getByRole('button', { name: /menu/i })] },
  { key: 'login', href: () => paths.login.getHref(), actions: (p) => [p.getByRole('button', { name: 'Entrar' })] },
  { key: 'register', href: () => paths.register.getHref(), actions: (p) => [p.getByRole('button', { name: /Criar conta|Cadastrar/ })] },
  { key: 'forgotPassword', href: () => paths.forgotPassword.getHref(), actions: (p) => [p.locator('main form button[type="submit"], form button[type="submit"]').first()] },
  { key: 'resetPassword', href: () => `${paths.resetPassword.getHref()}?token=lmr_reset_invalido` },
  { key: 'privacy', href: () => paths.privacy.getHref() },
  { key: 'terms', href: () => paths.terms.getHref() },
  { key: 'dataDeletion', href: () => paths.dataDeletion.getHref(), actions: (p) => [p.locator('main form button[type="submit"]')] },
  { key: 'dataDeletionStatus', href: () => paths.dataDeletionStatus.getHref('00000000-0000-4000-8000-000000000000', 'sem-pedido') }, // no such request: the page says so
  { key: 'contact', href: () => paths.contact.getHref(), actions: (p) => [p.locator('main form button[type="submit"]')] },
  { key: 'support', href: () => paths.support.getHref() },
  { key: 'invitation', href: () => paths.invitation.getHref() }, // no token: the page says so without asking the server
  { key: 'verify', href: () => paths.verify.getHref(), actions: (p) => [p.locator('main form button[type="submit"]')] },
  { key: 'verifyCode', href: () => paths.verifyCode.getHref('AAAA-BBBB-CCCC') }, // no such laudo: the page says so
];

const protectedRoutes: RouteCase[] = [
  { key: 'dashboard', href: () => paths.dashboard.getHref() },
  {
    key: 'patients',
    href: () => paths.patients.getHref(),
    actions: (p) => [p.getByRole('link', { name: 'Novo Paciente' }), p.getByRole('button', { name: /Exportar/ }), firstRowActions(p).first(), firstRowActions(p).last()],
  },
  { key: 'patientNew', href: () => paths.patientNew.getHref(), actions: (p) => [p.locator('main form button[type="submit"]')] },
  { key: 'patientDetail', href: () => paths.patientDetail.getHref(ids.patient) },
  { key: 'patientEdit', href: () => paths.patientEdit.getHref(ids.patient), actions: (p) => [p.locator('main form button[type="submit"]')] },
  { key: 'patientEvolution', href: () => paths.patientEvolution.getHref(ids.patient) },
  { key: 'exams', href: () => paths.exams.getHref(), actions: (p) => [p.getByRole('link', { name: 'Novo Exame' }), firstRowActions(p).first(), firstRowActions(p).last()] },
  { key: 'examDetail', href: () => paths.examDetail.getHref(ids.exam) },
  {
    key: 'reports',
    href: () => paths.reports.getHref(),
    actions: (p) => [p.getByRole('button', { name: 'Agrupar por Paciente' }), p.getByRole('button', { name: 'Agrupar por Empresa' }), firstRowActions(p).first(), firstRowActions(p).last()],
  },
  { key: 'reportDetail', href: () => paths.reportDetail.getHref(ids.report) },
  { key: 'reportEvolution', href: () => paths.reportEvolution.getHref(ids.patient) },
  { key: 'reportWizard', href: () => paths.reportWizard.getHref() },
  { key: 'settings', href: () => paths.settings.getHref(), actions: (p) => [p.getByRole('tab').first(), p.getByRole('tab').last()] },
  { key: 'organizations', href: () => paths.organizations.getHref(), actions: (p) => [p.locator('main form button[type="submit"]')] },
  { key: 'oldHome', href: () => paths.oldHome.getHref() },
  { key: 'examNew', href: () => paths.examNew.getHref() },
  { key: 'reportEditor', href: () => paths.reportEditor.getHref(ids.exam) },
  { key: 'companies', href: () => paths.companies.getHref(), actions: (p) => [p.getByRole('button', { name: 'Nova empresa' }), p.locator('.data-table tbody tr a').first()] },
  { key: 'companyDetail', href: () => paths.companyDetail.getHref(ids.company), actions: (p) => [p.getByRole('button', { name: 'Salvar empresa' }), p.getByRole('button', { name: 'Novo GHE' })] },
  { key: 'programme', href: () => paths.programme.getHref(), actions: (p) => [p.getByRole('button', { name: 'Exportar CSV' }), p.getByRole('group', { name: 'Situação dos trabalhadores' }).getByRole('button').last()] },
  { key: 'privacyRequests', href: () => paths.privacyRequests.getHref(), actions: (p) => [p.getByRole('combobox', { name: 'Situação' })] },
  { key: 'audit', href: () => paths.audit.getHref(), actions: (p) => [p.getByRole('button', { name: 'Exportar CSV' }), p.getByRole('combobox', { name: 'Trabalhador' }), p.locator('.data-table tbody').getByRole('link').first()] },
];

/** The page once its data arrived: a level-1 heading, no request in flight, no loading spinner. */
async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ui-loading'), undefined, { timeout: 20_000 });
}

/**
 * What sticks out sideways: the document's width; the visible controls outside 0..390, except
 * inside a region that scrolls sideways on its own and itself fits the screen (a 2-D grid such as
 * the thresholds entry: WCAG 1.4.10 exempts it, and focus scrolls the region); and, when the page is
 * too wide, the innermost elements that make it so (to name the culprit in the failure).
 */
async function measure(page: Page) {
  return page.evaluate((width) => {
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${name}" ${Math.round(r.left)}..${Math.round(r.right)}`;
    };
    const scrollRegion = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && p.scrollWidth > p.clientWidth) return p;
      }
      return null;
    };
    const outside = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="tab"], [tabindex="0"]')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return false;
        if (el.closest('[aria-hidden="true"], .visually-hidden, .app-sidebar, .public__skip, .app-shell__skip')) return false;
        if (r.left >= -0.5 && r.right <= width + 0.5) return false;
        const region = scrollRegion(el)?.getBoundingClientRect();
        return !(region && region.left >= -0.5 && region.right <= width + 0.5);
      })
      .map(describe);
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const wide =
      scrollWidth > width
        ? [...document.body.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5 && ![...el.children].some((c) => c.getBoundingClientRect().right > width + 0.5))
            .slice(0, 5)
            .map(describe)
        : [];
    return { scrollWidth, outside, wide };
  }, WIDTH);
}

/**
 * The action is in the keyboard order (focusing it scrolls it into view), is drawn inside the
 * screen, and is what a tap at its centre hits.
 */
async function expectReachable(action: Locator, label: string) {
  await action.waitFor({ state: 'visible', timeout: 10_000 });
  // in the Tab order, or an item of a roving-tabindex widget (tabs: Tab reaches the group, arrows the item)
  const focusable = await action.evaluate((el: HTMLElement) => !(el as HTMLButtonElement).disabled && (el.tabIndex >= 0 || el.closest('[role="tablist"], [role="toolbar"], [role="radiogroup"]') !== null));
  expect(focusable, `${label}: not focusable`).toBe(true);
  await action.focus();
  expect(await action.evaluate((el) => el === document.activeElement), `${label}: does not take focus`).toBe(true);
  await action.scrollIntoViewIfNeeded();
  const box = await action.boundingBox();
  expect(box, `${label}: no box`).not.toBeNull();
  expect(box!.x, `${label}: left edge ${box!.x}`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${label}: right edge ${box!.x + box!.width}`).toBeLessThanOrEqual(WIDTH);
  const hit = await action.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && (el === top || el.contains(top));
  });
  expect(hit, `${label}: covered by another element`).toBe(true);
}

/** Before a full-page shot: no focus ring left by the checks, and the sticky bar at the top. */
async function atTop(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}

async function checkRoute(route: RouteCase, loggedIn: boolean) {
  const { server: t, browser, account } = session;
  const page = await browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  const errors = watchErrors(page);
  try {
    if (loggedIn) {
      await page.goto(`${t.url}/login`);
      await page.evaluate((token) => localStorage.setItem('limiar.token', token), account.token);
    }
    await page.goto(`${t.url}${route.href()}`);
    await settle(page);
    await route.prepare?.(page);
    const { scrollWidth, outside, wide } = await measure(page);
    expect({ scrollWidth, outside, wide }, route.key).toEqual({ scrollWidth: Math.min(scrollWidth, WIDTH), outside: [], wide: [] });
    for (const [i, action] of (route.actions?.(page) ?? []).entries()) await expectReachable(action, `${route.key} action ${i + 1}`);
    await atTop(page);
    await screenshot(page, `phone-${route.shot ?? route.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
    expect(errors).toEqual([]);
  } catch (error) {
    // what the failing route looked like, outside the repository (for the person reading the failure)
    await page.screenshot({ path: path.join(os.tmpdir(), `phone-width-failed-${route.shot ?? route.key}.png`), fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await page.close();
  }
}

describe('every route at 390 px', () => {
  it('the list below covers every route of web/src/config/paths.ts', () => {
    expect(publicRoutes.map((r) => r.key).sort()).toEqual([...publicPathKeys].sort());
    expect(protectedRoutes.map((r) => r.key).sort()).toEqual([...protectedPathKeys].sort());
  });

  for (const route of publicRoutes) it(`public ${route.key} (${paths[route.key].path})`, () => checkRoute(route, false), 60_000);
  for (const route of protectedRoutes) it(`logged in ${route.key} (${paths[route.key].path})`, () => checkRoute(route, true), 60_000);

  it('every tab of Configurações fits, with its form actions on screen', async () => {
    const { server: t, browser, account } = session;
    const page = await browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
    const errors = watchErrors(page);
    await page.goto(`${t.url}/login`);
    await page.evaluate((token) => localStorage.setItem('limiar.token', token), account.token);
    await page.goto(`${t.url}${paths.settings.getHref()}`);
    await settle(page);
    const tabs = await page.getByRole('tab').allInnerTexts();
    expect(tabs.length).toBeGreaterThanOrEqual(4);
    for (const [i, name] of tabs.entries()) {
      const tab = page.getByRole('tab', { name: name.trim(), exact: true });
      await expectReachable(tab, `tab ${name}`);
      await tab.click();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('.ui-loading'), undefined, { timeout: 20_000 });
      const { scrollWidth, outside, wide } = await measure(page);
      expect({ tab: name, scrollWidth, outside, wide }).toEqual({ tab: name, scrollWidth: Math.min(scrollWidth, WIDTH), outside: [], wide: [] });
      const submit = page.locator('[role="tabpanel"] button[type="submit"]');
      for (let j = 0; j < (await submit.count()); j++) await expectReachable(submit.nth(j), `tab ${name} submit ${j + 1}`);
      await atTop(page);
      await screenshot(page, `phone-settings-tab-${i + 1}`);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('reports grouped by company keep the group and its actions on screen', () =>
    checkRoute(
      {
        key: 'reports',
        shot: 'reports-by-company',
        href: () => paths.reports.getHref(),
        prepare: async (page) => {
          await page.getByRole('button', { name: 'Agrupar por Empresa' }).click();
          await page.getByText('Construtora Beta Engenharia S.A.').first().waitFor();
        },
        actions: (p) => [p.getByRole('button', { name: 'Agrupar por Empresa' }), p.locator('main a[href^="/reports/"]').first()],
      },
      true,
    ), 60_000);
});

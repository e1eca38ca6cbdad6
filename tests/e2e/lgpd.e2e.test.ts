import fs from 'node:fs';
import os from 'node:os';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/accounts';
import { cpfFrom } from '../support/cpf';
import { expectAccessible, openAs, screenshot, useAppSession, watchErrors } from './support/browser';

/**
 * Issue 20 item 5, in real Chromium against the real build, server and PostgreSQL: the administrator
 * exports a worker's data from his page (zip), the worker asks for deletion on the public site and
 * follows the link he receives; the administrator approves on /privacidade (the confirmation says what
 * is removed and what the NR-7 keeps) and the requester's status page says "dados anonimizados em …".
 * Screenshots: docs/screenshots/lgpd-requests.png and data-deletion-status.png.
 */
const session = useAppSession();

const STAMP = Date.now() % 100_000;
const WORKER = 'Genésio Titular Bragança';
const EMAIL = `genesio.${STAMP}@example.com`;
let workerId = '';
let statusUrl = '';
const pages: Page[] = [];
const air = (level: number) => Object.fromEntries([250, 500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: level, le: level }]));

beforeAll(async () => {
  const { server: t, account: a } = session;
  const post = async <T = { id: string }>(p: string, body: unknown): Promise<T> => {
    const res = await t.request(p, json(body, a.token));
    const created = await res.json();
    expect(res.status, `${p} ${JSON.stringify(created)}`).toBeLessThan(300);
    return created as T;
  };
  workerId = (await post('/api/patients', { name: WORKER, sex: 'M', birthDate: '1975-08-09', cpf: cpfFrom(640_112_358), email: EMAIL, phone: '(21) 99876-5432' })).id;
  await post('/api/exams', { patientId: workerId, date: '2025-06-10', examType: 'periodico', repousoHoras: 14, audiogram: { air: air(15) } });
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [i, p] of pages.entries()) await p.screenshot({ path: `${os.tmpdir()}/lgpd-e2e-failed-${i}.png`, fullPage: true }).catch(() => undefined);
  }
  for (const p of pages.splice(0)) await p.close().catch(() => undefined);
});

async function open(route: string) {
  const opened = await openAs(session.browser, session.server.url, session.account.token, route);
  pages.push(opened.page);
  return opened;
}

async function openPublic(route: string) {
  const page = await session.browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1360, height: 900 } });
  pages.push(page);
  const errors = watchErrors(page);
  await page.goto(`${session.server.url}${route}`);
  return { page, errors };
}

describe('LGPD rights in the browser', () => {
  it("the worker's page exports his data as a zip (administrator only)", async () => {
    const { page, errors } = await open(`/patients/${workerId}`);
    await page.getByRole('heading', { level: 1, name: WORKER }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'Exportar dados (LGPD)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^dados-lgpd-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['dados.json', 'LEIAME.txt']));
    const data = JSON.parse(strFromU8(zip['dados.json']));
    expect(data.trabalhador).toMatchObject({ id: workerId, name: WORKER, email: EMAIL });
    expect(data.exames).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it('the public form answers a status link; the status page says the request was received', async () => {
    const { page, errors } = await openPublic('/data-deletion');
    await page.getByLabel('E-mail da conta').fill(EMAIL);
    await page.getByRole('button', { name: 'Solicitar exclusão' }).click();
    const link = page.getByRole('link', { name: 'Acompanhar a solicitação' });
    await link.waitFor();
    statusUrl = (await link.getAttribute('href'))!;
    expect(statusUrl).toMatch(/^\/data-deletion\/status\/[0-9a-f-]{36}#token=[\w-]{40,}$/);
    await link.click();
    await page.getByRole('heading', { level: 2, name: 'Recebido' }).waitFor();
    await page.getByText('aguarda a análise da organização').waitFor();
    await expectAccessible(page, '/data-deletion/status (recebido)');
    expect(errors).toEqual([]);
  }, 60_000);

  it('the administrator approves on Privacidade (LGPD): the worker is anonymised and the status page shows it', async () => {
    const { page, errors } = await open('/dashboard');
    await page.getByRole('link', { name: 'Privacidade (LGPD)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacidade (LGPD)' }).waitFor();
    const card = page.getByRole('list', { name: 'Pedidos de exclusão de dados' }).getByRole('listitem').filter({ hasText: EMAIL });
    await card.getByRole('link', { name: WORKER }).waitFor();
    await expectAccessible(page, '/privacidade');
    await screenshot(page, 'lgpd-requests');

    await card.getByRole('button', { name: 'Aprovar e anonimizar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprovar e anonimizar' });
    await dialog.getByText('Mantido (NR-7, item 7.6.1.1: 20 anos)').waitFor();
    expect(await dialog.getByRole('radio', { name: new RegExp(WORKER) }).isChecked()).toBe(true);
    await expectAccessible(page, '/privacidade (confirmação)');
    await dialog.getByLabel('Observação ao titular (opcional)').fill('Exames ocupacionais mantidos sem identificação, conforme a NR-7.');
    await dialog.getByRole('button', { name: 'Anonimizar trabalhador' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Não há pedidos de exclusão nesta situação').waitFor();
    await page.getByLabel('Situação').selectOption('aprovado');
    const decided = page.getByRole('list', { name: 'Pedidos de exclusão de dados' }).getByRole('listitem').first();
    await decided.getByText('Aprovado — dados anonimizados').waitFor();
    await decided.getByText(/Titular anonimizado \(LGPD\)/).waitFor();

    // the worker's page now shows the anonymised record
    await page.goto(`${session.server.url}/patients/${workerId}`);
    await page.getByRole('heading', { level: 1, name: /^Titular anonimizado \(LGPD\) [0-9a-f]{8}$/ }).waitFor();
    expect(await page.getByText(WORKER).count()).toBe(0);
    expect(errors).toEqual([]);

    const status = await openPublic(statusUrl);
    await status.page.getByRole('heading', { level: 2, name: 'Aprovado' }).waitFor();
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await status.page.getByText(`Dados anonimizados em ${today}`).waitFor();
    await status.page.getByText('Exames ocupacionais mantidos sem identificação, conforme a NR-7.').waitFor();
    await expectAccessible(status.page, '/data-deletion/status (aprovado)');
    await screenshot(status.page, 'data-deletion-status');
    expect(status.errors).toEqual([]);
  }, 90_000);
});

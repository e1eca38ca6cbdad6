import os from 'node:os';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inviteMember, json, type Account } from '../support/accounts';
import { expectAccessible, openAs, screenshot, useAppSession } from './support/browser';

/**
 * Issue 20, the audit trail in real Chromium against the real build, server and PostgreSQL: a médico of
 * the team registers a worker, opens his record and records an exam; the administrator sees "Quem acessou
 * este prontuário" on the worker's page, follows it to /auditoria filtered by the worker, filters by the
 * member and exports the CSV. The médico (no 'audit.read') has neither the menu entry nor the section.
 * Screenshots: docs/screenshots/worker-access-log.png and audit-trail.png.
 */
const session = useAppSession();
const WORKER = 'Joaquim Auditado Moreira';
let medico: Account;
let workerId = '';
const pages: Page[] = [];
const HZ = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
const air = Object.fromEntries(HZ.map((hz) => [String(hz), { re: 15, le: 20 }]));

beforeAll(async () => {
  const { server: t, account: admin } = session;
  medico = await inviteMember(t, admin, ['medico'], { name: 'Dr. Rafael Lima' });
  const as = async (who: Account, p: string, body?: unknown) => {
    const res = await t.request(p, body === undefined ? { headers: { authorization: `Bearer ${who.token}` } } : json(body, who.token));
    const out = await res.json();
    expect(res.status, `${p} ${JSON.stringify(out)}`).toBeLessThan(300);
    return out;
  };
  workerId = (await as(medico, '/api/patients', { name: WORKER, age: 47, sex: 'M', company: 'Metalúrgica Alfa' })).id;
  await as(medico, `/api/patients/${workerId}`);
  await as(medico, '/api/exams', { patientId: workerId, date: '2025-03-10', repousoHoras: 14, audiogram: { air } });
  await as(medico, `/api/exams?patientId=${workerId}`);
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [i, p] of pages.entries()) await p.screenshot({ path: `${os.tmpdir()}/audit-e2e-failed-${i}.png`, fullPage: true }).catch(() => undefined);
  }
  for (const p of pages.splice(0)) await p.close().catch(() => undefined);
});

async function open(token: string, route: string) {
  const opened = await openAs(session.browser, session.server.url, token, route);
  pages.push(opened.page);
  return opened;
}

describe('the audit trail in the browser', () => {
  it('the worker page says who accessed the record; the full trail filters by worker and member and exports a CSV', async () => {
    const { page, errors } = await open(session.account.token, `/patients/${workerId}`);
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Quem acessou este prontuário' }) });
    await section.getByRole('list', { name: 'Últimos acessos a este prontuário' }).waitFor();
    const entries = section.getByRole('listitem');
    // newest first: the administrator's reads of this page (the worker, his exams, employments… — in any
    // order, as the page loads them at once), then the médico's four requests, the oldest
    const texts = async () => (await entries.allTextContents()).map((x) => x.replace(/\s+/g, ' '));
    await expect.poll(async () => (await texts()).slice(-4).map((x) => x.replace(/^.*Dr\. Rafael Lima/, ''))).toEqual([
      'Consulta de lista — Exame', 'Criação — Exame', 'Leitura — Trabalhador', 'Criação — Trabalhador',
    ]);
    const adminReads = (await texts()).slice(0, -4);
    expect(adminReads.length).toBeGreaterThan(0);
    expect(adminReads.every((x) => x.includes(session.account.user.name))).toBe(true);
    expect(adminReads.some((x) => x.endsWith('Leitura — Trabalhador'))).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'worker access log');
    await screenshot(page, 'worker-access-log');

    await section.getByRole('link', { name: 'Ver trilha completa' }).click();
    await page.waitForURL(/\/auditoria\?patientId=/);
    await page.getByRole('heading', { level: 1, name: 'Auditoria' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Trabalhador' }).inputValue()).toBe(WORKER);
    const table = page.getByRole('table', { name: 'Trilha de auditoria, o acesso mais recente primeiro' });
    await table.waitFor();
    await page.getByText(/^Mostrando 1–\d+ de \d+ registros$/).waitFor();

    await page.getByLabel('Membro').selectOption({ label: 'Dr. Rafael Lima' });
    await expect.poll(() => page.getByText(/^Mostrando/).textContent()).toBe('Mostrando 1–4 de 4 registros');
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(5); // the header and four entries
    expect(await rows.nth(1).textContent()).toContain('Consulta de lista');
    expect(await rows.nth(4).textContent()).toContain('Criação');
    expect(await rows.nth(4).textContent()).toContain('POST /api/patients');
    expect(await rows.nth(4).textContent()).toContain('Concluído');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.on('error', reject);
      });
    });
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('data_hora;membro;tipo_de_acesso;acao;registro;id_registro;id_trabalhador;rota;status;ip');
    expect(lines).toHaveLength(5);
    expect(lines.slice(1).every((l) => l.includes(';Dr. Rafael Lima;Membro;') && l.includes(`;${workerId};`))).toBe(true);

    await expectAccessible(page, 'audit trail');
    await screenshot(page, 'audit-trail');
    expect(errors).toEqual([]);
  }, 120_000);

  it('a member without audit.read sees neither the menu entry, nor the section, nor the trail', async () => {
    const { page, errors } = await open(medico.token, `/patients/${workerId}`);
    await page.getByRole('heading', { level: 1, name: WORKER }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Histórico de Exames' }).waitFor();
    await page.getByRole('cell', { name: '10/03/2025', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Quem acessou este prontuário' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Auditoria' }).count()).toBe(0);
    await page.goto(`${session.server.url}/auditoria`);
    await page.getByText('Somente o administrador da organização consulta a trilha de auditoria.').waitFor();
    expect(errors).toEqual([]);
  }, 60_000);
});

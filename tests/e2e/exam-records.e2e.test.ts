import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bearer, json } from '../support/accounts';
import { expectAccessible, openAs, screenshot, useAppSession } from './support/browser';

/**
 * Issue 14, defects 3, 4 and 6 as a user walks them (real build, server, PostgreSQL and Chromium):
 * every field of a worker edited and shown; an exam's record corrected (date → history
 * reclassified), its observations and clinical fields shown; a duplicate removed with a reason;
 * a worker archived and restored. Then the same pages at 390 px do not overflow sideways.
 */

const app = useAppSession();
const openPage = (route: string, width?: number) => openAs(app.browser, app.server.url, app.account.token, route, width);
const api = async (path: string, body?: unknown, method?: string) => {
  const res = await app.server.request(path, body === undefined ? bearer(app.account.token, method ?? 'GET') : json(body, app.account.token, method ?? 'POST'));
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.status === 204 ? undefined : res.json();
};
const air = (t4k: number) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: hz >= 3000 && hz <= 6000 ? t4k : 10, le: hz >= 3000 && hz <= 6000 ? t4k : 10 }]));

let worker: { id: string };
let reference: { id: string };
let notched: { id: string };
let duplicate: { id: string };

/** The text of the <dd> after the <dt> named `label` inside `scope`. */
const fact = (page: Page, scope: string, label: string) => page.locator(`${scope} div`).filter({ has: page.getByText(label, { exact: true }) }).locator('dd').first().textContent();

describe('correcting and removing records (issue 14)', () => {
  it('edits every field of a worker and shows them all on the worker page', async () => {
    worker = await api('/api/patients', { name: 'Ana Paula Souza', age: 40, sex: 'F' });
    const { page, errors } = await openPage(`/patients/${worker.id}`);
    await page.getByRole('heading', { name: 'Ana Paula Souza', level: 1 }).waitFor();
    expect(await fact(page, '.patient-facts', 'CPF')).toBe('Não informado');
    await page.getByRole('link', { name: 'Editar Paciente' }).click();
    await page.getByLabel('Nome Completo').waitFor();
    await page.getByLabel('Nome Completo').fill('Ana Paula Ribeiro Souza');
    await page.getByLabel('Data de Nascimento').fill('1984-03-02');
    await page.getByLabel('Idade').fill('');
    await page.getByLabel('CPF').fill('52998224726');
    await page.getByLabel('Telefone').fill('(11) 98765-4321');
    await page.getByLabel('E-mail').fill('ana.souza@exemplo.com.br');
    await page.getByLabel('Endereço').fill('Rua das Palmeiras, 120 — Santo André/SP');
    await page.getByLabel('Empresa').fill('Metalúrgica Aço Forte');
    await page.getByLabel('Cargo/Função').fill('Soldadora');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    // a wrong check digit is refused by the server, next to the field
    await page.getByText('CPF inválido: confira os dígitos verificadores').first().waitFor();
    await page.getByLabel('CPF').fill('52998224725');
    await expectAccessible(page, '/patients/{id}/edit (all fields)');
    await screenshot(page, 'records-patient-edit-all-fields');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await page.waitForURL((url) => url.pathname === `/patients/${worker.id}`);
    await page.getByRole('heading', { name: 'Ana Paula Ribeiro Souza', level: 1 }).waitFor();
    const shown = {
      CPF: '529.982.247-25', 'Data de nascimento': '02/03/1984', Telefone: '(11) 98765-4321', 'E-mail': 'ana.souza@exemplo.com.br',
      Endereço: 'Rua das Palmeiras, 120 — Santo André/SP', Empresa: 'Metalúrgica Aço Forte', 'Cargo/Função': 'Soldadora', Sexo: 'Feminino',
    };
    for (const [label, value] of Object.entries(shown)) expect(await fact(page, '.patient-facts', label), label).toBe(value);
    expect(await fact(page, '.patient-facts', 'Idade')).toMatch(/^4\d anos$/);
    await screenshot(page, 'records-patient-detail-all-fields');
    expect(errors.filter((e) => !/400/.test(e))).toEqual([]);
    await page.close();
  });

  it('shows the observations, corrects an exam (a new date reclassifies the history) and removes a duplicate with a reason', async () => {
    reference = await api('/api/exams', { patientId: worker.id, date: '2024-03-01', audiogram: { air: air(15) }, observacoes: 'Refere zumbido após turno' });
    notched = await api('/api/exams', { patientId: worker.id, date: '2025-03-01', audiogram: { air: air(45) } });
    duplicate = await api('/api/exams', { patientId: worker.id, date: '2025-03-01', audiogram: { air: air(45) } });
    const { page, errors } = await openPage(`/exams/${reference.id}`);
    await page.getByRole('heading', { name: 'Exame de 01/03/2024', level: 1 }).waitFor();
    expect(await fact(page, '.exam-clinical', 'Observações')).toBe('Refere zumbido após turno');
    expect(await fact(page, '.exam-clinical', 'Anamnese')).toBe('Não informado');

    // the "2024" exam was really done after the notched one: correct its date and record
    await page.getByRole('button', { name: 'Editar Exame' }).click();
    const form = page.getByRole('form', { name: 'Editar dados do exame' });
    await form.waitFor();
    await form.getByLabel('Data do exame').fill('2025-06-01');
    await form.getByLabel('Operador', { exact: true }).fill('Dra. Carla Mendes');
    await form.getByLabel('Registro do operador').fill('CRFa 2-9999');
    await form.getByLabel('Ruído ambiente (dB)').fill('31,5');
    await form.getByLabel('Repouso acústico (horas)').fill('16');
    await form.getByLabel('Anamnese').fill('Nega otalgia; exposição a ruído há 10 anos.');
    await form.getByLabel('Meatoscopia OD').fill('Livre');
    await form.getByLabel('Meatoscopia OE').fill('Cerume parcial');
    await form.getByLabel('Mascaramento').fill('Ruído de banda estreita na OE em 4 kHz');
    await form.getByLabel('SRT/LRF OD (dB)').fill('20');
    await form.getByLabel('IPRF OE (%)').fill('92');
    await form.getByLabel('Observações').fill('Refere zumbido após turno; gripe leve');
    await expectAccessible(page, '/exams/{id} (edit form)');
    await screenshot(page, 'records-exam-edit');
    await form.getByRole('button', { name: 'Salvar Alterações' }).click();
    await page.getByText('Exame atualizado. O histórico do trabalhador foi reclassificado.').waitFor();
    await page.getByRole('heading', { name: 'Exame de 01/06/2025', level: 1 }).waitFor();
    for (const [label, value] of Object.entries({
      Anamnese: 'Nega otalgia; exposição a ruído há 10 anos.', 'Meatoscopia OD': 'Livre', 'Meatoscopia OE': 'Cerume parcial',
      Mascaramento: 'Ruído de banda estreita na OE em 4 kHz', 'SRT/LRF OD': '20 dB', 'IPRF OE': '92 %', Observações: 'Refere zumbido após turno; gripe leve',
    })) expect(await fact(page, '.exam-clinical', label), label).toBe(value);
    expect(await fact(page, '.exam-facts', 'Operador')).toBe('Dra. Carla Mendes');
    expect(await fact(page, '.exam-facts', 'Ruído ambiente')).toBe('31,5 dB');
    // the notched exam is now the first: no longer compared with the moved one
    const notchedNow = await api(`/api/exams/${notched.id}`);
    expect(notchedNow.classification.desencadeamento_right ?? false).toBe(false);

    // remove the duplicate: confirmation, reason, then the worker page lists the removal
    await page.goto(`${app.server.url}/exams/${duplicate.id}`);
    await page.getByRole('button', { name: 'Excluir Exame' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir exame' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('rascunho de laudo deste exame também será descartado');
    const confirm = dialog.getByRole('button', { name: 'Excluir exame' });
    await dialog.getByLabel('Motivo da exclusão').fill('curto');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Motivo da exclusão').fill('Exame lançado em duplicidade no mesmo dia');
    await expectAccessible(page, '/exams/{id} (delete dialog)');
    await screenshot(page, 'records-exam-delete');
    await confirm.click();
    await page.waitForURL((url) => url.pathname === `/patients/${worker.id}`);
    const removed = page.getByRole('region', { name: 'Exames excluídos' }).or(page.locator('.patient-deletions'));
    await removed.getByText('Motivo: Exame lançado em duplicidade no mesmo dia').waitFor();
    expect((await api(`/api/exams?patientId=${worker.id}`)).map((e: { id: string }) => e.id).sort()).toEqual([reference.id, notched.id].sort());
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses to remove an exam under a finalised laudo, with the amendment path in the message', async () => {
    const laudo = await api(`/api/reports/generate/${notched.id}`, { audiometryType: 'simple' });
    await api(`/api/reports/${laudo.id}/finalize`, {});
    const { page, errors } = await openPage(`/exams/${notched.id}`);
    await page.getByRole('button', { name: 'Excluir Exame' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir exame' });
    await dialog.getByLabel('Motivo da exclusão').fill('Tentativa de excluir exame laudado');
    await dialog.getByRole('button', { name: 'Excluir exame' }).click();
    await dialog.getByText('um laudo finalizado depende dele. Para corrigir, emita uma retificação do laudo.', { exact: false }).waitFor();
    await screenshot(page, 'records-exam-delete-refused');
    expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
    await page.close();
  }, 120_000);

  it('archives the worker from its list, shows it under "Arquivados" and restores it', async () => {
    const { page, errors } = await openPage('/patients');
    await page.getByRole('button', { name: 'Arquivar Ana Paula Ribeiro Souza' }).click();
    const dialog = page.getByRole('dialog', { name: 'Arquivar paciente' });
    expect(await dialog.textContent()).toContain('20 anos');
    await dialog.getByRole('button', { name: 'Arquivar' }).click();
    await page.getByText('Paciente arquivado. Os registros foram mantidos.').waitFor();
    await page.getByRole('button', { name: 'Arquivados' }).click();
    await page.getByText('Mostrando 1 de 1 pacientes arquivados').waitFor();
    await screenshot(page, 'records-patients-archived');
    await page.getByRole('link', { name: 'Ver Ana Paula Ribeiro Souza' }).click();
    await page.getByText('Paciente arquivado', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Novo Exame' }).count()).toBe(0);
    await expectAccessible(page, '/patients/{id} (archived)');
    await screenshot(page, 'records-patient-archived');
    await page.getByRole('button', { name: 'Restaurar Paciente' }).click();
    await page.getByText('Paciente restaurado.').waitFor();
    await page.getByRole('link', { name: 'Novo Exame' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 390 px the worker pages, the archived list and the exam page with its edit form do not overflow sideways', async () => {
    const wide: Record<string, number> = {};
    const check = async (route: string, prepare?: (page: Page) => Promise<void>) => {
      const { page, errors } = await openPage(route, 390);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await prepare?.(page);
      const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
      if (width > 390) wide[route] = width;
      expect(errors, route).toEqual([]);
      return page;
    };
    await (await check('/patients', async (p) => {
      await p.getByRole('button', { name: 'Arquivados' }).click();
      await p.getByText('Nenhum paciente arquivado').waitFor();
    })).close();
    await (await check(`/patients/${worker.id}`)).close();
    await (await check(`/patients/${worker.id}/edit`)).close();
    const exam = await check(`/exams/${reference.id}`, async (p) => {
      await p.getByRole('button', { name: 'Editar Exame' }).click();
      await p.getByRole('form', { name: 'Editar dados do exame' }).waitFor();
    });
    await screenshot(exam, 'records-phone-exam-edit');
    await exam.close();
    expect(wide).toEqual({});
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { json } from '../support/accounts';
import { expectAccessible, openAs, screenshot, useAppSession } from './support/browser';

/**
 * Patients and exams end to end (issue 5): real build, real server, real PostgreSQL, real Chromium.
 * The only request mock is the aborted patient list of the error-state test.
 */

const app = useAppSession();
let patientId = '';
let firstExamId = '';
const PATIENT = 'Joana Trabalhadora Teste';

/** A page with the professional's token stored, at `route`. */
const openPage = (route: string) => openAs(app.browser, app.server.url, app.account.token, route);

/** Fills the air-conduction grid of /exam/new: `right`/`left` map Hz → dB HL or 'NR:level'. */
async function fillAir(page: Page, right: Record<number, number | string>, left: Record<number, number | string>) {
  for (const [ear, values] of [['RE', right], ['LE', left]] as const) {
    for (const [hz, value] of Object.entries(values)) {
      const cell = page.locator(`[data-cell="air.${hz}.${ear}"]`);
      if (typeof value === 'string' && value.startsWith('NR:')) {
        await cell.fill(value.slice(3));
        await page.getByRole('button', { name: `NR — sem resposta, Orelha ${ear === 'RE' ? 'direita (OD)' : 'esquerda (OE)'}, via aérea, ${hz} Hz` }).click();
      } else await cell.fill(String(value));
    }
  }
}

async function fillExamConditions(page: Page, date: string) {
  await page.getByLabel('Data do exame').fill(date);
  await page.getByLabel('Ruído ambiente (dB)').fill('32.5');
  await page.getByLabel('Data da calibração').fill('2025-01-10');
  await page.getByLabel('Repouso auditivo (horas)').fill('14');
  await page.getByLabel('Nome do operador').fill('Fernanda Rocha');
  await page.getByLabel('Registro (CRFa/CRM)').fill('CRFa 2-12345');
}

/** Saves the entry form and returns the new exam id; a server refusal fails with its banner text. */
async function saveExam(page: Page): Promise<string> {
  const before = page.url();
  await page.getByRole('button', { name: 'Salvar Exame' }).click();
  await page.waitForFunction((start) => location.href !== start || document.querySelector('.ui-banner--error') !== null, before);
  const banner = page.locator('.ui-banner--error');
  if (await banner.count()) throw new Error(`exam refused: ${await banner.textContent()}`);
  await page.waitForURL(/\/exams\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/')[2];
}

describe('patients and exams (real build, real server, real Chromium)', () => {
  it('dashboard shows the three counters and a working tutorial', async () => {
    const { page, errors } = await openPage('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const patients = page.getByRole('link', { name: /Pacientes\s*0/ });
    await patients.waitFor();
    await page.getByRole('link', { name: /Exames\s*0/ }).waitFor();
    await page.getByRole('link', { name: /Laudos\s*0/ }).waitFor();
    await expectAccessible(page, '/dashboard');
    await screenshot(page, 'patients-exams-dashboard');
    await page.getByRole('button', { name: 'Tutorial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Como usar o Limiar' });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(5);
    await screenshot(page, 'patients-exams-dashboard-tutorial');
    await dialog.getByRole('button', { name: 'Entendi' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('creates a patient through /patients/new and lists it with its sex as a word', async () => {
    const { page, errors } = await openPage('/patients');
    await page.getByText('Nenhum paciente cadastrado').waitFor();
    await page.getByRole('link', { name: 'Novo Paciente' }).first().click();
    await page.waitForURL('**/patients/new');
    await page.getByLabel('Nome Completo').fill(PATIENT);
    await page.getByLabel('Idade').fill('41');
    await page.getByLabel('Sexo').selectOption('F');
    await page.getByLabel('CPF').fill('52998224725');
    expect(await page.getByLabel('CPF').inputValue()).toBe('529.982.247-25');
    await page.getByLabel('Empresa').fill('Metalúrgica Paulista');
    await page.getByLabel('Cargo/Função').fill('Soldadora');
    await page.getByText('* Campos obrigatórios').waitFor();
    await expectAccessible(page, '/patients/new');
    await screenshot(page, 'patients-new');
    await page.getByRole('button', { name: 'Salvar Paciente' }).click();
    await page.getByText('Paciente cadastrado com sucesso!').waitFor();
    await page.waitForURL((url) => url.pathname === '/patients');
    const row = page.getByRole('row', { name: new RegExp(PATIENT) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Feminino');
    expect(await row.textContent()).toContain('41 anos');
    await page.getByText('Mostrando 1 de 1 pacientes').waitFor();
    await expectAccessible(page, '/patients');
    await screenshot(page, 'patients-list');
    patientId = new URL(await row.getByRole('link', { name: `Ver ${PATIENT}` }).evaluate((a) => (a as HTMLAnchorElement).href)).pathname.split('/')[2];
    expect(patientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the server field error for an invalid CPF (check digits)', async () => {
    const { page } = await openPage('/patients/new');
    await page.getByLabel('Nome Completo').fill('Paciente CPF Inválido');
    await page.getByLabel('Idade').fill('30');
    await page.getByLabel('CPF').fill('52998224700');
    await page.getByRole('button', { name: 'Salvar Paciente' }).click();
    await page.locator('.ui-banner--error').waitFor();
    expect(await page.getByLabel('CPF').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/patients/new');
    await page.close();
  });

  it('"Novo Exame" on the patient page opens the entry form for that patient; the audiogram follows typing; detail shows the NR-7 class', async () => {
    const { page, errors } = await openPage(`/patients/${patientId}`);
    await page.getByRole('heading', { name: PATIENT, level: 1 }).waitFor();
    await page.getByText('Nenhum exame cadastrado para este paciente').waitFor();
    await expectAccessible(page, '/patients/{id}');
    await screenshot(page, 'patients-detail-empty');
    await page.getByRole('link', { name: 'Novo Exame' }).click();
    await page.waitForURL(`**/exam/new?patientId=${patientId}`);
    await page.waitForFunction((name) => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === name, PATIENT);
    await page.locator('.main-svg').first().waitFor();
    await fillAir(page, { 250: 10, 500: 10, 1000: 15, 2000: 15, 3000: 15, 4000: 15, 6000: 15, 8000: 10 }, { 250: 10, 500: 15, 1000: 15, 2000: 10, 3000: 15, 4000: 20, 6000: 20, 8000: 15 });
    await fillExamConditions(page, '2025-03-10');
    // the chart redraws live: one point per typed frequency on the right-ear air trace
    await page.waitForFunction(() => document.querySelectorAll('.scatterlayer .trace:first-child .point').length === 8);
    await expectAccessible(page, '/exam/new');
    await screenshot(page, 'exams-entry-form');
    firstExamId = await saveExam(page);
    await page.locator('.main-svg').first().waitFor();
    await page.getByText('Dentro dos limites aceitáveis (NR-7 Anexo II, item 5.1)').first().waitFor();
    expect(await page.getByText('Dentro dos limites aceitáveis (NR-7 Anexo II, item 5.1)').count()).toBe(2);
    await page.locator('figure.audiogram table td', { hasText: /^10$/ }).first().waitFor({ state: 'attached' });
    expect(await page.locator('figure.audiogram table td', { hasText: /^NR/ }).count()).toBe(0); // no NR in this exam
    await expectAccessible(page, '/exams/{id}');
    await screenshot(page, 'exams-detail-reference');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a second exam, worse at 3–6 kHz with an NR, triggers desencadeamento on the detail and the red alert on the evolution', async () => {
    const { page, errors } = await openPage(`/exam/new?patientId=${patientId}`);
    await page.waitForFunction((name) => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value === name, PATIENT);
    await fillAir(page, { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 40, 4000: 55, 6000: 45, 8000: 25 }, { 250: 10, 500: 15, 1000: 15, 2000: 15, 3000: 35, 4000: 50, 6000: 'NR:90', 8000: 30 });
    await page.locator('[data-cell="bone.3000.RE"]').fill('35');
    await page.locator('[data-cell="bone.4000.RE"]').fill('50');
    await fillExamConditions(page, '2026-03-10');
    await page.locator('.annotation').first().waitFor(); // the NR arrow is drawn
    await screenshot(page, 'exams-entry-form-nr');
    expect(await saveExam(page)).not.toBe(firstExamId);
    await page.locator('.main-svg').first().waitFor();
    await page.getByText('Sugestivo de PAINPSE (item 5.2)').first().waitFor();
    await page.getByRole('heading', { name: 'Comparação com o exame de referência' }).waitFor();
    const right = page.getByRole('region', { name: 'Comparação — Orelha direita (OD)' });
    expect(await right.locator('dt:has-text("Desencadeamento") + dd').textContent()).toBe('Sim');
    // the chart's text alternative (visually hidden table) carries the no-response at its level
    const nrCell = page.locator('figure.audiogram table td', { hasText: /^NR 90$/ });
    await nrCell.waitFor({ state: 'attached' });
    expect(await nrCell.count()).toBe(1);
    await expectAccessible(page, '/exams/{id} (desencadeamento)');
    await screenshot(page, 'exams-detail');
    await page.getByRole('button', { name: 'Ver Exame' }).click();
    await page.getByText('Nenhum arquivo de exame encontrado').waitFor();
    await page.getByRole('link', { name: 'Ver Evolução' }).click();
    await page.waitForURL(`**/patients/${patientId}/evolution`);
    const alert = page.getByRole('alert').filter({ hasText: 'Portaria 19/98' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/desencadeamento/);
    expect(await alert.textContent()).toContain('Recomenda-se avaliação clínica detalhada');
    await page.getByText(`Paciente: ${PATIENT}`).waitFor();
    await page.locator('.main-svg').first().waitFor();
    await page.getByText(/dB pior que o primeiro exame/).first().waitFor();
    await expectAccessible(page, '/patients/{id}/evolution');
    await screenshot(page, 'patients-evolution');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the patient history lists both exams and the exam list searches by patient', async () => {
    const { page, errors } = await openPage(`/patients/${patientId}`);
    await page.getByRole('heading', { name: 'Histórico de Exames' }).waitFor();
    await page.getByRole('row', { name: /10\/03\/2026/ }).waitFor();
    expect(await page.getByRole('link', { name: /^Ver exame de/ }).count()).toBe(2);
    await screenshot(page, 'patients-detail');
    await page.goto(`${app.server.url}/exams`);
    await page.getByText('Mostrando 2 de 2 exames').waitFor();
    await page.getByLabel('Buscar exames por paciente, empresa ou operador').fill('Joana');
    await page.getByRole('row', { name: /Joana Trabalhadora/ }).first().waitFor();
    await expectAccessible(page, '/exams');
    await screenshot(page, 'exams-list');
    await page.getByLabel('Buscar exames por paciente, empresa ou operador').fill('ninguém-com-este-nome');
    await page.getByText('Nenhum exame encontrado').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('searches patients by name on the server and edits a patient', async () => {
    const res = await app.server.request('/api/patients', json({ name: 'Bruno Segundo Paciente', age: 29, sex: 'M' }, app.account.token));
    expect(res.status).toBe(201);
    const { page, errors } = await openPage('/patients');
    await page.getByText('Mostrando 2 de 2 pacientes').waitFor();
    await page.getByLabel('Buscar paciente por nome').fill('Bruno');
    await page.getByText('Mostrando 1 de 1 pacientes').waitFor();
    expect(await page.getByRole('row', { name: /Joana/ }).count()).toBe(0);
    await screenshot(page, 'patients-search');

    await page.goto(`${app.server.url}/patients/${patientId}/edit`);
    await page.getByLabel('Empresa').waitFor();
    expect(await page.getByLabel('Sexo').inputValue()).toBe('F');
    await page.getByLabel('Empresa').fill('');
    await page.getByLabel('Cargo/Função').fill('Inspetora de Qualidade');
    await expectAccessible(page, '/patients/{id}/edit');
    await screenshot(page, 'patients-edit');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await page.getByText('Paciente atualizado com sucesso!').waitFor();
    await page.waitForURL((url) => url.pathname === `/patients/${patientId}`);
    await page.getByText('Inspetora de Qualidade').waitFor();
    // an empty company is sent as null and shown as not informed
    expect(await page.locator('.patient-facts div', { hasText: 'Empresa' }).locator('dd').textContent()).toBe('Não informado');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the error state when the server is down and recovers on retry', async () => {
    const { page } = await openPage('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.route('**/api/patients*', (route) => route.abort());
    await page.getByRole('link', { name: 'Pacientes', exact: true }).click();
    await page.getByText('Erro ao carregar pacientes. Tente novamente.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'patients-error');
    await page.unroute('**/api/patients*');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByText('Mostrando 2 de 2 pacientes').waitFor();
    await page.close();
  });

  it('archives a patient after confirming that the records are kept (issue 14), and finds it under "Arquivados"', async () => {
    const { page, errors } = await openPage('/patients');
    await page.getByText('Mostrando 2 de 2 pacientes').waitFor();
    await page.getByRole('button', { name: `Arquivar ${PATIENT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Arquivar paciente' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('exames, laudos e arquivos são mantidos');
    await expectAccessible(page, '/patients (archive dialog)');
    await screenshot(page, 'patients-archive-confirm');
    await dialog.getByRole('button', { name: 'Arquivar' }).click();
    await page.getByText('Paciente arquivado. Os registros foram mantidos.').waitFor();
    await page.getByText('Mostrando 1 de 1 pacientes').waitFor();
    expect(await page.getByRole('row', { name: new RegExp(PATIENT) }).count()).toBe(0);
    const kept = await app.server.request(`/api/patients/${patientId}`, { headers: { authorization: `Bearer ${app.account.token}` } });
    expect((await kept.json()).archivedAt).toEqual(expect.any(String));
    await page.getByRole('button', { name: 'Arquivados' }).click();
    await page.getByText('Mostrando 1 de 1 pacientes arquivados').waitFor();
    await page.getByRole('row', { name: new RegExp(PATIENT) }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

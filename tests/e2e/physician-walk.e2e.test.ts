import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, screenshot, watchErrors, webDist, fillAirThresholds } from './support/browser';

/**
 * Issue 14 acceptance: the physician's whole walk as one browser test, every step through the UI
 * (no API call creates anything): register → Configurações › Clínica → new worker with every field
 * → a typed exam (past date, another examiner, clinical fields) → Pendências lists it → "Organizar
 * Laudo" from the exam page → the wizard drafts the laudo for THAT exam → every review edit →
 * finalise → PDF read back with pdftotext: the exam's date and examiner, the clinic header, the
 * clinical fields and every edit marker; no duplicate exam in the history, the evolution or the
 * worklist. Real build, real server, real PostgreSQL, real Chromium.
 */

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-walk-'));

const DOCTOR = 'Dra. Helena Vasconcelos';
const EMAIL = `helena.walk.${Date.now()}@clinica.test`;
const PASSWORD = 'Senha-Forte-2026';
const CLINIC = 'Audiologia Ocupacional Vale Verde';
const CNPJ = '11.222.333/0001-81';
const WORKER = 'Marcos Antônio Ferreira';
const EXAMINER = 'Fga. Lúcia Prado';
const EXAMINER_REG = 'CRFa 4-7788';

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

const token = () => page.evaluate(() => localStorage.getItem('limiar.token') ?? '');
async function apiGet<T>(route: string): Promise<T> {
  const res = await t.request(route, bearer(await token()));
  expect(res.ok, `${route} → ${res.status}`).toBe(true);
  return (await res.json()) as T;
}
const next = () => page.getByRole('button', { name: 'Próximo', exact: true });
const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const section = (title: string) => page.locator('.draft-editor__section').filter({ has: page.getByRole('heading', { level: 3, name: title }) });
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the physician walk (issue 14): register → laudo from a typed exam → PDF with the exam date, examiner and every edit', () => {
  let workerId = '';
  let examId = '';

  it('registers as a physician and lands on the dashboard', async () => {
    await page.goto(`${t.url}/register`);
    await page.getByRole('heading', { name: 'Criar conta' }).waitFor();
    await page.locator('input[name="name"]').fill(DOCTOR);
    await page.locator('input[name="email"]').fill(EMAIL);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await page.getByRole('radio', { name: /Médico/ }).check();
    await page.locator('input[name="crm"]').fill('654321');
    await page.locator('select[name="crmState"]').selectOption('MG');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForFunction(() => location.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Nenhuma pendência' }).waitFor();
    await screenshot(page, 'walk-01-dashboard-empty');
  }, 60_000);

  it('names the clinic for the laudo header (Configurações › Clínica)', async () => {
    await page.goto(`${t.url}/settings`);
    await page.getByRole('tab', { name: 'Clínica' }).click();
    const form = page.getByRole('form', { name: 'Dados da clínica' });
    await form.getByLabel('Nome da clínica ou organização').fill(CLINIC);
    await form.getByLabel('CNPJ').fill(CNPJ);
    await form.getByLabel('Endereço').fill('Rua das Acácias, 42 — Ipatinga/MG');
    await form.getByRole('button', { name: 'Salvar dados da clínica' }).click();
    await page.getByText('Dados da clínica salvos!').waitFor();
  }, 60_000);

  it('registers the worker with every field and sees them all on the worker page', async () => {
    await page.goto(`${t.url}/patients/new`);
    await page.getByLabel('Nome Completo').fill(WORKER);
    await page.getByLabel('Sexo').selectOption('M');
    await page.getByLabel('Data de Nascimento').fill('1979-06-02');
    await page.getByLabel('CPF').fill('39053344705');
    await page.getByLabel('Telefone').fill('(31) 98888-1234');
    await page.getByLabel('E-mail').fill('marcos.ferreira@example.com');
    await page.getByLabel('Endereço').fill('Av. Castelo Branco, 900 — Ipatinga/MG');
    await page.getByLabel('Empresa').fill('Siderúrgica Vale do Aço');
    await page.getByLabel('Cargo/Função').fill('Operador de laminação');
    await page.getByRole('button', { name: 'Salvar Paciente' }).click();
    await page.getByText('Paciente cadastrado com sucesso!').waitFor();
    const row = page.getByRole('row', { name: new RegExp(WORKER) });
    await row.waitFor();
    workerId = new URL(await row.getByRole('link', { name: `Ver ${WORKER}` }).evaluate((a) => (a as HTMLAnchorElement).href)).pathname.split('/')[2];
    await page.goto(`${t.url}/patients/${workerId}`);
    await page.getByRole('heading', { name: WORKER, level: 1 }).waitFor();
    for (const shown of ['390.533.447-05', '02/06/1979', '(31) 98888-1234', 'marcos.ferreira@example.com', 'Av. Castelo Branco, 900 — Ipatinga/MG', 'Operador de laminação']) {
      await page.getByText(shown, { exact: false }).first().waitFor();
    }
    await screenshot(page, 'walk-02-worker');
  }, 60_000);

  it('types an exam of 15/10/2026 examined by the audiologist, with clinical fields and observations', async () => {
    await page.getByRole('link', { name: 'Novo Exame' }).click();
    await page.waitForURL(`**/exam/new?patientId=${workerId}`);
    const right = { 250: 15, 500: 15, 1000: 20, 2000: 20, 3000: 35, 4000: 45, 6000: 40, 8000: 25 };
    const left = { 250: 15, 500: 20, 1000: 20, 2000: 25, 3000: 40, 4000: 50, 6000: 45, 8000: 30 };
    await fillAirThresholds(page, right, left);
    await page.getByLabel('Data do exame').fill('2026-10-15');
    await page.getByLabel('Ruído ambiente (dB)').fill('31');
    await page.getByLabel('Data da calibração').fill('2026-03-01');
    await page.getByLabel('Repouso auditivo (horas)').fill('16');
    await page.getByLabel('Nome do operador').fill(EXAMINER);
    await page.getByLabel('Registro (CRFa/CRM)').fill(EXAMINER_REG);
    await page.getByLabel('Anamnese').fill('WALK-ANAMNESE: 15 anos na laminação, zumbido bilateral ao fim do turno.');
    await page.getByLabel('Meatoscopia OD').fill('WALK-MEATO-OD livre');
    await page.getByLabel('Meatoscopia OE').fill('WALK-MEATO-OE cerume não obstrutivo');
    await page.getByLabel('Mascaramento').fill('WALK-MASC: ruído de banda estreita na OE em 4 kHz');
    await page.getByRole('textbox', { name: 'Observações', exact: true }).fill('WALK-OBS: trabalhador colaborativo.');
    await page.getByRole('button', { name: 'Salvar Exame' }).click();
    await page.waitForURL(/\/exams\/[0-9a-f-]{36}$/);
    examId = new URL(page.url()).pathname.split('/')[2];
    // observations and clinical fields typed in the form are shown again (defect 3)
    await page.getByText('WALK-OBS: trabalhador colaborativo.').waitFor();
    await page.getByText('WALK-MEATO-OE cerume não obstrutivo').waitFor();
    await screenshot(page, 'walk-03-exam');
  }, 60_000);

  it('the dashboard worklist lists the exam without laudo, one click away', async () => {
    await page.goto(`${t.url}/dashboard`);
    const group = page.getByRole('region', { name: /^Exames sem laudo/ });
    await group.getByRole('link', { name: `${WORKER} — exame de 15/10/2026` }).waitFor();
    await screenshot(page, 'walk-04-worklist');
    await group.getByRole('link', { name: `${WORKER} — exame de 15/10/2026` }).click();
    await page.waitForURL(`**/exams/${examId}`);
  }, 60_000);

  it('drafts the laudo for that exam from the exam page, edits every reviewed field and finalises it', async () => {
    await page.getByRole('link', { name: 'Organizar Laudo' }).click();
    await page.waitForURL(`**/report-wizard?examId=${examId}`);
    // the new physician has no specialization yet: the pt-BR completion modal asks for it
    const modal = page.getByRole('dialog', { name: 'Complete seu perfil médico' });
    await modal.waitFor();
    await modal.getByLabel('Especialização').selectOption('Medicina do Trabalho');
    await modal.getByRole('button', { name: 'Salvar e continuar' }).click();
    await modal.waitFor({ state: 'hidden' });

    await stepHeading('Selecione o paciente e o médico').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Paciente', exact: true }).inputValue()).toBe(workerId);
    await next().click();
    await page.getByLabel('Ocupacional (ASO)').check();
    await page.getByRole('group', { name: /Motivo da consulta ocupacional/ }).getByLabel('Periódica').check();
    await next().click();
    await page.getByLabel('Audiometria com Nexo Causal').check();
    await next().click();
    await stepHeading('Perguntas do Nexo Causal').waitFor();
    const answer = (question: RegExp, option: string) => page.getByRole('group', { name: question }).getByLabel(option, { exact: true }).check();
    await answer(/repouso auditivo de 14 horas/, 'Sim');
    await answer(/exposto a ruído intenso/, 'Sim');
    await page.getByLabel(/Tempo de exposição/).fill('15');
    await answer(/acima de 85 dB/, 'Sim');
    await answer(/protetor auricular/, 'Não sei');
    await next().click();

    // step 4: the typed exam is the one chosen; no upload, nothing created
    await stepHeading('Exame do laudo').waitFor();
    expect(await page.getByRole('group', { name: 'Exame' }).getByLabel(/Exame de 15\/10\/2026/).isChecked()).toBe(true);
    expect(await page.getByTestId('file-drop-input').count()).toBe(0);
    await screenshot(page, 'walk-05-wizard-exam');
    await next().click();

    await stepHeading('Organizar laudo com IA').waitFor();
    await page.getByRole('button', { name: 'Organizar Laudo Agora' }).click();
    await page.getByText('Laudo gerado com sucesso pela IA!').waitFor({ timeout: 30_000 });
    await stepHeading('Revisar e editar o laudo').waitFor();
    await page.getByText('Salvo', { exact: true }).waitFor();

    // every editable field of the review step gets a unique marker
    await page.getByRole('button', { name: 'Editar Validação NR-7' }).click();
    await section('Validação NR-7').getByLabel('Repouso auditivo de 14 horas').selectOption('sim');
    await section('Validação NR-7').getByLabel('Observações da validação').fill('WALK-VALID: repouso de 16 h conferido.');
    await page.getByRole('button', { name: 'Concluir Validação NR-7' }).click();

    await page.getByRole('button', { name: 'Editar Interpretação Portaria 19/98' }).click();
    const p19 = section('Interpretação Portaria 19/98').getByLabel('Interpretação do exame');
    await p19.fill(`${await p19.inputValue()}\nWALK-INTERP: entalhe bilateral em 4 kHz.`);
    await page.getByRole('button', { name: 'Concluir Interpretação Portaria 19/98' }).click();

    await page.getByRole('button', { name: 'Editar Relatório Clínico Narrativo' }).click();
    const narrative = section('Relatório Clínico Narrativo');
    const summary = narrative.getByLabel('Resumo');
    await summary.fill(`${await summary.inputValue()}\nWALK-RESUMO: anamnese ocupacional revista em consulta.`);
    await narrative.getByLabel('Conclusão sobre o nexo causal').fill('WALK-NEXO: nexo provável com a exposição na laminação.');
    const recs = narrative.getByLabel('Recomendações (uma por linha)');
    await recs.click();
    await recs.press('Control+End');
    await recs.press('Enter');
    await recs.pressSequentially('WALK-RECOM: reavaliar em 6 meses');
    await page.getByRole('button', { name: 'Concluir Relatório Clínico Narrativo' }).click();

    await page.getByRole('button', { name: 'Editar Dados críticos faltantes' }).click();
    await section('Dados críticos faltantes').getByLabel('Dados críticos faltantes (um por linha)').fill('WALK-FALTANTE: via óssea não realizada');
    await page.getByRole('button', { name: 'Concluir Dados críticos faltantes' }).click();

    const nexo = page.locator('.draft-editor__nexo');
    await nexo.getByRole('button', { name: 'Confirmar nível' }).click();
    await nexo.getByText('Confirmado pelo profissional').waitFor();
    await nexo.getByLabel('Situação: História clínica e ocupacional atual e pregressa').selectOption('avaliado');
    await nexo.getByLabel('Evidência: História clínica e ocupacional atual e pregressa').fill('WALK-CFM1: 15 anos de laminação');
    await nexo.getByLabel('Situação: Estudo do local de trabalho').selectOption('avaliado');
    await nexo.getByLabel('Evidência: Estudo do local de trabalho').fill('WALK-CFM2: PGR 2026 com 94 dB(A)');
    await page.getByText('Salvo', { exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'walk-06-review');
    await expectAccessible(page, 'walk review');

    await next().click();
    await stepHeading('Laudo Finalizado!').waitFor({ timeout: 60_000 });
    expect(await page.locator('.wizard__summary').textContent()).toContain(`15/10/2026 — ${EXAMINER}`);
    await screenshot(page, 'walk-07-finished');
  }, 240_000);

  it('the exported PDF carries the exam date, the examiner, the clinic, the clinical fields and every edit', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar PDF para Assinatura' }).click()]);
    const file = path.join(tmp, 'walk.pdf');
    await download.saveAs(file);
    const raw = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const text = flat(raw);
    const markers = ['WALK-VALID', 'WALK-INTERP', 'WALK-RESUMO', 'WALK-NEXO', 'WALK-RECOM', 'WALK-FALTANTE', 'WALK-CFM1', 'WALK-CFM2',
      'WALK-ANAMNESE', 'WALK-MEATO-OD', 'WALK-MEATO-OE', 'WALK-MASC', 'WALK-OBS'];
    const missing = markers.filter((m) => !text.includes(m));
    expect(missing, `markers missing from the PDF:\n${raw}`).toEqual([]);
    expect(text).toMatch(/Data do exame 15\/10\/2026/);
    expect(text).toContain(`${EXAMINER} (${EXAMINER_REG})`);
    expect(text).toMatch(/Ruído ambiente 31 dB/);
    expect(text).toContain(CLINIC);
    expect(text).toContain(`CNPJ ${CNPJ}`);
    expect(text).toContain(DOCTOR);
    expect(text).toContain('CRM 654321/MG');
    expect(text).not.toContain('Repouso auditivo —');
    expect(text).not.toContain('RASCUNHO');
    console.log(`walk PDF: ${raw.length} chars, ${markers.length} markers found, exam 15/10/2026 by ${EXAMINER}`);
  }, 60_000);

  it('nothing was duplicated: one exam in the history, the evolution and the worklist', async () => {
    const exams = await apiGet<{ id: string; date: string }[]>(`/api/exams?patientId=${workerId}`);
    expect(exams.map((e) => [e.id, e.date])).toEqual([[examId, '2026-10-15']]);
    const evolution = await apiGet<{ exams: { id?: string; date: string }[] }>(`/api/patients/${workerId}/evolution`);
    expect(evolution.exams.map((e) => e.date)).toEqual(['2026-10-15']);
    await page.goto(`${t.url}/patients/${workerId}`);
    await page.getByRole('heading', { name: WORKER, level: 1 }).waitFor();
    await page.getByText('15/10/2026').first().waitFor();
    await page.goto(`${t.url}/dashboard`);
    await page.getByRole('heading', { name: 'Pendências', level: 2 }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: `${WORKER} — exame de 15/10/2026` }).count()).toBe(0);
    await screenshot(page, 'walk-08-dashboard-done');
    expect(errors).toEqual([]);
  }, 60_000);
});

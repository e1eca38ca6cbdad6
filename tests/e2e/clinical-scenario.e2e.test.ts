import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bearer, json } from '../support/accounts';
import { expectAccessible, openAs, screenshot, useAppSession } from './support/browser';

/**
 * A worker's history read through the UI (rules 2026.11-2): real build, real server, real
 * PostgreSQL, real Chromium. Exams are created through the API (the entry form has its own test);
 * what is checked is what the pages and the issued laudo say about them.
 *
 * Right ear 2024 normal → 2025 notch (desencadeamento, item 5.3; the 2025 exam becomes the reference,
 * item 5.5.1) → 2026 4 kHz 55 dB (agravamento, item 5.4, against 11/03/2025). Left ear normal.
 */

const FREQS = [500, 1000, 2000, 3000, 4000, 6000, 8000] as const;
const BONE_FREQS = [500, 1000, 2000, 3000, 4000] as const;
const LEFT = [10, 10, 10, 10, 15, 15, 10];

const app = useAppSession();

const openPage = (route: string) => openAs(app.browser, app.server.url, app.account.token, route);

async function api<T>(route: string, body?: unknown): Promise<T> {
  const res = await app.server.request(route, body === undefined ? bearer(app.account.token) : json(body, app.account.token));
  const text = await res.text();
  expect(res.ok, `${route} → ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

async function createWorker(name: string): Promise<string> {
  return (await api<{ id: string }>('/api/patients', { name, age: 42, sex: 'M', company: 'Metalúrgica Teste' })).id;
}

/** Wizard-shaped exam: `right`/`left` air thresholds at 500…8000 Hz, optional right-ear bone 500…4000 Hz. */
async function createExam(patientId: string, date: string, right: number[], left = LEFT, boneRight?: number[]): Promise<string> {
  const air = Object.fromEntries(FREQS.map((f, i) => [String(f), { re: right[i], le: left[i] }]));
  const bone = boneRight ? Object.fromEntries(BONE_FREQS.map((f, i) => [String(f), { re: boneRight[i], le: null }])) : undefined;
  const body = { patientId, date, operatorName: 'Fernanda Rocha', operatorRegistration: 'CRFa 2-12345', audiogram: { air, ...(bone ? { bone } : {}) } };
  return (await api<{ id: string }>('/api/exams', body)).id;
}

/** The "Exame de referência" card of the exam page. */
const referenceCard = (page: Page) => page.locator('section.ui-card', { has: page.getByRole('heading', { name: 'Exame de referência', exact: true }) });

/** The comparison row `label` (Desencadeamento, Agravamento) of one ear on the exam page. */
const comparisonValue = (page: Page, ear: 'direita (OD)' | 'esquerda (OE)', label: string) =>
  page.getByRole('region', { name: `Comparação — Orelha ${ear}`, exact: true }).locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');

describe('clinical scenario: desencadeamento, new reference, agravamento (real build, server, Chromium)', () => {
  let workerId = '';
  const ids: Record<string, string> = {};

  it('creates the worker and three exams', async () => {
    workerId = await createWorker('Carlos Exposto Ruído');
    ids['2024'] = await createExam(workerId, '2024-03-12', [10, 10, 10, 15, 20, 20, 15]);
    ids['2025'] = await createExam(workerId, '2025-03-11', [10, 15, 15, 30, 40, 35, 20], LEFT, [5, 10, 15, 25, 35]);
    ids['2026'] = await createExam(workerId, '2026-03-10', [10, 15, 15, 30, 55, 35, 20], LEFT, [5, 10, 15, 25, 50]);
  });

  it('2025 exam: suggestive of PAINPSE on the right, desencadeamento against 12/03/2024', async () => {
    const { page, errors } = await openPage(`/exams/${ids['2025']}`);
    await page.getByRole('heading', { name: 'Exame de 11/03/2025', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Orelha direita (OD)', exact: true }).textContent()).toContain('Sugestivo de PAINPSE (item 5.2)');
    await expect.poll(() => comparisonValue(page, 'direita (OD)', 'Desencadeamento').textContent()).toBe('Sim');
    await expect.poll(() => comparisonValue(page, 'direita (OD)', 'Agravamento').textContent()).not.toBe('Sim');
    const section = referenceCard(page);
    await section.getByText(/Comparado com o exame de referência de 12\/03\/2024 \(primeiro exame com limiares/).waitFor();
    await section.getByRole('link', { name: '12/03/2024' }).waitFor();
    // Desencadeamento makes this exam the new reference (NR-7 Anexo II item 5.5.1).
    await section.getByText('Referência em vigor após este exame: 11/03/2025').waitFor();
    await page.getByText(/Idade no exame/).waitFor();
    // The reference audiogram is overlaid (its text alternative lists it).
    await page.getByRole('rowheader', { name: 'Referência 12/03/2024, orelha direita, via aérea' }).waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('2026 exam: agravamento against the 11/03/2025 reference; screenshot of the reference section', async () => {
    const { page, errors } = await openPage(`/exams/${ids['2026']}`);
    await page.getByRole('heading', { name: 'Exame de 10/03/2026', level: 1 }).waitFor();
    await expect.poll(() => comparisonValue(page, 'direita (OD)', 'Agravamento').textContent()).toBe('Sim');
    const section = referenceCard(page);
    await section.getByText(/Comparado com o exame de referência de 11\/03\/2025 \(exame sequencial que mostrou desencadeamento\/agravamento \(NR-7, Anexo II, item 5\.5\.1\)\)/).waitFor();
    await page.getByRole('rowheader', { name: 'Referência 11/03/2025, orelha direita, via aérea' }).waitFor({ state: 'attached' });
    // Every mean/shift is a number (no NR in this history), never a dash.
    const rows = page.getByRole('region', { name: 'Comparação — Orelha direita (OD)', exact: true }).locator('dd');
    await expect.poll(() => rows.allTextContents()).toContain('+15 dB');
    await page.locator('.js-plotly-plot').first().waitFor();
    await expectAccessible(page, '/exams/{id} (2026)');
    await screenshot(page, 'clinical-exam-detail-reference');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('evolution: the agravamento event titles the alert, and the 3–6 kHz means are shown', async () => {
    const { page, errors } = await openPage(`/patients/${workerId}/evolution`);
    await page.getByRole('heading', { name: 'Evolução Auditiva', level: 1 }).waitFor();
    await page.getByText('Agravamento sugestivo da PAINPSE em 10/03/2026 (orelha direita), em relação ao exame de referência de 11/03/2025').waitFor();
    await page.getByText('Desencadeamento sugestivo de PAINPSE em 11/03/2025 (orelha direita), em relação ao exame de referência de 12/03/2024').waitFor();
    const table = page.getByRole('table', { name: /média de 3–6 kHz por orelha/ });
    await table.getByRole('columnheader', { name: 'Média 3–6 kHz OD' }).waitFor();
    // 2026, right ear: (30 + 55 + 35) / 3 = 40 dB.
    const row2026 = table.getByRole('row', { name: /10\/03\/2026/ });
    await expect.poll(() => row2026.locator('td').allTextContents()).toEqual(['sequencial', '13,3 dB', '10 dB', '40 dB', '13,3 dB']);
    await page.locator('.js-plotly-plot').nth(1).waitFor();
    await expectAccessible(page, '/patients/{id}/evolution');
    await screenshot(page, 'clinical-evolution');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('laudo of the 2026 exam: agravamento against 11/03/2025 in the issued PDF', async () => {
    const draft = await api<{ id: string }>(`/api/reports/generate/${ids['2026']}`, { audiometryType: 'simple' });
    const done = await api<{ status: string; pdfUrl: string }>(`/api/reports/${draft.id}/finalize`, {});
    expect(done.status).toBe('Finalizado');
    const res = await app.server.request(`/api/reports/${draft.id}/download`, bearer(app.account.token));
    expect(res.status).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-laudo-')), 'laudo.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toMatch(/agravamento/i);
    expect(flat).toContain('11/03/2025');
    expect(flat).toContain('Orelha direita: sugestivo de agravamento da PAINPSE em relação ao exame de referência de 11/03/2025');
    // The left ear (normal throughout) is rightly "sem desencadeamento ou agravamento"; the right ear never.
    expect(flat).not.toMatch(/Orelha direita: sem desencadeamento ou agravamento/i);
  }, 60_000);
});

describe('designated reference through the dialog', () => {
  const ids: Record<string, string> = {};

  it('designates the middle exam; the later exam compares with it; removing the designation restores the rule', async () => {
    const workerId = await createWorker('Ana Designada Teste');
    ids.first = await createExam(workerId, '2023-05-02', [10, 10, 10, 10, 15, 15, 10]);
    ids.middle = await createExam(workerId, '2024-05-07', [10, 10, 15, 20, 25, 20, 15]);
    ids.last = await createExam(workerId, '2025-05-06', [10, 10, 15, 20, 25, 25, 15]);

    const { page, errors } = await openPage(`/exams/${ids.middle}`);
    const section = referenceCard(page);
    await section.getByText(/Comparado com o exame de referência de 02\/05\/2023/).waitFor();
    await section.getByRole('button', { name: 'Definir como exame de referência' }).click();
    const dialog = page.getByRole('dialog', { name: 'Definir como exame de referência' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.getByText('Informe o motivo (mínimo de 10 caracteres).').waitFor();
    await dialog.getByLabel('Motivo').fill('Troca de audiômetro e nova calibração');
    await expectAccessible(page, 'designation dialog');
    await screenshot(page, 'clinical-reference-designation-dialog');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText(/Designado por .+ em \d{2}\/\d{2}\/\d{4}: Troca de audiômetro e nova calibração/).waitFor();
    await section.getByText(/Este é o exame de referência \(designado pelo profissional — motivo: Troca de audiômetro e nova calibração\)/).waitFor();
    await section.getByRole('button', { name: 'Remover designação' }).waitFor();

    await page.goto(`${app.server.url}/exams/${ids.last}`);
    const later = referenceCard(page);
    await later.getByText(/Comparado com o exame de referência de 07\/05\/2024 \(designado pelo profissional — motivo: Troca de audiômetro/).waitFor();

    await page.goto(`${app.server.url}/exams/${ids.middle}`);
    await referenceCard(page).getByRole('button', { name: 'Remover designação' }).click();
    await referenceCard(page).getByRole('button', { name: 'Definir como exame de referência' }).waitFor();
    const after = await api<{ classification: Record<string, unknown> }>(`/api/exams/${ids.last}`);
    expect(after.classification.reference_date).toBe('2023-05-02');
    expect(errors).toEqual([]);
    await page.close();
  });
});

import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noResponse, type EarAudiogram, type Threshold } from '../../core/src/rules/index';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { bearer, json } from '../support/accounts';
import { expectAccessible, openAs, root, screenshot, useAppSession } from './support/browser';

/**
 * Issue 6, web: upload of an audiogram on an existing exam, the automatic-reading status and the
 * review grid. Real build, real server, real PostgreSQL, real Chromium; no request is mocked (the
 * "uploading" screenshot holds the upload requests in the browser until it is taken, then lets them
 * through to the real server).
 *
 * Waits (issue 15, a flaky run): a transient element (a toast: 3–6 s) is awaited before the lasting
 * state that comes with it, never after, so a slow machine cannot let it expire first; a state
 * that passes (uploading) is held by the test instead of raced; polls on lasting states get a real
 * timeout, not expect.poll's 1 s default.
 */

const app = useAppSession();

async function newExam(name: string): Promise<string> {
  const p = await (await app.server.request('/api/patients', json({ name, age: 44, sex: 'M' }, app.account.token))).json();
  const res = await app.server.request('/api/exams', json({ patientId: p.id, date: '2025-03-10', operatorName: 'Fernanda Rocha' }, app.account.token));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function openExam(examId: string): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openAs(app.browser, app.server.url, app.account.token, `/exams/${examId}`, 1440);
  await page.getByRole('heading', { name: 'Audiograma do exame' }).waitFor();
  return { page, errors };
}

const section = (page: Page) => page.locator('.exam-audiogram-upload');
const fileInput = (page: Page) => page.getByTestId('file-drop-input');
const cell = (page: Page, key: string) => page.locator(`[data-cell="${key}"]`);

/** The 5 dB-grid value a cell must show for a threshold of the file (the reader snaps off-grid values). */
const snapped = (v: number) => Math.max(-10, Math.min(120, Math.round(v / 5) * 5));
function expectedCell(t: Threshold | undefined): { value: string; nr: boolean } {
  if (t === null || t === undefined) return { value: '', nr: false };
  if (typeof t === 'number') return { value: String(snapped(t)), nr: false };
  return { value: String(t.level), nr: true };
}

async function expectGridShows(page: Page, ear: 'RE' | 'LE', kind: 'air' | 'bone', values: Readonly<Partial<Record<number, Threshold>>>, freqs: readonly number[]) {
  for (const hz of freqs) {
    const want = expectedCell(values[hz]);
    const input = cell(page, `${kind}.${hz}.${ear}`);
    await expect.poll(() => input.inputValue(), { message: `${kind} ${hz} ${ear}` }).toBe(want.value);
    const side = ear === 'RE' ? 'direita (OD)' : 'esquerda (OE)';
    const nr = page.getByRole('button', { name: `NR — sem resposta, Orelha ${side}, via ${kind === 'air' ? 'aérea' : 'óssea'}, ${hz} Hz`, exact: true });
    expect(await nr.getAttribute('aria-pressed'), `NR ${kind} ${hz} ${ear}`).toBe(String(want.nr));
  }
}

// A hand-made audiogram: a noise notch, an NR at 8 kHz, and two values off the 5 dB grid that the
// PDF reader snaps and flags (37 → 35 low confidence; 26 → 25 medium confidence).
const right: EarAudiogram = {
  air: { 250: 15, 500: 20, 1000: 20, 2000: 25, 3000: 37, 4000: 55, 6000: 50, 8000: noResponse(110) },
  bone: { 500: 15, 1000: 20, 2000: 25, 3000: 35, 4000: 50 },
};
const left: EarAudiogram = {
  air: { 500: 15, 1000: 15, 2000: 26, 3000: 40, 4000: 60, 6000: 55, 8000: 45 },
  bone: { 500: 10, 1000: 15, 2000: 25, 3000: 40, 4000: 55 },
};
const SET: ThresholdSet = { origin: 'e2e:notch', right, left };
const AIR = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000] as const;
const BONE = [500, 1000, 2000, 3000, 4000] as const;
const pdfBytes = () => Buffer.from(writeTextPdf([renderLayout('A', SET, prng(11))]));
const png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const NR7 = ['Dentro dos limites aceitáveis (NR-7 Anexo II, item 5.1)', 'Sugestivo de PAINPSE (item 5.2)', 'Não sugestivo de PAINPSE (item 5.2.1)'];

let pdfExamId = '';
/** The browser logs the server's intended 415 for a renamed file; nothing else may appear. */
const expectedRefusal = /Failed to load resource: .*status of 415/;

describe('upload and review of an audiogram on the exam page', () => {
  it('(1) a low-confidence text-layer PDF waits for review; applied, it fills the grid with the right values, draws the chart and shows the classification', async () => {
    pdfExamId = await newExam('Carlos Leitura PDF');
    const { page, errors } = await openExam(pdfExamId);

    // Keyboard: the zone is a button reachable by Tab, and its name says what it does.
    const zone = page.getByRole('button', { name: /Arraste os arquivos do audiograma aqui/ });
    await zone.focus();
    expect(await zone.evaluate((el) => el === document.activeElement)).toBe(true);

    const pdf = pdfBytes();
    await fileInput(page).setInputFiles({ name: 'audiometria.pdf', mimeType: 'application/pdf', buffer: pdf });
    const item = section(page).locator('.file-item').filter({ hasText: 'audiometria.pdf' });
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 15_000 }).toBe('selected');
    expect(await item.textContent()).toContain(`${Math.round(pdf.length / 1024)} KB`);
    await screenshot(page, 'upload-drop-zone-selected');

    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByText('1 arquivo(s) enviado(s); leitura aguardando sua revisão antes de entrar no exame').waitFor();
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 15_000 }).toBe('uploaded');

    // Issue 14: a low-confidence reading waits for the professional; nothing reached the exam yet.
    const panel = page.locator('.ai-status');
    await expect.poll(() => panel.getAttribute('data-status'), { timeout: 15_000 }).toBe('review');
    const held = page.getByTestId('pending-reading');
    await held.getByText('Confiança da leitura: Baixa').waitFor();
    expect(await held.getByTestId('identity-mismatch').count()).toBe(0);
    expect(await held.locator('[data-read-cell="air.4000.RE"]').textContent()).toBe('55');
    expect(await held.locator('[data-read-cell="air.8000.RE"]').textContent()).toBe('NR 110');
    const before = await (await app.server.request(`/api/exams/${pdfExamId}`, bearer(app.account.token))).json();
    expect(before.audiogram.air['4000']).toEqual({ re: null, le: null });
    await screenshot(page, 'upload-review-held-low-confidence');
    await held.getByRole('button', { name: 'Aplicar leitura ao exame' }).click();
    await page.getByText('Leitura aplicada ao exame e classificação recalculada.').waitFor();
    await held.waitFor({ state: 'detached' });

    // Status panel: data extracted, PDF reader, low confidence with its warning.
    await expect.poll(() => panel.getAttribute('data-status'), { timeout: 15_000 }).toBe('extracted');
    await panel.getByText('Dados extraídos').waitFor();
    await panel.getByText('Leitura do PDF').waitFor();
    expect(await panel.locator('[data-confidence]').getAttribute('data-confidence')).toBe('low');
    await panel.getByText('Recomendamos revisar manualmente os limiares destacados antes de gerar o laudo.').waitFor();

    // Review grid: every value of the file, snapped to the grid; NR kept with its level.
    await expectGridShows(page, 'RE', 'air', right.air, AIR);
    await expectGridShows(page, 'LE', 'air', left.air, AIR);
    await expectGridShows(page, 'RE', 'bone', right.bone!, BONE);
    await expectGridShows(page, 'LE', 'bone', left.bone!, BONE);

    // The points the reader was unsure of are highlighted, and the legend explains it.
    const server = await (await app.server.request(`/api/exams/${pdfExamId}`, bearer(app.account.token))).json();
    const pc = server.ambienteJson.pointConfidence;
    expect(pc.right.air['3000']).toBe('low');
    expect(pc.left.air['2000']).toBe('medium');
    expect(await cell(page, 'air.3000.RE').getAttribute('data-confidence')).toBe('low');
    expect(await cell(page, 'air.2000.LE').getAttribute('data-confidence')).toBe('medium');
    expect(await cell(page, 'air.500.RE').getAttribute('data-confidence')).toBeNull();
    await page.locator('.review-grid__legend').getByText(/baixa confiança — revise/).waitFor();

    // The chart is drawn (Plotly SVG with the points) and its text alternative has the values.
    const grid = page.locator('form.review-grid');
    await grid.locator('.audiogram .main-svg').first().waitFor({ timeout: 15_000 });
    expect(await grid.locator('.audiogram .scatterlayer .trace').count()).toBeGreaterThan(0);
    const alt = grid.locator('.audiogram table.visually-hidden');
    expect(await alt.textContent()).toContain('NR 110');

    // The classification computed by the server is shown per ear.
    const cls = page.getByTestId('review-classification');
    const shown = await cls.textContent();
    expect(shown).toContain('Orelha direita (OD)');
    expect(NR7.some((l) => shown!.includes(l))).toBe(true);
    await page.locator('.review-grid').scrollIntoViewIfNeeded();
    await screenshot(page, 'upload-review-grid-low-confidence');

    // Review: the reviewer confirms the low point at 35 dB and saves; the live chart follows.
    await cell(page, 'air.3000.RE').fill('40');
    const right3k = alt.locator('tr', { hasText: 'Orelha direita, via aérea' }).locator('td').nth(4);
    await expect.poll(() => right3k.textContent()).toBe('40');
    expect(await cell(page, 'air.3000.RE').getAttribute('data-confidence')).toBeNull();
    await page.getByRole('button', { name: 'Salvar audiograma' }).click();
    await page.getByText('Audiograma salvo e reclassificado com sucesso!').waitFor();
    await cls.getByText('Classificação recalculada com os limiares salvos.').waitFor();
    const saved = await (await app.server.request(`/api/exams/${pdfExamId}`, bearer(app.account.token))).json();
    expect(saved.audiogram.air['3000'].re).toBe(40);
    expect(saved.audiogram.air['8000'].re).toEqual({ nr: 110 });
    expect(await cls.textContent()).toContain(NR7[['aceitavel', 'sugestivo_painpse', 'nao_sugestivo'].indexOf(saved.classification.classification_right)]);

    // 'Ver Exame' opens the first file: a PDF offers 'Abrir em Nova Aba' (blob fetched with the token).
    await page.getByRole('button', { name: 'Ver Exame' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('audiometria.pdf').waitFor();
    await dialog.getByText(`${Math.round(pdf.length / 1024)} KB`).waitFor();
    expect(await dialog.getByRole('link', { name: 'Abrir em Nova Aba' }).getAttribute('href')).toMatch(/^blob:/);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('(2) a PNG with no model: failure message, manual entry in the grid, saved and classified', async () => {
    const examId = await newExam('Paula Entrada Manual');
    const { page, errors } = await openExam(examId);
    await fileInput(page).setInputFiles({ name: 'foto-audiograma.png', mimeType: 'image/png', buffer: png1x1 });
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByText('1 arquivo(s) enviado(s); 1 sem leitura automática — você precisará preencher os dados manualmente').waitFor();
    const panel = page.locator('.ai-status');
    await expect.poll(() => panel.getAttribute('data-status'), { timeout: 15_000 }).toBe('failed');
    await panel.getByText('A análise automática falhou. Por favor, preencha os dados manualmente').waitFor();
    await screenshot(page, 'upload-status-failed');

    // The grid opens empty for manual entry, with a banner saying why.
    await page.getByText('Preenchimento manual').waitFor();
    for (const hz of AIR) expect(await cell(page, `air.${hz}.RE`).inputValue()).toBe('');
    expect(await page.getByTestId('review-classification').count()).toBe(0);

    // Off-grid value: refused next to the cell, nothing saved.
    await cell(page, 'air.500.RE').fill('12');
    await page.getByRole('button', { name: 'Salvar audiograma' }).click();
    await page.getByText('Verifique os limiares destacados.').waitFor();
    await page.getByText('12 dB não está na grade de 5 em 5 dB').waitFor();

    const typed: Record<'RE' | 'LE', Record<number, number>> = {
      RE: { 250: 10, 500: 15, 1000: 15, 2000: 20, 3000: 45, 4000: 60, 6000: 50, 8000: 30 },
      LE: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 40, 4000: 55, 6000: 45, 8000: 25 },
    };
    for (const ear of ['RE', 'LE'] as const) for (const hz of AIR) await cell(page, `air.${hz}.${ear}`).fill(String(typed[ear][hz]));
    // NR at 6 kHz left, at the level tested.
    await cell(page, 'air.6000.LE').fill('90');
    await page.getByRole('button', { name: 'NR — sem resposta, Orelha esquerda (OE), via aérea, 6000 Hz', exact: true }).click();
    const alt = page.locator('form.review-grid .audiogram table.visually-hidden');
    await expect.poll(() => alt.textContent()).toContain('NR 90');

    await page.getByRole('button', { name: 'Salvar audiograma' }).click();
    await page.getByText('Audiograma salvo e reclassificado com sucesso!').waitFor();
    const saved = await (await app.server.request(`/api/exams/${examId}`, bearer(app.account.token))).json();
    expect(saved.audiogram.air['4000']).toEqual({ re: 60, le: 55 });
    expect(saved.audiogram.air['6000'].le).toEqual({ nr: 90 });
    const cls = page.getByTestId('review-classification');
    await cls.waitFor();
    const label = (code: string) => NR7[['aceitavel', 'sugestivo_painpse', 'nao_sugestivo'].indexOf(code)];
    expect(saved.classification.classification_right).toBeTruthy();
    const text = await cls.textContent();
    expect(text).toContain(label(saved.classification.classification_right));
    expect(text).toContain(label(saved.classification.classification_left));
    // The panel now reports the thresholds on file, typed by the professional.
    await expect.poll(() => panel.getAttribute('data-status'), { timeout: 15_000 }).toBe('extracted');
    await panel.getByText('Preenchimento manual').waitFor();
    // The page's own audiogram card follows (Resumo Rápido: Audiograma Sim).
    await expect.poll(() => page.locator('.exam-facts').filter({ hasText: 'Status' }).textContent()).toContain('Sim');
    await screenshot(page, 'upload-review-grid-manual-saved');

    // 'Ver Exame' shows the image, fetched with the bearer token into a blob URL.
    await page.getByRole('button', { name: 'Ver Exame' }).click();
    const img = page.getByRole('dialog').getByRole('img', { name: 'Arquivo do exame: foto-audiograma.png' });
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^blob:/);
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('(3) a .txt is refused before upload; a text renamed to .pdf is refused by the server; nothing is stored', async () => {
    const examId = await newExam('Rita Arquivo Errado');
    const { page, errors } = await openExam(examId);
    await fileInput(page).setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('limiares: 25 30 35') });
    await page.getByText("O arquivo 'notas.txt' não é suportado. Apenas PDF, JPEG e PNG são aceitos.").waitFor();
    expect(await section(page).locator('.file-item').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Enviar', exact: true }).count()).toBe(0);

    // Too large (10 MB + 1 byte): refused on the client.
    await fileInput(page).setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
    await page.getByText("O arquivo 'grande.pdf' é muito grande. Tamanho máximo: 10MB.").waitFor();
    expect(await section(page).locator('.file-item').count()).toBe(0);

    // A text file renamed to .pdf passes the type check; the server reads the content and refuses it.
    await fileInput(page).setInputFiles({ name: 'laudo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('isto não é um PDF, apenas texto') });
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const item = section(page).locator('.file-item').filter({ hasText: 'laudo.pdf' });
    await page.getByText('Erro ao fazer upload de alguns arquivos. Tente novamente.').waitFor();
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 15_000 }).toBe('error');
    await item.getByText("O arquivo 'laudo.pdf' não é suportado. Apenas PDF, JPEG e PNG são aceitos.").waitFor();
    expect(await (await app.server.request(`/api/exams/${examId}/files`, bearer(app.account.token))).json()).toEqual([]);
    expect(await page.locator('.ai-status').count()).toBe(0);

    // A failed file can be removed.
    await page.getByRole('button', { name: 'Remover laudo.pdf' }).click();
    await expect.poll(() => section(page).locator('.file-item').count(), { timeout: 15_000 }).toBe(0);
    expect(errors.filter((e) => !expectedRefusal.test(e))).toEqual([]);
    await page.close();
  });

  it('drop zone states: uploading (requests held), uploaded, error and selected', async () => {
    const examId = await newExam('Bruno Estados Envio');
    const { page, errors } = await openExam(examId);
    // 'uploading' lasts as long as the request: held here until the screenshot is taken, then sent
    // on unchanged to the real server (a throttled network only made it short, and racy)
    const held: Route[] = [];
    await page.route('**/api/files/upload', (route) => void held.push(route));
    await fileInput(page).setInputFiles([
      { name: 'audiometria-2025.pdf', mimeType: 'application/pdf', buffer: pdfBytes() },
      { name: 'digitalizado.pdf', mimeType: 'application/pdf', buffer: Buffer.from('texto renomeado para pdf') },
    ]);
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const items = section(page).locator('.file-item');
    await expect.poll(() => held.length, { timeout: 15_000 }).toBe(2);
    expect(await items.first().getAttribute('data-state')).toBe('uploading');
    expect(await items.nth(1).getAttribute('data-state')).toBe('uploading');
    await screenshot(page, 'upload-drop-zone-uploading');
    for (const route of held) await route.continue();
    await page.unroute('**/api/files/upload');
    await expect.poll(() => items.first().getAttribute('data-state'), { timeout: 30_000 }).toBe('uploaded');
    await expect.poll(() => items.nth(1).getAttribute('data-state'), { timeout: 30_000 }).toBe('error');
    await fileInput(page).setInputFiles({ name: 'folha-2.png', mimeType: 'image/png', buffer: png1x1 });
    await expect.poll(() => items.nth(2).getAttribute('data-state'), { timeout: 15_000 }).toBe('selected');
    // Uploaded files cannot be removed; selected and failed ones can.
    expect(await page.getByRole('button', { name: 'Remover audiometria-2025.pdf' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remover digitalizado.pdf' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Remover folha-2.png' }).count()).toBe(1);
    await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, { timeout: 15_000 });
    await section(page).screenshot({ path: path.join(root, 'docs', 'screenshots', 'upload-drop-zone-states.png') });
    expect(errors.filter((e) => !expectedRefusal.test(e))).toEqual([]);
    await page.close();
  });

  it("(5) a PDF of another person is held with the mismatch in red; confirmed, its thresholds reach the exam", async () => {
    const p = await (await app.server.request('/api/patients', json({ name: 'Ana Paula Souza Lima', age: 41, sex: 'F', cpf: '529.982.247-25', birthDate: '1985-04-12' }, app.account.token))).json();
    const created = await (await app.server.request('/api/exams', json({ patientId: p.id, date: '2025-03-10', operatorName: 'Fernanda Rocha' }, app.account.token))).json();
    const examId = created.id as string;
    // João's file: every point on the grid, so only the identity holds it (high confidence).
    const joao: ThresholdSet = {
      origin: 'e2e:joao',
      right: { air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 } },
      left: { air: { 250: 10, 500: 15, 1000: 15, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: 30 } },
    };
    const pdf = Buffer.from(writeTextPdf([renderLayout('C', joao, prng(5), { name: 'João Pedro Araújo', nameLabel: 'Nome:', cpf: '11144477735', cpfStyle: 'formatted', birthDate: '1979-08-30', birthLabel: 'Data de nasc.:' })]));
    const { page, errors } = await openExam(examId);
    await fileInput(page).setInputFiles({ name: 'audiometria-joao.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const item = section(page).locator('.file-item').filter({ hasText: 'audiometria-joao.pdf' });
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 15_000 }).toBe('uploaded');
    await item.getByText(/leitura retida — arquivo de outra pessoa/).waitFor();

    const held = page.getByTestId('pending-reading');
    const mismatch = held.getByTestId('identity-mismatch');
    await mismatch.getByText('O arquivo é de João Pedro Araújo; o trabalhador é Ana Paula Souza Lima.').waitFor({ timeout: 15_000 });
    await mismatch.getByText('CPF no arquivo: 111.444.777-35; no cadastro do trabalhador: 529.982.247-25.').waitFor();
    await mismatch.getByText('Data de nascimento no arquivo: 30/08/1979; no cadastro do trabalhador: 12/04/1985.').waitFor();
    const red = await mismatch.locator('.pending-reading__sentence').first().evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = red.match(/\d+/g)!.map(Number);
    expect(r, `mismatch colour ${red}`).toBeGreaterThan(150);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);

    // Nothing reached Ana Paula's exam: no thresholds, classification as before.
    const untouched = await (await app.server.request(`/api/exams/${examId}`, bearer(app.account.token))).json();
    expect(Object.values(untouched.audiogram.air).every((v) => (v as { re: unknown }).re === null)).toBe(true);
    expect(untouched.classification).toEqual(created.classification);
    for (const hz of AIR) expect(await cell(page, `air.${hz}.RE`).inputValue()).toBe('');
    await held.scrollIntoViewIfNeeded();
    await screenshot(page, 'upload-identity-mismatch');
    await expectAccessible(page, '/exams/{id} with a reading of another person held');

    // It survives a reload: the held reading is stored, not kept in the page.
    await page.reload();
    await page.getByTestId('identity-mismatch').getByText('O arquivo é de João Pedro Araújo; o trabalhador é Ana Paula Souza Lima.').waitFor({ timeout: 15_000 });

    // 'Ver Exame' names the mismatch too.
    await page.getByRole('button', { name: 'Ver Exame' }).click();
    await page.getByRole('dialog').getByTestId('file-identity-mismatch').getByText('O arquivo é de João Pedro Araújo; o trabalhador é Ana Paula Souza Lima.').waitFor();
    await page.keyboard.press('Escape');

    // Phone width: the held reading never makes the page wider than the screen.
    const phone = await openAs(app.browser, app.server.url, app.account.token, `/exams/${examId}`, 390);
    await phone.page.getByRole('heading', { name: 'Audiograma do exame' }).waitFor();
    await phone.page.getByTestId('identity-mismatch').waitFor({ timeout: 15_000 });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.close();
    // Applying needs the confirmation; with the keyboard: Space on the checkbox, Enter on the button.
    const apply = page.getByRole('button', { name: 'Aplicar leitura ao exame' });
    await apply.click();
    await page.getByText('Confirme que o arquivo pertence a este trabalhador antes de aplicar a leitura.').waitFor();
    const confirm = page.getByRole('checkbox', { name: 'Confirmo que este arquivo é de Ana Paula Souza Lima' });
    await confirm.focus();
    await page.keyboard.press('Space');
    expect(await confirm.isChecked()).toBe(true);
    await apply.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Leitura aplicada ao exame e classificação recalculada.').waitFor();
    await expectGridShows(page, 'RE', 'air', joao.right.air, AIR);
    await expectGridShows(page, 'LE', 'air', joao.left.air, AIR);
    await page.getByTestId('review-classification').waitFor();
    const applied = await (await app.server.request(`/api/exams/${examId}`, bearer(app.account.token))).json();
    expect(applied.audiogram.air['4000']).toEqual({ re: 50, le: 45 });
    expect(applied.classification).not.toEqual(created.classification);
    await expect.poll(() => page.locator('.ai-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('extracted');
    await screenshot(page, 'upload-identity-confirmed');

    expect(errors).toEqual([]);
    await page.close();
  });

  it('(4) axe-core on the exam page with the review grid: no serious or critical violation', async () => {
    expect(pdfExamId).not.toBe('');
    const { page, errors } = await openExam(pdfExamId);
    await page.locator('form.review-grid').waitFor({ timeout: 15_000 });
    await page.locator('form.review-grid .audiogram .main-svg').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'upload-status-extracted');
    await expectAccessible(page, '/exams/{id} with the review grid');
    expect(errors).toEqual([]);
    await page.close();
  });
});

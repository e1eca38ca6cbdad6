import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import { noResponse } from '../../core/src/rules/index';
import { diffAgainstTruth } from '../fixtures/audiogram-generator/ground-truth';
import { generatePdfFixtures } from '../fixtures/audiogram-generator/pdf-fixtures';
import { writeEncryptedPdf, writeImagePdf, writeTextPdf, type PdfText } from '../fixtures/audiogram-generator/pdf-writer';

const reader = new PdfTextAudiogramReader();
const readPdf = (bytes: Uint8Array) => reader.read({ bytes, mediaType: 'application/pdf', fileName: 'exame.pdf' });
const dir = mkdtempSync(path.join(os.tmpdir(), 'limiar-pdf-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A layout-A page (frequency columns) with the given header labels and rows of cell texts. */
function frequencyColumnsPdf(freqs: string[], rows: [string, ...string[]][], extra: PdfText[] = []): Uint8Array {
  const texts: PdfText[] = [{ x: 40, y: 800, size: 14, text: 'Audiometria Tonal', font: 'bold' }, ...extra];
  freqs.forEach((f, i) => texts.push({ x: 140 + i * 54, y: 700, size: 9, text: f, font: 'bold' }));
  rows.forEach(([label, ...cells], r) => {
    texts.push({ x: 40, y: 680 - r * 20, size: 9, text: label });
    cells.forEach((c, i) => c && texts.push({ x: 140 + i * 54, y: 680 - r * 20, size: 8, text: c, font: c === '↓' ? 'symbol' : 'regular' }));
  });
  return writeTextPdf([{ texts }]);
}
const HZ = ['250', '500', '1000', '2000', '3000', '4000', '6000', '8000'];
const flat = (v: string): string[] => HZ.map(() => v);

describe('PdfTextAudiogramReader on generated exports (every layout)', () => {
  const fixtures = generatePdfFixtures(dir, 24, 11);
  it.each(fixtures.map((f) => [f.truth.file, f] as const))('%s reads exactly the ground truth', async (_, fixture) => {
    const outcome = await readPdf(readFileSync(fixture.path));
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(diffAgainstTruth(fixture.truth, outcome.reading)).toEqual([]);
    expect(outcome.reading.source).toBe('pdf-text');
  });
});

describe('PdfTextAudiogramReader on hand-written tables', () => {
  it('reads the pt-BR labels with accents (WinAnsi) and every no-response spelling', async () => {
    const outcome = await readPdf(frequencyColumnsPdf(HZ, [
      ['OD Via Aérea', '10', 'NR', 'SR', 'AUS', 'Ausente', 'No response', '↓', 'NR 110'],
      // pdfjs joins items less than about 1 em apart, so the long spelling goes in the last column.
      ['OE Via Aérea', '110 NR', 'NR (100)', 'S/R', 'N.R.', '20', '25', '30', 'Sem resposta'],
      ['OD Via Óssea', '', '5', '10', '15', '20', '25', '', ''],
      ['OE Via Óssea', '', 'Ausente 70', '10', '15', '20', '25', '', ''],
    ]));
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    const nr120 = noResponse(120);
    expect(outcome.reading.right.air).toEqual({ 250: 10, 500: nr120, 1000: nr120, 2000: nr120, 3000: nr120, 4000: nr120, 6000: nr120, 8000: noResponse(110) });
    expect(outcome.reading.left.air).toEqual({ 250: noResponse(110), 500: noResponse(100), 1000: nr120, 2000: nr120, 3000: 20, 4000: 25, 6000: 30, 8000: nr120 });
    expect(outcome.reading.right.bone).toEqual({ 500: 5, 1000: 10, 2000: 15, 3000: 20, 4000: 25 });
    expect(outcome.reading.left.bone).toEqual({ 500: noResponse(70), 1000: 10, 2000: 15, 3000: 20, 4000: 25 });
    expect(outcome.reading.pointConfidence.right.air[500]).toBe('medium');
    expect(outcome.reading.pointConfidence.right.air[8000]).toBe('high');
    expect(outcome.reading.observations).toContain('9 ausência(s) de resposta sem nível informado registrada(s) em 120 dB NA.');
  });

  it.each([
    ['Hz', HZ],
    ['Hz with unit', HZ.map((f) => `${f} Hz`)],
    ['pt-BR thousands', ['250', '500', '1.000', '2.000', '3.000', '4.000', '6.000', '8.000']],
    ['kHz with comma', ['0,25', '0,5', '1', '2', '3', '4', '6', '8']],
    ['kHz with unit', ['0.25 kHz', '0.5 kHz', '1 kHz', '2 kHz', '3 kHz', '4 kHz', '6 kHz', '8 kHz']],
    ['k suffix', ['250', '500', '1k', '2k', '3k', '4k', '6k', '8k']],
  ])('reads frequency headers in %s', async (_, freqs) => {
    const outcome = await readPdf(frequencyColumnsPdf(freqs, [['Right AC', ...flat('15')], ['Left AC', '0', '5', '10', '15', '20', '25', '30', '35']]));
    expect(outcome.status === 'read' && outcome.reading.left.air).toEqual({ 250: 0, 500: 5, 1000: 10, 2000: 15, 3000: 20, 4000: 25, 6000: 30, 8000: 35 });
    expect(outcome.status === 'read' && outcome.reading.confidence).toBe('high');
  });

  it('snaps off-grid values to the 5 dB grid and lowers their confidence', async () => {
    const outcome = await readPdf(frequencyColumnsPdf(HZ, [['OD Via Aérea', ...flat('20')], ['OE Via Aérea', '23', '24', ...flat('20').slice(2)]]));
    expect(outcome.status).toBe('read');
    if (outcome.status !== 'read') return;
    expect(outcome.reading.left.air[250]).toBe(25);
    expect(outcome.reading.left.air[500]).toBe(25);
    expect(outcome.reading.pointConfidence.left.air[250]).toBe('low');
    expect(outcome.reading.pointConfidence.left.air[500]).toBe('medium');
    expect(outcome.reading.confidence).toBe('low');
    expect(outcome.reading.observations).toContain('orelha esquerda, via aérea, 250 Hz: 23 dB ajustado para 25 dB (grade de 5 dB).');
  });

  it('notes an unreadable cell and reads the rest', async () => {
    const outcome = await readPdf(frequencyColumnsPdf(HZ, [['OD Via Aérea', 'xx', ...flat('20').slice(1)], ['OE Via Aérea', ...flat('20')]]));
    expect(outcome.status === 'read' && outcome.reading.right.air).not.toHaveProperty('250');
    expect(outcome.status === 'read' && outcome.reading.observations).toContain('Célula "xx" não reconhecida (OD, VA, 250 Hz).');
  });

  it('leaves a table with a value far out of range to the next reader', async () => {
    const outcome = await readPdf(frequencyColumnsPdf(HZ, [['OD Via Aérea', '150', ...flat('20').slice(1)], ['OE Via Aérea', ...flat('20')]]));
    expect(outcome.status).toBe('not_applicable');
    expect(outcome.status !== 'read' && outcome.reason).toContain('150 dB fora da faixa');
  });

  it('leaves a table with one ear only to the next reader', async () => {
    const outcome = await readPdf(frequencyColumnsPdf(HZ, [['OD Via Aérea', ...flat('20')]]));
    expect(outcome).toEqual({ status: 'not_applicable', reason: expect.stringContaining('Nenhum limiar de via aérea na orelha esquerda') });
  });
});

describe('PdfTextAudiogramReader on files it cannot read', () => {
  it('an image is not applicable', async () => {
    expect(await reader.read({ bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), mediaType: 'image/png', fileName: 'a.png' }))
      .toEqual({ status: 'not_applicable', reason: 'O arquivo não é PDF; a leitura da camada de texto não se aplica.' });
  });

  it('a scanned PDF (image only, no text layer) is not applicable', async () => {
    const rgb = new Uint8Array(40 * 30 * 3).fill(200);
    expect(await readPdf(writeImagePdf({ rgb }, 40, 30))).toEqual({
      status: 'not_applicable', reason: 'PDF sem camada de texto (provavelmente digitalizado); a leitura por texto não se aplica.',
    });
  });

  it('a PDF with text but no threshold table is not applicable', async () => {
    const pdf = writeTextPdf([{ texts: [{ x: 40, y: 800, size: 12, text: 'Atestado de saúde ocupacional' }, { x: 40, y: 780, size: 9, text: 'Paciente: João, 45 anos' }] }]);
    expect(await readPdf(pdf)).toEqual({ status: 'not_applicable', reason: 'Nenhuma tabela de limiares reconhecida no texto do PDF.' });
  });

  it('a password-protected PDF fails with a pt-BR reason', async () => {
    expect(await readPdf(writeEncryptedPdf())).toEqual({ status: 'failed', reason: 'PDF protegido por senha; não é possível ler o conteúdo.' });
  });

  it('garbage after a PDF signature fails as corrupted', async () => {
    const bytes = new TextEncoder().encode(`%PDF-1.7\n${'x'.repeat(500)}`);
    expect(await readPdf(bytes)).toEqual({ status: 'failed', reason: 'Arquivo PDF corrompido ou inválido.' });
  });

  it('random bytes declared as PDF fail without opening them', async () => {
    const bytes = Uint8Array.from({ length: 2048 }, (_, i) => (i * 97 + 13) % 256);
    expect(await readPdf(bytes)).toEqual({ status: 'failed', reason: 'O arquivo enviado como PDF não tem assinatura de PDF.' });
  });

  it('a truncated export ends in a defined outcome, never a throw', async () => {
    const [fixture] = generatePdfFixtures(path.join(dir, 'truncated'), 1, 3);
    const full = readFileSync(fixture.path);
    const outcome = await readPdf(full.subarray(0, Math.floor(full.length / 2)));
    expect(outcome).toEqual({ status: 'failed', reason: 'Arquivo PDF corrompido ou inválido.' });
  });
});

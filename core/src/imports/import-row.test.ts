import { describe, expect, it } from 'vitest';
import { noResponse } from '../audiogram/threshold';
import { isPastOrTodayIsoDate } from '../patients/patient-rules';
import { parseImportRow, type ImportCells } from './import-row';

const today = new Date('2026-11-22T12:00:00Z');
const base: Record<string, string> = { nome: 'Ana Souza', cpf: '', data_nascimento: '01/02/1980', sexo: 'F', data_exame: '15/03/2024' };
const row = (cells: ImportCells) => parseImportRow(7, { ...base, ...cells }, today);

describe('parseImportRow thresholds (the bulk import edge of the entry grid)', () => {
  it('reads numbers, decimal comma, NR/SR/AUS with and without level, ">90", blanks as not measured', () => {
    const r = row({ od_250: '10', od_500: ' 15 ', od_1000: 'NR', od_2000: 'sr 90', od_3000: 'AUS95', od_4000: '>100', od_6000: '', oe_1000: '20,0', oe_8000: '-10', od_vo_500: '5', oe_vo_4000: 'NR 70' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.row.exam.right).toEqual({
      air: { 250: 10, 500: 15, 1000: noResponse(120), 2000: noResponse(90), 3000: noResponse(95), 4000: noResponse(100) },
      bone: { 500: 5 },
    });
    expect(r.row.exam.left).toEqual({ air: { 1000: 20, 8000: -10 }, bone: { 4000: noResponse(70) } });
    expect(Object.keys(r.row.exam.right.air)).toEqual(['250', '500', '1000', '2000', '3000', '4000']);
  });

  it('leaves bone out of an ear without bone values', () => {
    const r = row({ od_1000: '10', oe_1000: '10', od_vo_1000: '15', oe_vo_1000: '' });
    expect(r.ok && r.row.exam.left).toEqual({ air: { 1000: 10 } });
    expect(r.ok && r.row.exam.right.bone).toEqual({ 1000: 15 });
  });

  it('reports every bad cell with its column, by frequency, right ear first, in the entry grid wording', () => {
    const r = row({ od_500: '12', oe_250: 'x', od_250: '130', oe_500: 'NR 125', od_vo_500: '3' });
    expect(r).toEqual({
      ok: false,
      line: 7,
      reasons: [
        'Limiar inválido em od_250: 130 dB está fora da faixa de -10 a 120 dB NA.',
        'Limiar inválido em oe_250: "x" não é um número em dB NA, NR, SR ou AUS.',
        'Limiar inválido em od_500: 12 dB não está na grade de 5 em 5 dB.',
        'Nível de ausência de resposta inválido em oe_500: 125 dB está fora da faixa de -10 a 120 dB NA.',
        'Limiar inválido em od_vo_500: 3 dB não está na grade de 5 em 5 dB.',
      ],
    });
  });

  it('needs at least one air threshold', () => {
    expect(row({ od_vo_500: '10' })).toEqual({ ok: false, line: 7, reasons: ['Nenhum limiar de via aérea informado (od_250 … oe_8000)'] });
  });
});

describe('isPastOrTodayIsoDate', () => {
  it.each([
    ['2024-02-29', true], ['2023-02-29', false], ['1900-02-29', false], ['2000-02-29', true], ['2024-04-31', false], ['2024-13-01', false],
    ['2024-00-10', false], ['2026-11-22', true], ['2026-11-23', false], ['0099-01-01', true], ['2024-1-01', false], ['2024-01-01T00:00', false],
  ])('%s → %s', (value, expected) => expect(isPastOrTodayIsoDate(value, today)).toBe(expected));
});

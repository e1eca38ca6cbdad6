import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../../core/src';
import { parseFrequency, readPointsCsv } from './read-points-csv';

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/pontos');
const fromFile = (name: string) => readPointsCsv(fs.createReadStream(path.join(FIXTURES, name)));
const fromText = (csv: string) => readPointsCsv(Readable.from([Buffer.from(csv)]));
async function all(records: AsyncIterable<ImportRecord>) {
  const out: ImportRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}
const cellsOf = (r: ImportRecord) => ('cells' in r ? r.cells : undefined);

describe('parseFrequency', () => {
  it('reads Hz, kHz with a decimal comma or point, and units', () => {
    expect(['500', '500 Hz', '0,5', '0.5', '0,5 kHz', '4k', '4 KHZ', '1.000', '1,5', '8000hz'].map((v) => parseFrequency(v))).toEqual([500, 500, 500, 500, 500, 4000, 4000, 1000, 1500, 8000]);
    expect(parseFrequency('4', true)).toBe(4000);
    expect(['', 'abc', '4 kz', '-500', '0'].map((v) => parseFrequency(v))).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('readPointsCsv', () => {
  it('groups the points of one worker and date into one exam row, wherever they are in the file, in the first row\'s place', async () => {
    const src = fromFile('pontos-exemplo.csv');
    const records = await all(src.records);
    expect(records.map((r) => r.line)).toEqual([2, 9, 27]); // the empty line 26 keeps the numbering of the lines after it
    expect(cellsOf(records[0])).toEqual({
      cpf: '529.982.247-25', nome: 'Ana Maria Souza', data_nascimento: '12/04/1985', sexo: 'F', data_exame: '10/03/2023',
      od_500: '10', od_1000: '15', od_2000: '20', od_3000: '25', od_4000: '35', od_6000: '30', od_8000: 'NR120',
      oe_500: '15', oe_1000: '10', oe_2000: '15', oe_3000: '30', oe_4000: '40', oe_6000: '35', oe_8000: 'NR100',
      od_vo_500: '10', od_vo_1000: '15', od_vo_2000: '20', od_vo_4000: '30',
    });
    expect(cellsOf(records[1])).toMatchObject({ data_exame: '12/03/2024', od_4000: '50', oe_4000: '55', od_1000: '15', oe_1000: '15' });
    expect(src.rowsOf(9).map((r) => r.line)).toEqual([9, 23, 24, 25]);
    expect(cellsOf(records[2])).toMatchObject({ nome: 'Bruno Tavares', data_exame: '2022-08-01', od_500: '20', oe_4000: '50' });
    expect(await src.warnings).toEqual(['pontos em frequências fora da grade do Limiar ignorados: 1500 Hz (1)']);
  });

  it('reads Excel pt-BR in Windows-1252 with the frequency in kHz by its header, and English headers with commas', async () => {
    const cp = fromFile('pontos-windows-1252.csv');
    expect(cellsOf((await all(cp.records))[0])).toEqual({
      nome: 'João da Conceição', data_nascimento: '30/07/1990', sexo: 'Masculino', data_exame: '20/05/2024',
      od_500: '5', od_1000: '10', od_4000: '20', oe_500: '10', oe_1000: '10', oe_4000: '25', oe_vo_4000: '20',
    });
    expect((await cp.info).encoding).toBe('windows-1252');
    const en = fromFile('pontos-english.csv');
    expect(cellsOf((await all(en.records))[0])).toMatchObject({ cpf: '390.533.447-05', nome: 'Marcia Goncalves', od_250: '20', od_500: '25', oe_vo_4000: '55', od_vo_4000: 'NR120' });
    expect((await en.info).delimiter).toBe(',');
  });

  it('rejects the whole exam of a bad point, the bad line with its own pt-BR reason and the others pointing to it', async () => {
    const src = fromFile('pontos-problemas.csv');
    const records = await all(src.records);
    expect(records.map((r) => ('problem' in r ? 'rejeitado' : 'ok'))).toEqual(['ok', 'rejeitado', 'rejeitado', 'rejeitado', 'rejeitado']);
    expect(src.rowsOf(4).map((r) => [r.line, r.reason])).toEqual([
      [4, 'Exame não importado: problema na(s) linha(s) 5 do mesmo exame'],
      [5, 'Frequência inválida: "12345" (em Hz ou kHz: 250 a 8000 Hz)'],
    ]);
    expect(src.rowsOf(6)[1]).toMatchObject({ line: 7, reason: 'Limiar inválido em oe_4000: 130 dB está fora da faixa de -10 a 120 dB NA.' });
    expect(src.rowsOf(8)[2]).toMatchObject({ line: 10, reason: 'Dois valores para o mesmo ponto (OD via aérea 4000 Hz): 30 na linha 8 e 45 nesta linha' });
    expect(src.rowsOf(11)[0]).toMatchObject({ line: 11, reason: 'Orelha inválida: "X" (use OD/OE, direita/esquerda ou R/L)' });
  });

  it('reports a bad route, differing worker data and a short row on their lines; a bone point at 250 Hz is left out with a warning', async () => {
    const src = fromText([
      'cpf;nome;sexo;data;orelha;via;frequencia;limiar',
      '52998224725;Ana;F;10/03/2023;OD;nasal;500;10',
      '52998224725;Ana;F;10/03/2023;OD;óssea;250;10',
      '52998224725;Ana Lima;F;10/03/2023;OE;aérea;500;10',
      '52998224725;Ana;F;10/03/2023;OE;aérea',
      '52998224725;Ana;F;2023-03-10;OE;aérea;1000;NR 90',
    ].join('\n'));
    const [r] = await all(src.records);
    expect(r).toEqual({ line: 2, problem: expect.stringContaining('linha 2: Via inválida') });
    expect(src.rowsOf(2).map((x) => x.reason)).toEqual([
      'Via inválida: "nasal" (use aérea/óssea, VA/VO ou air/bone)',
      'Exame não importado: problema na(s) linha(s) 2, 4, 5 do mesmo exame', // bone at 250 Hz: left out, with a warning
      'nome diferente da linha 2 do mesmo exame ("Ana" ≠ "Ana Lima")',
      'Número de colunas (6) diferente do cabeçalho (8) | Frequência inválida: "" (em Hz ou kHz: 250 a 8000 Hz)',
      'Exame não importado: problema na(s) linha(s) 2, 4, 5 do mesmo exame', // 2023-03-10 is the same date as 10/03/2023
    ]);
    expect(await src.warnings).toEqual(['pontos em frequências fora da grade do Limiar ignorados: 250 Hz (1)']);
  });

  it('refuses a file with a badly quoted row, naming its line (a quoted line break counted): nothing is imported', async () => {
    // the cut row's exam cannot be known (here its name and date are cut), and importing it without that point would store a partial exam
    const bad = [
      '',
      'cpf;nome;sexo;data;orelha;via;frequencia;limiar',
      '11144477735;"Bruno\nTavares";M;01/08/2022;OD;aérea;500;20',
      '52998224725;"Ana" Lima;F;10/03/2023;OD;aérea;500;10',
      '52998224725;Ana Lima;F;10/03/2023;OD;aérea;1000;15',
    ].join('\n');
    await expect(all(fromText(bad).records)).rejects.toThrow('Linha 5: CSV mal formado: texto depois das aspas que fecham a coluna 2 (use aspas em volta da célula inteira, e "" para aspas dentro dela). Nada foi importado');
    // the same file well quoted: one exam each, lines as in the file
    const src = fromText(bad.replace('"Ana" Lima', '"Ana"" Lima"'));
    const records = await all(src.records);
    expect(records.map((r) => r.line)).toEqual([3, 5]);
    expect(cellsOf(records[0])).toMatchObject({ nome: 'Bruno\nTavares', od_500: '20' });
  });

  it('refuses a header without the point columns (exit 2 in the command)', async () => {
    await expect(all(fromText('nome;data;orelha;limiar\nAna;10/03/2023;OD;10\n').records)).rejects.toThrow('Cabeçalho sem a(s) coluna(s) obrigatória(s): frequencia');
    await expect(all(fromText('\n\n').records)).rejects.toThrow('Arquivo vazio');
  });
});

import { describe, expect, it } from 'vitest';
import { buildRows, type TextCell } from '../../adapters/src/ai/pdf-text/text-rows';
import { joinWrappedRows } from '../../adapters/src/ai/pdf-text/wrapped-rows';

/** A text item as pdfjs gives it: x, baseline y, width from the character count (Helvetica ≈ 0.5 em). */
const item = (text: string, x: number, y: number, size = 9): TextCell => ({ text, x, y, width: text.length * size * 0.5, height: size });
const texts = (items: TextCell[]) => joinWrappedRows(buildRows(items)).map((r) => r.cells.map((c) => c.text));

describe('joinWrappedRows: header and label cells printed on two lines', () => {
  it('joins each second line to the cell it completes', () => {
    expect(texts([
      item('Frequência', 40, 700), item('OD — Via', 130, 700), item('OE — Via', 220, 700), item('Right', 310, 700),
      item('(kHz)', 40, 689), item('Aérea', 130, 689), item('Aérea', 220, 689), item('AC (masked)', 310, 689),
    ])).toEqual([['Frequência (kHz)', 'OD — Via Aérea', 'OE — Via Aérea', 'Right AC (masked)']]);
  });

  it('joins "0,25" over "kHz" but never two rows of values or two complete labels', () => {
    expect(texts([item('0,25', 140, 700), item('0,5', 190, 700), item('kHz', 140, 690), item('kHz', 190, 690)])).toEqual([['0,25 kHz', '0,5 kHz']]);
    expect(texts([item('OD Via Aérea', 40, 700), item('25', 140, 700), item('OE Via Aérea', 40, 688), item('NR', 140, 688)]))
      .toEqual([['OD Via Aérea', '25'], ['OE Via Aérea', 'NR']]);
  });

  it('gives a two-line label to the values centred between its lines', () => {
    expect(texts([item('OD', 40, 705, 8), item('25', 150, 700, 8), item('30', 200, 700, 8), item('Via Aérea', 40, 695.4, 8)]))
      .toEqual([['OD Via Aérea', '25', '30']]);
  });

  it('keeps a section title apart from the header under it, and a chart number apart from the header beside it', () => {
    expect(texts([item('Orelha Direita', 40, 710, 11), item('Frequência (Hz)', 40, 692), item('VA', 160, 692), item('VO', 260, 692)]))
      .toEqual([['Orelha Direita'], ['Frequência (Hz)', 'VA', 'VO']]);
    expect(texts([item('Freq.', 330, 690), item('Right', 390, 690), item('0', 42, 679), item('AC', 390, 679)]))
      .toEqual([['Freq.', 'Right AC'], ['0']]);
  });
});

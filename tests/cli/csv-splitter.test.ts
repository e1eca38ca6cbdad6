import { parseString } from 'fast-csv';
import { describe, expect, it } from 'vitest';
import { CsvSplitter, CsvRecordTooLongError, type CsvRecord } from '../../cli/src/csv/csv-splitter';

/** Every record of `text` fed in chunks of `size` characters (the last chunk may be shorter). */
function split(text: string, size: number, delimiter = ';'): CsvRecord[] {
  const splitter = new CsvSplitter(delimiter);
  const out: CsvRecord[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)));
  out.push(...splitter.end());
  return out;
}

/** What fast-csv read with the options `limiar import exams` gave it; 'error' where it stopped with a parse error. */
const fastCsv = (text: string, delimiter: string) => new Promise<string[][] | 'error'>((resolve) => {
  const rows: string[][] = [];
  parseString(text, { delimiter, ignoreEmpty: true, trim: false })
    .on('data', (r: string[]) => rows.push(r)).on('error', () => resolve('error')).on('end', () => resolve(rows));
});

let seed = 20261130;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

describe('CsvSplitter (limiar import exams)', () => {
  it('reads random texts exactly as fast-csv did, whatever the chunk boundaries; where fast-csv stopped, the record has a problem', async () => {
    // quotes, both separators, every line break, blanks fast-csv skipped around quoted cells, accents
    const alphabet = ['a', 'b', '7', ' ', ';', ';', ',', '"', '"', '\n', '\r\n', '\r', '\t', 'é', '\u00a0'];
    let compared = 0;
    let stopped = 0;
    for (let n = 0; n < 3000; n++) {
      const delimiter = n % 5 === 0 ? ',' : ';';
      let text = '';
      const length = Math.floor(rand() * 48);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(rand() * alphabet.length)];
      const expected = await fastCsv(text, delimiter);
      for (const size of [1, 2 + Math.floor(rand() * 7), 1000]) {
        const records = split(text, size, delimiter);
        if (expected === 'error') expect(records.some((r) => r.problem), JSON.stringify(text)).toBe(true);
        else {
          expect(records.filter((r) => r.problem), JSON.stringify(text)).toEqual([]);
          expect(records.map((r) => r.cells), JSON.stringify(text)).toEqual(expected);
        }
      }
      if (expected === 'error') stopped++;
      else compared++;
    }
    // both kinds were exercised
    expect(compared).toBeGreaterThan(1000);
    expect(stopped).toBeGreaterThan(500);
  });

  it('numbers each record by the line it starts on: blank lines and line breaks inside quotes counted', () => {
    const text = 'h1;h2\r\n\r\na;"two\nlines"\n;;\n  \nb;"x""y"\rc;d';
    for (const size of [1, 3, 100]) {
      expect(split(text, size)).toEqual([
        { line: 1, cells: ['h1', 'h2'] },
        { line: 3, cells: ['a', 'two\nlines'] },
        { line: 7, cells: ['b', 'x"y'] },
        { line: 8, cells: ['c', 'd'] },
      ]);
    }
  });

  it('text after a closing quote is a problem of that record only; reading goes on at the next line', () => {
    const records = split('a;"b"c;d\ne;f\n', 4);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ line: 1, problem: expect.stringContaining('texto depois das aspas que fecham a coluna 2') });
    expect(records[1]).toEqual({ line: 2, cells: ['e', 'f'] });
  });

  it('a quote still open at the end of the input is a problem of its record', () => {
    const records = split('a;b\nc;"d\ne;f\n', 5);
    expect(records[0]).toEqual({ line: 1, cells: ['a', 'b'] });
    expect(records[1]).toMatchObject({ line: 2, cells: ['c', 'd\ne;f\n'], problem: expect.stringContaining('aspas abertas na coluna 2 e nunca fechadas') });
  });

  it('a record over 1 MiB (a quote never closed) stops the import with a pt-BR error instead of holding the rest of the file', () => {
    const splitter = new CsvSplitter(';');
    expect(splitter.push('a;b\nc;"d\n')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    const line = `${'x;'.repeat(1000)}\n`;
    let error: unknown;
    try {
      for (let i = 0; i < 1000; i++) splitter.push(line);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvRecordTooLongError);
    expect((error as Error).message).toMatch(/^Linha 2: registro com mais de 1 MiB de texto/);
  });
});

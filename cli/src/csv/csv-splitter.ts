/**
 * A streaming CSV splitter for `limiar import exams`: text chunks in, records out, with the file's
 * line number of each record. It reads CSV as fast-csv did for this command (`delimiter`,
 * `ignoreEmpty`, no trimming; `tests/cli/csv-splitter.test.ts` compares the two on random texts),
 * but allocates only the cells: fast-csv built every cell character by character and was half of
 * the import's allocations (ADR 0032).
 *
 * The rules:
 * - records end at `\r\n`, `\n` or `\r` outside quotes;
 * - a cell whose first non-blank character is `"` is quoted: blanks before the quote are dropped,
 *   `""` inside stands for `"`, line breaks inside are kept, blanks after the closing quote are
 *   dropped; anything else after it is a problem of that record;
 * - any other cell is kept as written, up to the next separator or line break (quotes inside it
 *   are ordinary characters);
 * - a record whose cells are all blank is skipped.
 *
 * A record fast-csv could not read stopped the whole import with an English message. Here it is a
 * problem of that record (pt-BR), and reading goes on at the next line.
 */

import { CliInputError } from '../exit-codes';

/** A record read from the text: its cells, or the problem that made it unreadable. */
export type CsvRecord =
  | { line: number; cells: string[]; problem?: undefined }
  | { line: number; cells: string[]; problem: string };

const QUOTE = 34; // "
const CR = 13;
const LF = 10;

/** Whitespace that is not a line break (what fast-csv skipped around quoted cells: `\s` but `\r`, `\n`). */
function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** Every cell blank (fast-csv's `ignoreEmpty`). */
function allBlank(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell.length && cell.trim() !== '') return false;
  return true;
}

/** A record longer than this is taken for a quote never closed (the rest of the file would pile up in memory). */
export const MAX_RECORD_CHARS = 1 << 20;

export class CsvSplitter {
  private rest = '';
  /** Line number of the first character of `rest`. */
  private line = 1;
  private readonly sep: number;

  constructor(delimiter: string) {
    if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\r' || delimiter === '\n') throw new Error(`separador inválido: ${delimiter}`);
    this.sep = delimiter.charCodeAt(0);
  }

  /** The records completed by `text`; a record cut at the chunk's end waits for the next one. */
  push(text: string): CsvRecord[] {
    return this.split(this.rest ? this.rest + text : text, false);
  }

  /** The records left when the input ends. */
  end(): CsvRecord[] {
    const text = this.rest;
    this.rest = '';
    return this.split(text, true);
  }

  private split(s: string, last: boolean): CsvRecord[] {
    const out: CsvRecord[] = [];
    const n = s.length;
    let p = 0; // start of the next record
    let line = this.line; // its line number
    while (p < n) {
      const read = this.record(s, p, line, last);
      if (!read) break; // cut by the chunk's end: kept for the next chunk
      if (read.problem !== undefined) out.push({ line, cells: read.cells, problem: read.problem });
      else if (!allBlank(read.cells)) out.push({ line, cells: read.cells });
      p = read.end;
      line += read.lines;
    }
    if (p < n && n - p > MAX_RECORD_CHARS) throw new CsvRecordTooLongError(line);
    this.rest = p < n ? s.slice(p) : '';
    this.line = line;
    return out;
  }

  /**
   * The record starting at `p`: its cells (or problem), where the next one starts and how many line
   * breaks it spans; undefined when the text ends before the record does and more may come.
   */
  private record(s: string, p: number, line: number, last: boolean): { cells: string[]; problem?: string; end: number; lines: number } | undefined {
    const n = s.length;
    const sep = this.sep;
    const cells: string[] = [];
    let lines = 0;
    let problem: string | undefined;
    let i = p;
    for (;;) {
      let q = i;
      while (q < n && isBlank(s.charCodeAt(q))) q++;
      if (q < n && s.charCodeAt(q) === QUOTE) {
        // quoted cell: up to the closing quote ("" is a quote inside)
        let from = q + 1;
        let j = from;
        let value = '';
        let closed = false;
        while (!closed) {
          const k = s.indexOf('"', j);
          if (k < 0) break;
          if (k + 1 >= n && !last) return undefined; // a "" may be cut in two
          if (s.charCodeAt(k + 1) === QUOTE) {
            value += s.slice(from, k + 1);
            j = from = k + 2;
          } else {
            value += s.slice(from, k);
            j = k + 1;
            closed = true;
          }
        }
        if (!closed) {
          if (!last) return undefined;
          lines += countBreaks(s, q, n);
          cells.push(value + s.slice(from));
          problem = `aspas abertas na coluna ${cells.length} e nunca fechadas (o arquivo termina dentro delas)`;
          i = n;
          break;
        }
        lines += countBreaks(s, q, j);
        // after the closing quote: blanks, then a separator, a line break or the end
        let t = j;
        while (t < n && isBlank(s.charCodeAt(t))) t++;
        if (t >= n && !last) return undefined;
        cells.push(value);
        const c = t < n ? s.charCodeAt(t) : -1;
        if (c === sep) {
          i = t + 1;
          if (i >= n) {
            if (!last) return undefined;
            cells.push('');
            break;
          }
          continue;
        }
        if (c !== CR && c !== LF && c !== -1) {
          problem = `texto depois das aspas que fecham a coluna ${cells.length} (use aspas em volta da célula inteira, e "" para aspas dentro dela)`;
          // the record ends with its line
          while (t < n && s.charCodeAt(t) !== CR && s.charCodeAt(t) !== LF) t++;
          if (t >= n && !last) return undefined;
        }
        i = t;
        break;
      }
      // plain cell: up to the separator or the line break; a line that starts with blanks and a separator has an empty first cell
      if (!cells.length && q > i && q < n && s.charCodeAt(q) === sep) i = q;
      let e = i;
      let c = -1;
      while (e < n) {
        c = s.charCodeAt(e);
        if (c === sep || c === CR || c === LF) break;
        e++;
      }
      if (e >= n) {
        if (!last) return undefined;
        c = -1;
      }
      cells.push(s.slice(i, e));
      i = e;
      if (c !== sep) break;
      i = e + 1;
      // a separator that ends the input leaves an empty last cell
      if (i >= n) {
        if (!last) return undefined;
        cells.push('');
        break;
      }
    }
    // i is at the line break that ends the record, or at the end of the text
    if (i < n) {
      if (s.charCodeAt(i) === CR) {
        if (i + 1 >= n && !last) return undefined; // \r\n may be cut in two
        i += s.charCodeAt(i + 1) === LF ? 2 : 1;
      } else i += 1;
      lines++;
    }
    return { cells, problem, end: i, lines };
  }
}

/** Line breaks (`\r\n`, `\n` or `\r`) in s[from, to). */
function countBreaks(s: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === LF) count++;
    else if (c === CR) {
      count++;
      if (i + 1 < to && s.charCodeAt(i + 1) === LF) i++;
    }
  }
  return count;
}

/** A record longer than `MAX_RECORD_CHARS` (a quote never closed, or no line breaks): the import stops there; what was committed stays. */
export class CsvRecordTooLongError extends CliInputError {
  constructor(readonly line: number) {
    super(`Linha ${line}: registro com mais de 1 MiB de texto — aspas abertas e não fechadas, ou um arquivo sem quebras de linha; as linhas anteriores já foram processadas`);
  }
}

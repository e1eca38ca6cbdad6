import { Transform, type Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS, type ImportRecord } from '../../../core/src';
import { CliInputError } from '../exit-codes';
import { CsvSplitter } from './csv-splitter';

/** Header cell → canonical column: no accents, lower case, spaces and hyphens as `_`. */
export function normalizeHeader(h: string): string {
  return h.replace(/^\uFEFF/, '').normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/[\s\-.]+/g, '_');
}

const SAMPLE_BYTES = 1 << 20;

/**
 * Decodes the input: UTF-8 (BOM removed) unless the first MiB is not valid UTF-8, then
 * Windows-1252 (what Excel pt-BR writes for "CSV (separado por vírgulas)").
 */
function decode(input: Readable, onBytes?: (n: number) => void): { text: Readable; encoding: Promise<'utf-8' | 'windows-1252'> } {
  let resolve!: (e: 'utf-8' | 'windows-1252') => void;
  const encoding = new Promise<'utf-8' | 'windows-1252'>((r) => (resolve = r));
  let sample: Buffer[] = [];
  let sampled = 0;
  let decoder: { write(b: Buffer): string; end(): string } | undefined;
  let first = true;
  const choose = () => {
    const head = Buffer.concat(sample);
    let utf8 = true;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    } catch {
      utf8 = false;
    }
    const iconvDecoder = iconv.getDecoder(utf8 ? 'utf-8' : 'windows-1252');
    decoder = { write: (b) => iconvDecoder.write(b), end: () => iconvDecoder.end() ?? '' };
    resolve(utf8 ? 'utf-8' : 'windows-1252');
    const out = decoder.write(head);
    sample = [];
    return out;
  };
  const strip = (s: string) => {
    if (first && s.length) {
      first = false;
      return s.replace(/^\uFEFF/, '');
    }
    return s;
  };
  const text = input.pipe(new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      onBytes?.(chunk.length);
      if (decoder) return done(null, strip(decoder.write(chunk)));
      sample.push(chunk);
      sampled += chunk.length;
      if (sampled >= SAMPLE_BYTES) return done(null, strip(choose()));
      done();
    },
    flush(done) {
      let out = decoder ? '' : choose();
      out += decoder!.end();
      done(null, strip(out));
    },
  }));
  input.on('error', (e) => text.destroy(e));
  return { text, encoding };
}

/** The separator of a CSV text: `detectDelimiter` of its first line with text (the header). */
export const delimiterOf = (text: string) => detectDelimiter(/[^\r\n]*\S[^\r\n]*/.exec(text)?.[0] ?? '');

/** `;` or `,`: whichever appears more in the header line, outside quotes. */
export function detectDelimiter(headerLine: string): ';' | ',' {
  let semi = 0;
  let comma = 0;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ';') semi++;
    else if (!quoted && ch === ',') comma++;
  }
  return semi >= comma && semi > 0 ? ';' : ',';
}

export interface ExamsCsv {
  records: AsyncIterable<ImportRecord>;
  /** Known after the header is read. */
  info: Promise<{ delimiter: string; encoding: string; unknownColumns: string[]; ignoredColumns: string[] }>;
  /** Raw cells of a record by line (kept only for rejected rows' report). */
  header: Promise<string[]>;
}

/**
 * Streams `limiar import exams` input as records, never the whole file in memory: decoding,
 * separator from the header (its first line with text), rows split by `CsvSplitter` (ADR 0032),
 * header matched to the canonical columns, a badly quoted record or one with another column count
 * than the header reported as a problem. `line` is the line of the file the record starts on
 * (header = 1 when the file does not start with blank lines).
 */
export function readExamsCsv(input: Readable, options: { derivedColumns?: readonly string[]; onRaw?: (line: number, cells: string[]) => void; onBytes?: (n: number) => void } = {}): ExamsCsv {
  const { text, encoding } = decode(input, options.onBytes);
  let resolveInfo!: (v: Awaited<ExamsCsv['info']>) => void;
  let rejectInfo!: (e: Error) => void;
  const info = new Promise<Awaited<ExamsCsv['info']>>((res, rej) => ((resolveInfo = res), (rejectInfo = rej)));
  let resolveHeader!: (h: string[]) => void;
  const header = new Promise<string[]>((r) => (resolveHeader = r));
  info.catch(() => {});

  async function* records(): AsyncGenerator<ImportRecord> {
    // peek the first line with text to pick the separator, then split the chunks as they come
    const iterator = text[Symbol.asyncIterator]();
    let buffered = '';
    while (!/\S[^\r\n]*[\r\n]/.test(buffered)) {
      const next = await iterator.next();
      if (next.done) break;
      buffered += String(next.value);
    }
    if (!buffered.trim()) {
      const e = new CliInputError('Arquivo vazio: nenhuma linha de cabeçalho encontrada');
      rejectInfo(e);
      throw e;
    }
    const delimiter = delimiterOf(buffered);
    const splitter = new CsvSplitter(delimiter);
    // the records of each chunk as it comes (the peeked text first), then those left at the end
    const batches = async function* () {
      yield splitter.push(buffered);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield splitter.push(String(next.value));
      yield splitter.end();
    };
    let columns: Array<string | undefined> | undefined;
    let template: Record<string, undefined> = {};
    for await (const batch of batches()) {
      for (const record of batch) {
        const row = record.cells;
        if (!columns) {
          if (record.problem) {
            const e = new CliInputError(`Cabeçalho ilegível (linha ${record.line}): ${record.problem}`);
            rejectInfo(e);
            throw e;
          }
          const names = row.map(normalizeHeader);
          const known = new Set(IMPORT_COLUMNS);
          const derived = new Set(options.derivedColumns ?? []);
          const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
          if (missing.length) {
            const e = new CliInputError(`Cabeçalho sem a(s) coluna(s) obrigatória(s): ${missing.join(', ')} (veja docs/csv-format.md)`);
            rejectInfo(e);
            throw e;
          }
          columns = names.map((n) => (known.has(n) ? n : undefined));
          template = Object.fromEntries(columns.filter((c): c is string => !!c).map((c) => [c, undefined]));
          resolveHeader(row);
          resolveInfo({
            delimiter, encoding: await encoding,
            unknownColumns: row.filter((_, i) => !known.has(names[i]) && !derived.has(names[i])),
            ignoredColumns: row.filter((_, i) => derived.has(names[i])),
          });
          continue;
        }
        options.onRaw?.(record.line, row);
        if (record.problem) {
          yield { line: record.line, problem: `CSV mal formado: ${record.problem}` };
          continue;
        }
        if (row.length !== columns.length) {
          yield { line: record.line, problem: `Número de colunas (${row.length}) diferente do cabeçalho (${columns.length})` };
          continue;
        }
        // cloned from a template holding every column of the header: one allocation of the final
        // size and one hidden class for all rows (adding 30 properties one by one grows the object)
        const cells: Record<string, string | undefined> = { ...template };
        for (let i = 0; i < row.length; i++) {
          const name = columns[i];
          if (name) cells[name] = row[i];
        }
        yield { line: record.line, cells };
      }
    }
    if (!columns) {
      const e = new CliInputError('Arquivo vazio: nenhuma linha de cabeçalho encontrada');
      rejectInfo(e);
      throw e;
    }
  }
  return { records: records(), info, header };
}

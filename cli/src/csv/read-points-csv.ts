import type { Readable } from 'node:stream';
import {
  AIR_FREQUENCIES, BONE_FREQUENCIES, IMPORT_AIR_COLUMNS, IMPORT_BONE_COLUMNS, IMPORT_COLUMNS, isNoResponse, parseImportThresholdCell, type ImportRecord,
} from '../../../core/src';
import { CliInputError } from '../exit-codes';
import type { ImportSource, SourceRow } from '../commands/import-runner';
import { decodeSpreadsheetText, plainWord, readAll } from '../imports/whole-input';
import { CsvSplitter } from './csv-splitter';
import { delimiterOf, normalizeHeader } from './read-exams-csv';

/**
 * The generic one-row-per-point CSV (`limiar import pontos`, docs/csv-format.md "Point CSV"): each row
 * is one threshold (worker, date, ear, conduction, frequency, level); the rows of one worker and date
 * become one exam row of the import format, which then goes through `ImportExams` like any CSV row.
 */

/** Header synonyms (after `normalizeHeader`: no accents, lower case, `_`) → the column they stand for. */
const SYNONYMS: Record<string, string> = {
  name: 'nome', paciente: 'nome', trabalhador: 'nome', funcionario: 'nome', patient: 'nome', patient_name: 'nome', worker: 'nome', nome_completo: 'nome', full_name: 'nome',
  nascimento: 'data_nascimento', data_de_nascimento: 'data_nascimento', dt_nascimento: 'data_nascimento', birth_date: 'data_nascimento', date_of_birth: 'data_nascimento', dob: 'data_nascimento', birthdate: 'data_nascimento',
  sex: 'sexo', gender: 'sexo', genero: 'sexo',
  data: 'data_exame', data_do_exame: 'data_exame', dt_exame: 'data_exame', date: 'data_exame', exam_date: 'data_exame', test_date: 'data_exame',
  company: 'empresa', employer: 'empresa', job_title: 'cargo', funcao: 'cargo', reason: 'motivo',
  orelha: 'orelha', ouvido: 'orelha', lado: 'orelha', ear: 'orelha', side: 'orelha',
  via: 'via', conducao: 'via', via_de_conducao: 'via', conduction: 'via', transducer: 'via', route: 'via',
  frequencia: 'frequencia', freq: 'frequencia', frequencia_hz: 'frequencia', frequency: 'frequencia', frequency_hz: 'frequencia', hz: 'frequencia',
  frequencia_khz: 'frequencia_khz', freq_khz: 'frequencia_khz', frequency_khz: 'frequencia_khz', khz: 'frequencia_khz',
  limiar: 'limiar', limiar_db: 'limiar', limiar_dbna: 'limiar', limiar_db_na: 'limiar', threshold: 'limiar', threshold_db: 'limiar', level: 'limiar',
  nivel: 'limiar', db: 'limiar', db_hl: 'limiar', db_na: 'limiar', resultado: 'limiar', result: 'limiar',
  mascaramento: 'mascaramento', mascaramento_db: 'mascaramento', masking: 'mascaramento', masking_level: 'mascaramento',
};
const THRESHOLD_COLUMNS = new Set([...IMPORT_AIR_COLUMNS, ...IMPORT_BONE_COLUMNS]);
/** The import format's columns other than thresholds: per exam, repeated on every point row. */
const EXAM_COLUMNS = IMPORT_COLUMNS.filter((c) => !THRESHOLD_COLUMNS.has(c));
const POINT_COLUMNS = ['orelha', 'via', 'frequencia', 'frequencia_khz', 'limiar', 'mascaramento'];
export const POINTS_REQUIRED_COLUMNS = ['nome', 'data_exame', 'orelha', 'frequencia', 'limiar'] as const;

/** Standard audiometric frequencies outside Limiar's grid (NR-7: air 250–8000, bone 500–4000): read and left out, with a warning. */
const OFF_GRID_FREQUENCIES = new Set([125, 250, 750, 1500, 6000, 8000, 9000, 10000, 11200, 12000, 12500, 14000, 16000]);

const EARS: Record<string, 'od' | 'oe'> = {
  od: 'od', d: 'od', direita: 'od', direito: 'od', dir: 'od', r: 'od', right: 'od', rt: 'od', ad: 'od',
  oe: 'oe', e: 'oe', esquerda: 'oe', esquerdo: 'oe', esq: 'oe', l: 'oe', left: 'oe', lt: 'oe', ae: 'oe',
};
const ROUTES: Record<string, 'air' | 'bone'> = {
  '': 'air', a: 'air', va: 'air', aerea: 'air', 'via aerea': 'air', ar: 'air', air: 'air', ac: 'air', 'air conduction': 'air',
  o: 'bone', vo: 'bone', ossea: 'bone', 'via ossea': 'bone', osso: 'bone', bone: 'bone', bc: 'bone', 'bone conduction': 'bone',
};

/** `dd/mm/aaaa` or ISO → ISO, to group rows of one date however they are written (anything else as typed: the import rejects it). */
function dateKey(v: string | undefined): string {
  const t = (v ?? '').trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (br) return `${br[3]}-${br[2].padStart(2, '0')}-${br[1].padStart(2, '0')}`;
  return t.slice(0, 10);
}

const DATE_COLUMNS = new Set(['data_exame', 'data_nascimento', 'admissao', 'calibracao']);
/** A repeated exam cell compared as what it means: dates by date, CPF/CNPJ by digits, words without case or accents. */
const comparable = (column: string, v: string) =>
  DATE_COLUMNS.has(column) ? dateKey(v) : column === 'cpf' || column === 'cnpj' ? v.replace(/[.\-/\s]/g, '').toUpperCase() : plainWord(v);

/** Frequency cell → Hz: `4000`, `4000 Hz`, `4 kHz`, `4k`, `1,5` (kHz, decimal comma), `0.5`; a bare number below 20 is kHz. */
export function parseFrequency(raw: string, headerInKhz = false): number | undefined {
  const v = plainWord(raw).replace(/\s+/g, '');
  const m = /^(\d+(?:[.,]\d+)?)(khz|k|hz)?$/.exec(v);
  if (!m) return undefined;
  const n = Number(m[1].replace(',', '.'));
  const scale = m[2] === 'hz' ? 1 : m[2] || headerInKhz || n < 20 ? 1000 : 1;
  const hz = Math.round(n * scale);
  return hz > 0 ? hz : undefined;
}

interface Group {
  firstLine: number;
  rows: SourceRow[];
  /** Per exam column: first non-empty value and its line. */
  exam: Map<string, { value: string; line: number }>;
  /** `od_4000` → canonical cell text and its line. */
  points: Map<string, { text: string; line: number }>;
  problems: Map<number, string[]>;
}

const ROUTE_LABEL = { air: 'via aérea', bone: 'via óssea' } as const;

export function readPointsCsv(input: Readable, options: { onBytes?: (n: number) => void } = {}): ImportSource & { info: Promise<{ encoding: string; delimiter: string; pointsRead: number }> } {
  let resolveHeader!: (h: string[]) => void;
  let rejectHeader!: (e: Error) => void;
  const header = new Promise<string[]>((res, rej) => ((resolveHeader = res), (rejectHeader = rej)));
  header.catch(() => {});
  let resolveWarnings!: (w: string[]) => void;
  const warnings = new Promise<string[]>((r) => (resolveWarnings = r));
  let resolveInfo!: (i: { encoding: string; delimiter: string; pointsRead: number }) => void;
  const info = new Promise<{ encoding: string; delimiter: string; pointsRead: number }>((r) => (resolveInfo = r));
  const rowsByRecord = new Map<number, SourceRow[]>();

  async function* records(): AsyncGenerator<ImportRecord> {
    const fail = (message: string): never => {
      const e = new CliInputError(message);
      rejectHeader(e);
      resolveWarnings([]);
      throw e;
    };
    const { text, encoding } = decodeSpreadsheetText(await readAll(input, options.onBytes));
    if (!text.trim()) fail('Arquivo vazio: nenhuma linha de cabeçalho encontrada');
    const delimiter = delimiterOf(text);
    // the splitter of `limiar import exams` (ADR 0032): blank rows skipped, each row with the line it starts on
    const splitter = new CsvSplitter(delimiter);
    const rows = [...splitter.push(text), ...splitter.end()];
    if (!rows.length) fail('Arquivo vazio: nenhuma linha de cabeçalho encontrada');
    if (rows[0].problem) fail(`Cabeçalho ilegível (linha ${rows[0].line}): ${rows[0].problem}`);
    // a row cut by its quotes cannot be placed in its exam (its worker or date may be what was cut), and
    // rejecting it alone would import that exam without its point: the file is refused as a whole
    const unreadable = rows.find((r) => r.problem);
    if (unreadable) fail(`Linha ${unreadable.line}: CSV mal formado: ${unreadable.problem}. Nada foi importado: corrija a linha e importe o arquivo de novo.`);

    const headerRow = rows[0].cells;
    const known = new Set(EXAM_COLUMNS);
    // a corrected error file of this command: its leading `linha;motivo` are the report's, not the exam's `motivo`
    const reportColumns = headerRow.length > 2 && normalizeHeader(headerRow[0]) === 'linha' && normalizeHeader(headerRow[1]) === 'motivo' ? 2 : 0;
    const columns = headerRow.map((h, i) => {
      if (i < reportColumns) return undefined;
      const n = normalizeHeader(h).replace(/[()[\]/:]/g, '').replace(/_+/g, '_').replace(/^_|_$/g, '');
      const c = SYNONYMS[n] ?? n;
      return known.has(c) || POINT_COLUMNS.includes(c) ? c : undefined;
    });
    const has = (c: string) => columns.includes(c) || (c === 'frequencia' && columns.includes('frequencia_khz'));
    const missing = POINTS_REQUIRED_COLUMNS.filter((c) => !has(c));
    if (missing.length) fail(`Cabeçalho sem a(s) coluna(s) obrigatória(s): ${missing.join(', ')} (veja docs/csv-format.md, "CSV de pontos")`);
    resolveHeader(headerRow);
    const warningList: string[] = [];
    const unknown = headerRow.filter((_, i) => i >= reportColumns && !columns[i]);
    if (unknown.length) warningList.push(`colunas desconhecidas ignoradas: ${unknown.join(', ')}`);

    const groups = new Map<string, Group>();
    const offGrid = new Map<number, number>();
    let pointsRead = 0;
    for (let i = 1; i < rows.length; i++) {
      const { line, cells: raw } = rows[i];
      const cells: Record<string, string> = {};
      columns.forEach((c, k) => {
        if (c && raw[k] !== undefined) cells[c] = raw[k];
      });
      const cpfDigits = (cells.cpf ?? '').replace(/\D/g, '');
      const who = cpfDigits ? `cpf:${cpfDigits}` : `nome:${plainWord(cells.nome)}|${dateKey(cells.data_nascimento)}`;
      const key = `${who}|${dateKey(cells.data_exame)}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { firstLine: line, rows: [], exam: new Map(), points: new Map(), problems: new Map() }));
      g.rows.push({ line, cells: raw });
      const problems: string[] = [];
      if (raw.length !== headerRow.length) problems.push(`Número de colunas (${raw.length}) diferente do cabeçalho (${headerRow.length})`);

      for (const c of EXAM_COLUMNS) {
        const v = cells[c]?.trim();
        if (!v) continue;
        const seen = g.exam.get(c);
        if (!seen) g.exam.set(c, { value: v, line });
        else if (comparable(c, seen.value) !== comparable(c, v)) {
          problems.push(`${c} diferente da linha ${seen.line} do mesmo exame ("${seen.value}" ≠ "${v}")`);
        }
      }

      const limiar = cells.limiar?.trim() ?? '';
      const ear = EARS[plainWord(cells.orelha)];
      if (!ear) problems.push(`Orelha inválida: "${cells.orelha ?? ''}" (use OD/OE, direita/esquerda ou R/L)`);
      const route = ROUTES[plainWord(cells.via).replace(/\s+/g, ' ')];
      if (!route) problems.push(`Via inválida: "${cells.via}" (use aérea/óssea, VA/VO ou air/bone)`);
      const freqCell = cells.frequencia ?? cells.frequencia_khz ?? '';
      const hz = parseFrequency(freqCell, cells.frequencia === undefined && cells.frequencia_khz !== undefined);
      const grid: readonly number[] = route === 'bone' ? BONE_FREQUENCIES : AIR_FREQUENCIES;
      let column: string | undefined;
      if (hz === undefined || (!grid.includes(hz) && !OFF_GRID_FREQUENCIES.has(hz))) {
        problems.push(`Frequência inválida: "${freqCell}" (em Hz ou kHz: ${route === 'bone' ? '500 a 4000 Hz na via óssea' : '250 a 8000 Hz'})`);
      } else if (!grid.includes(hz)) {
        if (limiar) offGrid.set(hz, (offGrid.get(hz) ?? 0) + 1);
      } else if (ear && route) column = route === 'bone' ? `${ear}_vo_${hz}` : `${ear}_${hz}`;

      if (column && limiar) {
        pointsRead++;
        const parsed = parseImportThresholdCell(limiar, column);
        if (!parsed.ok) problems.push(...parsed.reasons);
        else if (parsed.value !== undefined && parsed.value !== null) {
          const text = isNoResponse(parsed.value) ? `NR${parsed.value.level}` : String(parsed.value);
          const seen = g.points.get(column);
          const label = `${ear!.toUpperCase()} ${ROUTE_LABEL[route!]} ${hz} Hz`;
          if (!seen) g.points.set(column, { text, line });
          else if (seen.text !== text) problems.push(`Dois valores para o mesmo ponto (${label}): ${seen.text} na linha ${seen.line} e ${text} nesta linha`);
        }
      }
      if (problems.length) g.problems.set(line, problems);
    }
    if (offGrid.size) {
      const list = [...offGrid.entries()].sort((a, b) => a[0] - b[0]).map(([f, n]) => `${f} Hz (${n})`).join(', ');
      warningList.push(`pontos em frequências fora da grade do Limiar ignorados: ${list}`);
    }
    resolveWarnings(warningList);
    resolveInfo({ encoding, delimiter, pointsRead });

    for (const g of [...groups.values()].sort((a, b) => a.firstLine - b.firstLine)) {
      if (g.problems.size) {
        const bad = [...g.problems.keys()];
        const others = `Exame não importado: problema na(s) linha(s) ${bad.join(', ')} do mesmo exame`;
        rowsByRecord.set(g.firstLine, g.rows.map((r) => ({ ...r, reason: g.problems.get(r.line)?.join(' | ') ?? others })));
        yield { line: g.firstLine, problem: [...g.problems.entries()].map(([l, p]) => `linha ${l}: ${p.join(' | ')}`).join(' | ') };
        continue;
      }
      rowsByRecord.set(g.firstLine, g.rows);
      const cells: Record<string, string | undefined> = {};
      for (const [c, v] of g.exam) cells[c] = v.value;
      for (const [c, v] of g.points) cells[c] = v.text;
      yield { line: g.firstLine, cells };
    }
  }

  return {
    records: records(),
    header,
    warnings,
    info,
    rowsOf: (line) => rowsByRecord.get(line) ?? [],
  };
}

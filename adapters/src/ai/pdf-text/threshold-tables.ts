import type { Ear } from '../../../../core/src/audiogram/audiogram';
import type { Conduction, ReadingCandidate } from '../../../../core/src/audiogram/reading';
import { classifyLabel, parseCellValue, parseFrequencyLabel, type LabelMeaning } from './labels';
import { frequencyHeader, labelHeader, nearest, type Columns } from './table-headers';
import { cellCentre, type TextCell, type TextRow } from './text-rows';
import { joinWrappedRows } from './wrapped-rows';

export interface TableScan {
  readonly candidates: ReadingCandidate[];
  /** pt-BR notes about cells that could not be read. */
  readonly notes: string[];
}

function candidate(ear: Ear, conduction: Conduction, hz: number, cell: TextCell, notes: string[]): ReadingCandidate | undefined {
  const v = parseCellValue(cell.text);
  if (v.kind === 'unreadable') {
    notes.push(`Célula "${v.text}" não reconhecida (${ear === 'right' ? 'OD' : 'OE'}, ${conduction === 'air' ? 'VA' : 'VO'}, ${hz} Hz).`);
    return undefined;
  }
  if (v.kind === 'not_measured') return undefined;
  const value = v.kind === 'value' ? v.value : v.level;
  return { ear, conduction, frequencyHz: hz, value, noResponse: v.kind === 'no_response', confidence: 'high' };
}

const readable = (cells: readonly TextCell[]) => cells.filter((c) => parseCellValue(c.text).kind !== 'unreadable').length;

/**
 * A row under frequency columns: its label is the text left of the first column (the rightmost cell
 * there that names ear and conduction, else all of it: a chart's dB number may sit further left);
 * the rest are values. A row that is mostly not thresholds (a chart legend, symbols) is no data row.
 */
function frequencyRow(row: TextRow, columns: Extract<Columns, { kind: 'frequencies' }>, context: LabelMeaning, notes: string[]): ReadingCandidate[] | undefined {
  const xs = columns.columns.map((c) => c.x);
  const spacing = Math.min(...xs.slice(1).map((x, i) => x - xs[i]));
  const left = row.cells.filter((c) => cellCentre(c) < xs[0] - 0.6 * spacing);
  const values = row.cells.filter((c) => !left.includes(c));
  const named = [...left].reverse().map((c) => ({ ...context, ...classifyLabel(c.text) })).find((m) => m.ear && m.conduction);
  const meaning = named ?? { ...context, ...classifyLabel(left.map((c) => c.text).join(' ')) };
  if (!meaning.ear || !meaning.conduction || !values.length || readable(values) * 2 < values.length) return undefined;
  return values.flatMap((cell) => {
    const column = nearest(columns.columns, cellCentre(cell));
    const c = column && candidate(meaning.ear!, meaning.conduction!, column.hz, cell, notes);
    return c ? [c] : [];
  });
}

/**
 * A row under ear/conduction columns: the cells in a frequency column are its frequencies (two
 * tables side by side have two); every other cell is read in the label column it sits under, at the
 * frequency to its left. Cells under no column (a chart's axis beside the table) are ignored.
 */
function labelRow(row: TextRow, columns: Extract<Columns, { kind: 'labels' }>, notes: string[]): ReadingCandidate[] | undefined {
  type Slot = { x: number; meaning?: LabelMeaning };
  const slots: Slot[] = [...columns.frequencyXs.map((x) => ({ x })), ...columns.columns];
  const frequencies = row.cells.flatMap((c) => {
    const hz = parseFrequencyLabel(c.text);
    const isFrequencyColumn = columns.frequencyXs.length ? nearest(slots, cellCentre(c))?.meaning === undefined : c === row.cells[0];
    return hz !== undefined && isFrequencyColumn ? [{ cell: c, hz }] : [];
  });
  if (!frequencies.length) return undefined;
  return row.cells.flatMap((cell) => {
    if (frequencies.some((f) => f.cell === cell)) return [];
    const meaning = nearest(slots, cellCentre(cell))?.meaning;
    const hz = frequencies.filter((f) => cellCentre(f.cell) < cellCentre(cell)).at(-1)?.hz;
    const c = meaning?.ear && meaning.conduction && hz !== undefined ? candidate(meaning.ear, meaning.conduction, hz, cell, notes) : undefined;
    return c ? [c] : [];
  });
}

/**
 * Finds threshold tables in the rows of one page (wrapped cells joined first). A header row sets
 * the columns; rows below it are read against it until the next header. Title rows ("Orelha
 * Direita", "Bone Conduction") set the ear or conduction that row and column labels leave out.
 */
export function scanThresholdTables(pageRows: readonly TextRow[]): TableScan {
  const candidates: ReadingCandidate[] = [];
  const notes: string[] = [];
  let context: LabelMeaning = {};
  let columns: Columns | undefined;
  const rows = joinWrappedRows(pageRows);

  rows.forEach((row, i) => {
    const freqHeader = frequencyHeader(row);
    if (freqHeader) {
      columns = freqHeader;
      return;
    }
    const read = columns?.kind === 'frequencies' ? frequencyRow(row, columns, context, notes) : columns?.kind === 'labels' ? labelRow(row, columns, notes) : undefined;
    if (read) {
      candidates.push(...read);
      return;
    }
    const header = labelHeader(row, context, rows[i - 1]);
    if (header) {
      columns = header;
      return;
    }
    const title = row.cells.length <= 2 ? classifyLabel(row.cells.map((c) => c.text).join(' ')) : {};
    if (title.ear || title.conduction) {
      // A new section: an ear title keeps nothing of the previous conduction title and vice versa.
      context = title;
      columns = undefined;
    }
  });
  return { candidates, notes };
}

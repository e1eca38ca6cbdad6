import type { Ear, Conduction, ReadingCandidate } from '../../../../core/src';
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

/** A candidate and whether its row or column is labelled masked. */
type Found = { readonly candidate: ReadingCandidate; readonly masked: boolean };
const found = (c: ReadingCandidate | undefined, meaning: LabelMeaning): Found[] => (c ? [{ candidate: c, masked: meaning.masked === true }] : []);

/** Where a table has both an unmasked and a masked threshold for a point, the masked one is the threshold. */
function preferMasked(all: readonly Found[]): ReadingCandidate[] {
  const key = (c: ReadingCandidate) => `${c.ear}.${c.conduction}.${c.frequencyHz}`;
  const masked = new Set(all.filter((f) => f.masked).map((f) => key(f.candidate)));
  return all.filter((f) => f.masked || !masked.has(key(f.candidate))).map((f) => f.candidate);
}

/** Cells of a data row: no unreadable cell, or at least twice as many thresholds as unreadable cells ("X" and "O" symbols are not). */
function looksLikeData(cells: readonly TextCell[]): boolean {
  const kinds = cells.map((c) => parseCellValue(c.text).kind);
  const unreadable = kinds.filter((k) => k === 'unreadable').length;
  return unreadable === 0 || kinds.filter((k) => k === 'value' || k === 'no_response').length >= 2 * unreadable;
}

/**
 * A row under frequency columns: its label is the text left of the first column (the rightmost cell
 * there that names ear and conduction, else all of it: a chart's dB number may sit further left);
 * the rest are values. A row that is mostly not thresholds (a chart legend, symbols) is no data row.
 */
function frequencyRow(row: TextRow, columns: Extract<Columns, { kind: 'frequencies' }>, context: LabelMeaning, notes: string[]): Found[] | undefined {
  const xs = columns.columns.map((c) => c.x);
  const spacing = Math.min(...xs.slice(1).map((x, i) => x - xs[i]));
  const left = row.cells.filter((c) => cellCentre(c) < xs[0] - 0.6 * spacing);
  const values = row.cells.filter((c) => !left.includes(c));
  const named = [...left].reverse().map((c) => ({ ...context, ...classifyLabel(c.text) })).find((m) => m.ear && m.conduction);
  const meaning = named ?? { ...context, ...classifyLabel(left.map((c) => c.text).join(' ')) };
  if (!meaning.ear || !meaning.conduction || !looksLikeData(values)) return undefined;
  return values.flatMap((cell) => {
    const column = nearest(columns.columns, cellCentre(cell));
    return found(column && candidate(meaning.ear!, meaning.conduction!, column.hz, cell, notes), meaning);
  });
}

/**
 * A row under ear/conduction columns: the cells in a frequency column are its frequencies (two
 * tables side by side have two); every other cell is read in the label column it sits under, at the
 * frequency to its left. Cells under no column (a chart's axis beside the table) are ignored; a
 * row that is mostly not thresholds (a chart's symbols beside its dB label) is no data row.
 */
function labelRow(row: TextRow, columns: Extract<Columns, { kind: 'labels' }>, notes: string[]): Found[] | undefined {
  type Slot = { x: number; meaning?: LabelMeaning };
  const slots: Slot[] = [...columns.frequencyXs.map((x) => ({ x })), ...columns.columns];
  const frequencies = row.cells.flatMap((c) => {
    const hz = parseFrequencyLabel(c.text);
    const slot = nearest(slots, cellCentre(c));
    const isFrequencyColumn = columns.frequencyXs.length ? slot !== undefined && slot.meaning === undefined : c === row.cells[0];
    return hz !== undefined && isFrequencyColumn ? [{ cell: c, hz }] : [];
  });
  // A chart's dB label ("10" = 10 kHz?) beside its symbols is no data row.
  const rest = row.cells.filter((c) => !frequencies.some((f) => f.cell === c));
  if (!frequencies.length || !looksLikeData(rest)) return undefined;
  return row.cells.flatMap((cell) => {
    if (frequencies.some((f) => f.cell === cell)) return [];
    const meaning = nearest(slots, cellCentre(cell))?.meaning;
    const hz = frequencies.filter((f) => cellCentre(f.cell) < cellCentre(cell)).at(-1)?.hz;
    return meaning?.ear && meaning.conduction && hz !== undefined ? found(candidate(meaning.ear, meaning.conduction, hz, cell, notes), meaning) : [];
  });
}

/**
 * Finds threshold tables in the rows of one page (wrapped cells joined first). A header row sets
 * the columns; rows below it are read against it until the next header. Title rows ("Orelha
 * Direita", "Bone Conduction") set the ear or conduction that row and column labels leave out.
 */
export function scanThresholdTables(pageRows: readonly TextRow[]): TableScan {
  const candidates: Found[] = [];
  const notes: string[] = [];
  let context: LabelMeaning = {};
  let columns: Columns | undefined;
  const rows = joinWrappedRows(pageRows);

  let lastRead: TextRow | undefined;
  rows.forEach((row, i) => {
    const freqHeader = frequencyHeader(row);
    if (freqHeader) {
      [columns, lastRead] = [freqHeader, row];
      return;
    }
    const read = columns?.kind === 'frequencies' ? frequencyRow(row, columns, context, notes) : columns?.kind === 'labels' ? labelRow(row, columns, notes) : undefined;
    // A label alone is a section title, unless it sits in the table's body (an empty row: "BC Masked" with nothing tested).
    const inBody = lastRead !== undefined && lastRead.y - row.y <= 2.5 * Math.max(...row.cells.map((c) => c.height), 1);
    if (read && (read.length || row.cells.length >= 2 || inBody)) {
      candidates.push(...read);
      lastRead = row;
      return;
    }
    const header = labelHeader(row, context, rows[i - 1]);
    if (header) {
      [columns, lastRead] = [header, row];
      return;
    }
    const title = row.cells.length <= 2 ? classifyLabel(row.cells.map((c) => c.text).join(' ')) : {};
    if (title.ear || title.conduction) {
      // A new section: an ear title keeps nothing of the previous conduction title and vice versa.
      context = title;
      columns = undefined;
    }
  });
  return { candidates: preferMasked(candidates), notes };
}

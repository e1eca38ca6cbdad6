import type { Ear } from '../../../../core/src/audiogram/audiogram';
import type { Conduction, ReadingCandidate } from '../../../../core/src/audiogram/reading';
import { classifyLabel, parseCellValue, parseFrequencyLabel, type LabelMeaning } from './labels';
import { cellCentre, type TextCell, type TextRow } from './text-rows';

/** Header of the table being read: columns are frequencies (layouts A, D) or ear/conduction labels (B, C). */
type Columns =
  | { readonly kind: 'frequencies'; readonly columns: readonly { x: number; hz: number }[] }
  | { readonly kind: 'labels'; readonly columns: readonly { x: number; meaning: LabelMeaning }[] };

export interface TableScan {
  readonly candidates: ReadingCandidate[];
  /** pt-BR notes about cells that could not be read. */
  readonly notes: string[];
}

function nearest<T extends { x: number }>(columns: readonly T[], x: number): T | undefined {
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const c of columns) {
    const d = Math.abs(c.x - x);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  if (!best || columns.length < 2) return best;
  // A value belongs to a column when it is closer to it than to half the spacing of the columns.
  const spacing = Math.min(...columns.slice(1).map((c, i) => Math.abs(c.x - columns[i].x)));
  return bestDistance <= Math.max(spacing * 0.6, 12) ? best : undefined;
}

function frequencyHeader(row: TextRow): Columns | undefined {
  const freqs = row.cells.map((c) => ({ x: cellCentre(c), hz: parseFrequencyLabel(c.text) }));
  const found = freqs.filter((f): f is { x: number; hz: number } => f.hz !== undefined);
  // Headers run low to high; a data row of small numbers ("1 kHz | 10 | 10 | 10") must not pass for one.
  const increasing = found.every((f, i) => i === 0 || f.hz > found[i - 1].hz);
  return found.length >= 4 && found.length >= row.cells.length - 1 && increasing ? { kind: 'frequencies', columns: found } : undefined;
}

function labelHeader(row: TextRow, context: LabelMeaning): Columns | undefined {
  const columns = row.cells
    .map((c) => ({ x: cellCentre(c), meaning: { ...context, ...classifyLabel(c.text) } }))
    .filter((c) => c.meaning.conduction !== undefined || c.meaning.ear !== undefined);
  const conductions = columns.filter((c) => c.meaning.conduction && c.meaning.ear);
  if (row.cells.length < 2 || columns.length < 1 || columns.length < row.cells.length - 1 || !conductions.length) return undefined;
  return parseFrequencyLabel(row.cells[0].text) === undefined ? { kind: 'labels', columns } : undefined;
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

/**
 * Finds threshold tables in the rows of one page. A header row sets the columns; rows below it are
 * read against it until the next header. Title rows ("Orelha Direita", "Bone Conduction") set the
 * ear or conduction that row and column labels leave out.
 */
export function scanThresholdTables(rows: readonly TextRow[]): TableScan {
  const candidates: ReadingCandidate[] = [];
  const notes: string[] = [];
  let context: LabelMeaning = {};
  let columns: Columns | undefined;

  for (const row of rows) {
    const freqHeader = frequencyHeader(row);
    if (freqHeader) {
      columns = freqHeader;
      continue;
    }
    const first = row.cells[0];
    if (columns?.kind === 'frequencies' && row.cells.length >= 2) {
      const meaning = { ...context, ...classifyLabel(first.text) };
      if (meaning.ear && meaning.conduction) {
        for (const cell of row.cells.slice(1)) {
          const column = nearest(columns.columns, cellCentre(cell));
          const c = column && candidate(meaning.ear, meaning.conduction, column.hz, cell, notes);
          if (c) candidates.push(c);
        }
        continue;
      }
    }
    const hz = parseFrequencyLabel(first.text);
    if (columns?.kind === 'labels' && hz !== undefined) {
      for (const cell of row.cells.slice(1)) {
        const column = nearest(columns.columns, cellCentre(cell));
        const { ear, conduction } = column?.meaning ?? {};
        const c = ear && conduction && candidate(ear, conduction, hz, cell, notes);
        if (c) candidates.push(c);
      }
      continue;
    }
    const header = labelHeader(row, context);
    if (header) {
      columns = header;
      continue;
    }
    const title = row.cells.length <= 2 ? classifyLabel(row.cells.map((c) => c.text).join(' ')) : {};
    if (title.ear || title.conduction) {
      // A new section: an ear title keeps nothing of the previous conduction title and vice versa.
      context = title;
      columns = undefined;
    }
  }
  return { candidates, notes };
}

import { classifyLabel, normalise, parseCellValue, parseFrequencyLabel, type LabelMeaning } from './labels';
import { cellCentre, type TextCell, type TextRow } from './text-rows';
import { FREQUENCY_HEADING } from './wrapped-rows';

/** Header of the table being read: frequencies across (rows per ear/conduction) or ear/conduction labels across (rows per frequency). */
export type Columns =
  | { readonly kind: 'frequencies'; readonly columns: readonly { x: number; hz: number }[] }
  | { readonly kind: 'labels'; readonly columns: readonly { x: number; meaning: LabelMeaning }[]; readonly frequencyXs: readonly number[] };

/** The column nearest to `x`, when `x` is within 60 % of the columns' smallest spacing (at least 12 pt). */
export function nearest<T extends { x: number }>(columns: readonly T[], x: number): T | undefined {
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const c of columns) {
    const d = Math.abs(c.x - x);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  if (!best || columns.length < 2) return best;
  const xs = columns.map((c) => c.x).sort((a, b) => a - b);
  const spacing = Math.min(...xs.slice(1).map((v, i) => v - xs[i]).filter((d) => d > 0));
  return bestDistance <= Math.max(spacing * 0.6, 12) ? best : undefined;
}

/**
 * A row of at least four increasing frequencies next to each other ("0,25 kHz", "500", "1k"), with
 * at most two other cells, none a number ("Frequência (Hz)", "kHz"). A data row of small numbers
 * ("1 kHz | 10 | 10 | 10") or two charts' axes side by side do not pass.
 */
export function frequencyHeader(row: TextRow): Columns | undefined {
  const hz = row.cells.map((c) => parseFrequencyLabel(c.text));
  const first = hz.findIndex((h) => h !== undefined);
  if (first < 0) return undefined;
  let end = first;
  while (end + 1 < hz.length && hz[end + 1] !== undefined && hz[end + 1]! > hz[end]!) end++;
  const others = row.cells.filter((_, i) => i < first || i > end);
  if (end - first + 1 < 4 || others.length > 2 || others.some((c) => parseCellValue(c.text).kind === 'value' || parseFrequencyLabel(c.text) !== undefined)) return undefined;
  return { kind: 'frequencies', columns: row.cells.slice(first, end + 1).map((c, i) => ({ x: cellCentre(c), hz: hz[first + i]! })) };
}

/** What a group title row above a header ("Orelha Direita" over "VA VO", "Via Aérea" over "OD OE") says over `x`. */
function groupMeaning(groups: readonly TextCell[], x: number): LabelMeaning {
  let best: TextCell | undefined;
  for (const g of groups) if (!best || Math.abs(cellCentre(g) - x) < Math.abs(cellCentre(best) - x)) best = g;
  return best ? classifyLabel(best.text) : {};
}

/**
 * A row of ear/conduction column labels ("OD Via Aérea | OE Via Aérea", "VA | VO" under an ear title,
 * "Right AC") and the frequency column heading(s) ("Frequência", "Freq.", "Hz"; two side-by-side
 * tables have one each). Missing ear or conduction comes from the group row above, then the title.
 */
export function labelHeader(row: TextRow, context: LabelMeaning, above?: TextRow): Columns | undefined {
  if (row.cells.length < 2 || parseFrequencyLabel(row.cells[0].text) !== undefined) return undefined;
  const headings = row.cells.filter((c) => FREQUENCY_HEADING.test(normalise(c.text)));
  const others = row.cells.filter((c) => !headings.includes(c));
  const groups = above && above.y - row.y <= 3 * Math.max(...row.cells.map((c) => c.height), 1) && above.cells.every((c) => parseCellValue(c.text).kind === 'unreadable')
    ? above.cells.filter((c) => classifyLabel(c.text).ear || classifyLabel(c.text).conduction) : [];
  const columns = others
    .map((c) => ({ x: cellCentre(c), meaning: { ...context, ...groupMeaning(groups, cellCentre(c)), ...classifyLabel(c.text) } }))
    .filter((c) => c.meaning.conduction !== undefined || c.meaning.ear !== undefined);
  if (!columns.length || columns.length < others.length - 1 || !columns.some((c) => c.meaning.conduction && c.meaning.ear)) return undefined;
  const frequencyXs = headings.length ? headings.map(cellCentre) : others[0] && !columns.some((c) => c.x === cellCentre(others[0])) ? [cellCentre(others[0])] : [];
  return { kind: 'labels', columns, frequencyXs };
}

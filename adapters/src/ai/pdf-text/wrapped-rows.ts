import { classifyLabel, normalise, parseCellValue, parseFrequencyLabel } from './labels';
import type { TextCell, TextRow } from './text-rows';

/** Header cells that name the frequency column ("Frequência", "Freq.", "Frequency", "Hz", "(kHz)"). */
export const FREQUENCY_HEADING = /^(?:freq(?:uencia|uency)?\.?|hz|khz)(?:\s*\(?k?hz\)?)?$/;
const UNIT = /^\(?(?:k?hz|db(?: hl| na)?)\)?$/i;

const fields = (text: string) => {
  const m = classifyLabel(text);
  return (m.ear ? 1 : 0) + (m.conduction ? 1 : 0) + (m.masked ? 1 : 0);
};
const overlaps = (a: TextCell, b: TextCell) => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0;
const isValue = (c: TextCell) => ['value', 'no_response'].includes(parseCellValue(c.text).kind);
const lineGap = (above: TextRow, below: TextRow) => above.y - below.y;
const heightOf = (row: TextRow) => Math.max(...row.cells.map((c) => c.height), 1);

/**
 * The second line of a wrapped cell completes the cell above it: "OD — Via" over "Aérea", "Right"
 * over "AC", "0,25" over "kHz", "Frequência" over "(kHz)". Neither line may be a threshold, and the
 * merged label must say more (ear or conduction) than the first line alone.
 */
function completes(above: TextCell, below: TextCell): boolean {
  if (isValue(below) || parseFrequencyLabel(below.text) !== undefined) return false;
  if (UNIT.test(below.text.trim())) return parseFrequencyLabel(above.text) !== undefined || FREQUENCY_HEADING.test(normalise(above.text));
  return !isValue(above) && fields(`${above.text} ${below.text}`) > fields(above.text);
}

/**
 * Joins wrapped table cells back into one-line rows: a line less than 1.6 lines below another gives
 * each cell that completes the cell above it to that cell (the rest stays a row of its own); a row
 * label printed alone on the line above a row of values that has no label ("OD" / values / "Via
 * Aérea", the values centred on the two-line label) becomes that row's label.
 */
export function joinWrappedRows(rows: readonly TextRow[]): TextRow[] {
  const out: { y: number; cells: TextCell[] }[] = [];
  for (const row of rows) {
    const above = out.at(-1);
    if (!above || lineGap(above, row) > 1.6 * Math.max(heightOf(above), heightOf(row))) {
      out.push({ y: row.y, cells: [...row.cells] });
      continue;
    }
    if (labelAboveValues(above, row)) {
      out[out.length - 1] = { y: row.y, cells: [...above.cells, ...row.cells] };
      continue;
    }
    const rest: TextCell[] = [];
    for (const cell of row.cells) {
      const i = above.cells.findIndex((a) => overlaps(a, cell));
      const target = i >= 0 && above.cells.filter((a) => overlaps(a, cell)).length === 1 ? above.cells[i] : undefined;
      if (target && completes(target, cell)) above.cells[i] = { ...target, text: `${target.text} ${cell.text}`, width: Math.max(target.width, cell.x + cell.width - target.x) };
      else rest.push(cell);
    }
    if (rest.length) out.push({ y: row.y, cells: rest });
  }
  return out;
}

/** A lone label ("OD", "Via Aérea") just above a row made only of values that starts to its right. */
function labelAboveValues(above: TextRow, row: TextRow): boolean {
  if (above.cells.length !== 1 || !fields(above.cells[0].text) || isValue(above.cells[0])) return false;
  const label = above.cells[0];
  return lineGap(above, row) <= 1.2 * heightOf(row) && row.cells.length >= 2 && row.cells[0].x > label.x + label.width
    && row.cells.every((c) => parseCellValue(c.text).kind !== 'unreadable');
}

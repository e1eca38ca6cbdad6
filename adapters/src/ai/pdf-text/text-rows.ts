import { parseCellValue, parseFrequencyLabel } from './labels';

/** One piece of text on a page, PDF user space (origin bottom-left): x left edge, y baseline. */
export interface TextCell {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface TextRow {
  readonly y: number;
  readonly cells: readonly TextCell[];
}

const centre = (c: TextCell) => c.x + c.width / 2;
export { centre as cellCentre };

/**
 * Rebuilds visual rows: items whose baselines are within 40 % of the text height share a row
 * (top to bottom); within a row, items closer than 30 % of the text height are one cell
 * (exporters split "Via" "Aérea" or "↓" "110" into separate items), and so are items up to one
 * text height apart that only make sense together ("110" "NR", "0,5" "kHz" in a monospaced export).
 */
export function buildRows(items: readonly TextCell[]): TextRow[] {
  const sorted = items.filter((i) => i.text.trim()).sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: { y: number; height: number; cells: TextCell[] }[] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row.y - item.y) <= 0.4 * Math.max(row.height, item.height, 1)) row.cells.push(item);
    else rows.push({ y: item.y, height: item.height, cells: [item] });
  }
  return rows.map((r) => ({ y: r.y, cells: mergeCells(r.cells.sort((a, b) => a.x - b.x)) }));
}

function mergeCells(cells: TextCell[]): TextCell[] {
  const out: TextCell[] = [];
  for (const c of cells) {
    const last = out.at(-1);
    const gap = last ? c.x - (last.x + last.width) : Infinity;
    const h = Math.max(last?.height ?? 0, c.height, 1);
    if (last && (gap < 0.3 * h || (gap <= h && isCompound(last.text, c.text)))) {
      const joiner = gap > 0.15 * h && !/[↓\s]$/.test(last.text) ? ' ' : '';
      out[out.length - 1] = { text: `${last.text}${joiner}${c.text}`.replace(/\s+/g, ' '), x: last.x, y: last.y, width: c.x + c.width - last.x, height: h };
    } else out.push({ ...c, text: c.text.trim() });
  }
  return out;
}

/** "110" + "NR", "NR" + "(110)", "0,5" + "kHz", "25" + "dB": a level with its no-response word, a number with its unit. */
function isCompound(left: string, right: string): boolean {
  const joined = `${left} ${right}`;
  const nr = parseCellValue(joined);
  if (nr.kind === 'no_response' && nr.level !== null) return parseCellValue(left).kind !== 'no_response' || parseCellValue(right).kind !== 'no_response';
  if (/^(k|khz|hz)$/i.test(right.trim())) return parseFrequencyLabel(joined) !== undefined;
  return /^db ?(hl|na)?$/i.test(right.trim()) && parseCellValue(joined).kind === 'value';
}

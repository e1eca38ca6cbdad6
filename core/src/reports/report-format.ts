/**
 * pt-BR display of the numbers a laudo prints. Every printed number goes through these helpers so
 * the narrative check (narrative-check.ts) and the templates agree on what a fact looks like.
 */

/** A dB HL value with a decimal comma and at most `decimals` decimals ("41,67"); null → "—". */
export function formatDb(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined) return '—';
  const factor = 10 ** decimals;
  const r = Math.round(value * factor) / factor;
  return String(r === 0 ? 0 : r).replace('.', ',');
}

/** A signed dB difference ("+11,7", "-5", "0"); null → "—". */
export function formatDelta(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined) return '—';
  const text = formatDb(value, decimals);
  return value > 0 && text !== '0' ? `+${text}` : text;
}

/** A frequency in Hz as the norms write it ("500", "1.000", "8.000"). */
export function formatHz(hz: number): string {
  return hz >= 1000 ? `${Math.floor(hz / 1000)}.${String(hz % 1000).padStart(3, '0')}` : String(hz);
}

/** Joins pt-BR items with commas and "e". */
export function joinPt(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}` : items.join('');
}

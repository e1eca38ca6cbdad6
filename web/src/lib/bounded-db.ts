/**
 * dB values the rules engine may only bound (clinical rule I11: a no-response at level L means the
 * threshold is ≥ L+5, so a mean or shift that uses it is a lower or upper bound). One formatter for
 * every mean, PTA, delta and shift the web app shows: "≥ 45 dB", "≤ 15 dB", "12,5 dB", "—" when null.
 */
export type DbBound = 'min' | 'max';

export const asBound = (value: unknown): DbBound | null => (value === 'min' || value === 'max' ? value : null);

/** `signed` prefixes a positive exact value with "+" (a change between exams). */
export function boundedDb(value: unknown, bound: unknown = null, signed = false): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  const b = asBound(bound);
  const text = value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  const sign = signed && value > 0 ? '+' : '';
  return `${b === 'min' ? '≥ ' : b === 'max' ? '≤ ' : ''}${sign}${text} dB`;
}

/** The classification document's `<key>` read with its `<key>_bound` sibling. */
export const classificationDb = (c: Record<string, unknown>, key: string, signed = false) => boundedDb(c[key], c[`${key}_bound`], signed);

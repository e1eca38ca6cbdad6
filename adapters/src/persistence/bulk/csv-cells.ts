/**
 * Cells of the exams CSV, written as PostgreSQL's COPY CSV wrote them when SQL formatted the export
 * (ADR 0009). Values are latin1 "binary" strings: one char per UTF-8 byte (see `ExamCsvTransform`).
 */

/** A latin1 "binary" string back to text, for messages. */
export const fromBinary = (v: string): string => Buffer.from(v, 'latin1').toString('utf8');

const COPY_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
/** One COPY text-format field: `\N` is null; backslash escapes are undone only when there is one. */
export const field = (raw: string): string | null =>
  raw === '\\N' ? null : raw.indexOf('\\') < 0 ? raw : raw.replace(/\\(.)/gs, (_, c: string) => COPY_ESCAPES[c] ?? c);

const NEEDS_QUOTES = /[;"\n\r]/;
/** A CSV cell as PostgreSQL's COPY CSV writes it: null empty, '' as "", quoted when it holds ; " CR or LF. */
export const csv = (v: string | null): string => (v === null ? '' : v === '' ? '""' : NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Formula-injection guard (style guide §8): a text starting with = + - @ tab or CR gets a leading `'`. */
const guarded = (v: string | null): string | null => {
  if (v === null || v === '') return v;
  const c = v.charCodeAt(0);
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${v}` : v;
};
export const text = (v: string | null): string => csv(guarded(v));

/**
 * A text cell of a CSV built in Node (not COPY): empty for null and '', guarded against formula injection,
 * quoted when it holds ; " CR or LF. The programme's workers CSV and the analytical report's CSV use it.
 */
export const excelText = (v: string | null): string => (v === null || v === '' ? '' : csv(guarded(v)));

/** Decimal comma (every `.` replaced, as SQL `replace` did). */
export function dec(v: string | null): string | null {
  if (v === null) return v;
  let dot = v.indexOf('.');
  while (dot >= 0) {
    v = `${v.slice(0, dot)},${v.slice(dot + 1)}`;
    dot = v.indexOf('.', dot + 1);
  }
  return v;
}

/** 'não' as its UTF-8 bytes (a latin1 "binary" string). */
const NAO = Buffer.from('não', 'utf8').toString('latin1');
export const yesNo = (v: string | null): string => (v === 'true' ? 'sim' : v === 'false' ? NAO : '');

/** A date column as COPY prints it under `datestyle` ISO → dd/mm/aaaa (`to_char(d, 'DD/MM/YYYY')`). */
export function br(iso: string | null): string {
  if (iso === null) return '';
  if (iso.length === 10) return `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  if (iso === 'infinity' || iso === '-infinity') return ''; // to_char gives null
  const m = /^(\d{4,})-(\d{2})-(\d{2})(?: BC)?$/.exec(iso); // years past 9999, or BC (printed without the era)
  if (!m) throw new Error(`Data inesperada na exportação: ${fromBinary(iso)}`);
  return `${m[3]}/${m[2]}/${m[1]}`;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digits = (v: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = v.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
};
/**
 * `reference_date` of the classification (an ISO date written by the rules engine) → dd/mm/aaaa.
 * Anything else stops the export, as the former `(…)::date` cast did for an invalid date.
 */
export function brFromText(v: string | null): string {
  if (v === null) return '';
  const [y, m, d] = v.length === 10 && v.charCodeAt(4) === 45 && v.charCodeAt(7) === 45 ? [digits(v, 0, 4), digits(v, 5, 7), digits(v, 8, 10)] : [-1, -1, -1];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > (m === 2 && !leap ? 28 : DAYS[m - 1])) {
    throw new Error(`Data de referência inválida na classificação de um exame: ${fromBinary(v)}`);
  }
  return `${v.slice(8)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;
}

/**
 * What a log line must never carry (issue 15): password hashes, tokens, CPF/CNPJ, e-mail addresses,
 * and the values a database error quotes from its SQL (names, health data, any parameter). Applied
 * to error messages and stacks by the pino serializer, to every finished log line, and to the
 * ORM's own logger.
 */
const PATTERNS: [RegExp, string][] = [
  [/\$argon2(?:id|i|d)\$[^\s"'\\,)]*/g, '[hash]'],
  [/\bBearer\s+[^\s"'\\,]+/gi, 'Bearer [token]'],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]'], // JWT (session, embed and reset tokens)
  [/\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/g, '[cpf]'],
  [/\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b/g, '[cnpj]'],
  [/(?<![\w.-])\d{11}(?![\w-])|(?<![\w.-])\d{14}(?![\w-])/g, '[documento]'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[e-mail]'],
];

/** Text that quotes SQL (driver errors, ORM debug lines): every literal and bound value hidden. */
const SQL = /\b(?:select|insert\s+into|update|delete\s+from|with|values)\b/i;
const SQL_LITERAL = /'(?:[^']|'')*'/g;
/** What PostgreSQL echoes from a row: `Key (email)=(a@b.c) already exists`, `Failing row contains (…)`. */
const ROW_ECHO = /(\)=\()[^)]*(\))|(Failing row contains \().*?(\)\.?$)/gm;

export function redactText(text: string): string {
  let out = SQL.test(text) ? text.replace(SQL_LITERAL, "'?'") : text;
  out = out.replace(ROW_ECHO, (_m, a, b, c, d) => (a ? `${a}?${b}` : `${c}?${d}`));
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Fields of an error worth logging; the rest (driver `detail`, `where`, `parameters`, `query`…) may echo data. */
const ERROR_FIELDS = ['code', 'sqlState', 'errno', 'status', 'statusCode', 'table', 'constraint', 'column', 'routine'] as const;

/** An error as a log object: its type, redacted message and stack, safe codes, and its cause (same rules). */
export function redactError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: redactText(String(error)) };
  const out: Record<string, unknown> = { type: error.constructor?.name ?? 'Error', message: redactText(error.message) };
  if (error.stack) out.stack = redactText(error.stack);
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = redactError(error.cause, depth + 1);
  return out;
}

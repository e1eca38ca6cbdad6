/**
 * A worker search that is the start of a CPF: at least 3 digits and nothing but digits, dots, dashes and
 * spaces. Returns the digits, or null when the search is a name.
 */
export function cpfPrefixOf(q: string): string | null {
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 && digits.length === q.replace(/[.\-\s]/g, '').length ? digits : null;
}

/**
 * The condition on a CPF column for a digit prefix, with `?` placeholders: the prefix as a range, which the
 * (organisation, CPF) index serves under any collation (`like 'x%'` uses a btree only under C, not under a
 * managed server's en_US or pt-BR), plus the LIKE itself. A CPF holds digits only, so the range is exactly
 * the prefix.
 */
export function cpfPrefixCondition(column: string, digits: string): { sql: string; params: string[] } {
  const upper = nextDigitPrefix(digits);
  return upper
    ? { sql: `${column} >= ? and ${column} < ? and ${column} like ?`, params: [digits, upper, `${digits}%`] }
    : { sql: `${column} >= ? and ${column} like ?`, params: [digits, `${digits}%`] };
}

/** The smallest digit string above every string that starts with `prefix` ('12349' → '1235'); null for all nines. */
export function nextDigitPrefix(prefix: string): string | null {
  const head = prefix.replace(/9+$/, '');
  return head ? `${head.slice(0, -1)}${Number(head.at(-1)) + 1}` : null;
}

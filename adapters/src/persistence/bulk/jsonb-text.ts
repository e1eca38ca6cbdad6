/**
 * Reading jsonb as PostgreSQL prints it (`jsonb_out`: `{"key": value, …}`, `[a, b]`, no other
 * whitespace) without JSON.parse, so a number keeps the exact digits `->>` gives (`1.50` stays
 * `1.50`, `1e21` was already printed as `1000000000000000000000`), and a nested value keeps its text.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OBJECT = 123;
const OBJECT_END = 125;
const ARRAY = 91;
const ARRAY_END = 93;

const malformed = () => new Error('jsonb inesperado na exportação (texto JSON incompleto)');

/** Index just past the string token whose opening quote is at `i`. */
export function stringEnd(s: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = s.indexOf('"', from);
    if (q < 0) throw malformed();
    let k = q - 1;
    while (s.charCodeAt(k) === BACKSLASH) k--;
    if ((q - k) % 2 === 1) return q + 1; // an even number of backslashes before it: the closing quote
    from = q + 1;
  }
}

/** Index just past the value token that starts at `i`. */
export function valueEnd(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === QUOTE) return stringEnd(s, i);
  if (c === OBJECT || c === ARRAY) {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      const d = s.charCodeAt(j);
      if (d === QUOTE) j = stringEnd(s, j) - 1;
      else if (d === OBJECT || d === ARRAY) depth++;
      else if ((d === OBJECT_END || d === ARRAY_END) && --depth === 0) return j + 1;
    }
    throw malformed();
  }
  let j = i;
  for (; j < s.length; j++) {
    const d = s.charCodeAt(j);
    if (d === COMMA || d === OBJECT_END || d === ARRAY_END) break;
  }
  return j;
}

/** What `->>` gives for a value token: a string's text, null for JSON null, otherwise the token itself. */
export function tokenText(token: string): string | null {
  if (token.charCodeAt(0) === QUOTE) return token.indexOf('\\') < 0 ? token.slice(1, -1) : (JSON.parse(token) as string);
  return token === 'null' ? null : token;
}

/** Index of the first member's key (its opening quote) of the object at `i`, or -1 when it is empty. */
export const firstMember = (s: string, i: number): number => (s.charCodeAt(i + 1) === OBJECT_END ? -1 : i + 1);

/** Index of the next member's key after a member value ending at `end`, or -1 when the object ends there. */
export const nextMember = (s: string, end: number): number => (s.charCodeAt(end) === OBJECT_END ? -1 : end + 2);

/**
 * True when the member key token `s[k, keyEnd)` is `"name"`. jsonb prints a key escaped only where
 * JSON requires it, so a plain ASCII name is matched by its text. A member's value starts at keyEnd + 2.
 */
export const keyIs = (s: string, k: number, keyEnd: number, name: string): boolean => keyEnd - k === name.length + 2 && s.startsWith(name, k + 1);

/** What `jsonb_array_elements_text` gives for the array `s` (`[…]`), JSON nulls included as null. */
export function arrayTexts(s: string): Array<string | null> {
  const out: Array<string | null> = [];
  let j = 1;
  if (s.charCodeAt(j) === ARRAY_END) return out;
  for (;;) {
    const end = valueEnd(s, j);
    out.push(tokenText(s.slice(j, end)));
    if (s.charCodeAt(end) === ARRAY_END) return out;
    j = end + 2;
  }
}

/** True when a value token (as printed by jsonb) is a number. */
export const isNumberToken = (s: string, i: number): boolean => {
  const c = s.charCodeAt(i);
  return c === 45 || (c >= 48 && c <= 57);
};

/** True when the value token at `i` is an object. */
export const isObjectToken = (s: string, i: number): boolean => s.charCodeAt(i) === OBJECT;

/** True when the value token at `i` is an array. */
export const isArrayToken = (s: string, i: number): boolean => s.charCodeAt(i) === ARRAY;

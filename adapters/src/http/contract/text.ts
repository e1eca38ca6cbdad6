import { z } from 'zod';

/**
 * Text at the HTTP edge (issue 15): no NUL or other control character reaches the use cases or the
 * database (PostgreSQL refuses NUL in text and answered 500). C0 controls, DEL and C1 controls are
 * refused; tab, line feed and carriage return are kept, since multi-line fields (anamnese,
 * observações, laudo text) carry them. JSON is capped at 64 levels of nesting.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001f\u007f-\u009f]/;
/** Bidi embeddings, overrides and isolates: they make `x\u202efdp.exe` read as `xexe.pdf`. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

export const CONTROL_CHARACTER_MESSAGE = 'contém caracteres de controle não permitidos';
export const MAX_JSON_DEPTH = 64;
export const JSON_TOO_DEEP_MESSAGE = `JSON aninhado demais (profundidade máxima ${MAX_JSON_DEPTH})`;

/** The one text primitive of the contracts: a string without control characters (tab and line breaks allowed). */
export const safeText = () => z.string().refine((s) => !CONTROL.test(s), { message: CONTROL_CHARACTER_MESSAGE, abort: true });

/** A file name as sent in an upload: no control character, line break or bidi control; the pt-BR reason, or null. */
export function fileNameProblem(name: string): string | null {
  if (CONTROL_OR_LINE_BREAK.test(name)) return 'O nome do arquivo contém caracteres de controle não permitidos.';
  if (BIDI.test(name)) return 'O nome do arquivo contém caracteres de direção de texto (bidi) não permitidos.';
  return null;
}

/** Nesting depth of a JSON text, counted without parsing it (strings skipped), stopping past `limit`. */
export function jsonTextDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** A string holding JSON (e.g. a laudo draft) nested no deeper than the cap. */
export const jsonText = () => safeText().refine((s) => jsonTextDepth(s) <= MAX_JSON_DEPTH, { message: JSON_TOO_DEEP_MESSAGE });

export interface InputProblem {
  path: string;
  message: string;
}

/**
 * Walks a parsed body, query or path object (keys and values) and returns the first control character
 * or nesting past the cap — before zod, so a route whose schema lets any value through (`z.unknown()`,
 * records) is covered too, and a route added later is covered without anyone remembering.
 */
export function inputProblem(value: unknown, where = '(corpo)'): InputProblem | null {
  const walk = (v: unknown, path: string[], depth: number): InputProblem | null => {
    const at = () => path.join('.') || where;
    if (typeof v === 'string') return CONTROL.test(v) ? { path: at(), message: CONTROL_CHARACTER_MESSAGE } : null;
    if (v === null || typeof v !== 'object') return null;
    if (depth >= MAX_JSON_DEPTH) return { path: at(), message: JSON_TOO_DEEP_MESSAGE };
    for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
      if (CONTROL.test(key)) return { path: at(), message: `nome de campo ${CONTROL_CHARACTER_MESSAGE}` };
      const found = walk(item, [...path, key], depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(value, [], 0);
}

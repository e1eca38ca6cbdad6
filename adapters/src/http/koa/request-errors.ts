import type { z } from 'zod';
import { DomainError } from '../../../../core/src';

/** Bad input at the HTTP edge: a body, query or path parameter that fails its zod schema. */
export class RequestValidationError extends DomainError {
  readonly code = 'REQUEST.INVALID';
}

const pathOf = (path: PropertyKey[]) => path.map(String).join('.') || '(corpo)';

/** Parses with zod or throws `RequestValidationError` listing every issue in pt-BR. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: pathOf(i.path), message: i.message }));
  const first = issues[0];
  // a message written for users (pt-BR, ours) stands alone; zod's generic ones get the field name
  const own = parsed.error.issues[0].code === 'custom' || /^Por favor|^Escolha|^Informe|deve /.test(first.message);
  throw new RequestValidationError(own ? first.message : `Dados inválidos em ${first.path}: ${first.message}`, issues);
}

/** A use case's Result as a value, or its error thrown for the error middleware (code → status). */
export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: Error }): T {
  if (!r.ok) throw r.error;
  return r.value;
}

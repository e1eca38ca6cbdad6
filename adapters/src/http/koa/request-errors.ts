import type { z } from 'zod';
import { DomainError } from '../../../../core/src';
import { inputProblem } from '../contract/text';

/** Bad input at the HTTP edge: a body, query or path parameter that fails its zod schema. */
export class RequestValidationError extends DomainError {
  readonly code = 'REQUEST.INVALID';
}

/** A body in another format than the route reads (e.g. text/plain on a JSON route). */
export class UnsupportedMediaTypeError extends DomainError {
  readonly code = 'REQUEST.UNSUPPORTED_MEDIA_TYPE';
  constructor() {
    super('Tipo de conteúdo não suportado: envie o corpo como application/json.');
  }
}

export type UploadErrorCode = 'UPLOAD.INVALID' | 'UPLOAD.TOO_LARGE' | 'UPLOAD.UNSUPPORTED_TYPE';

/** A file upload refused at the HTTP edge: not multipart, too large, not PDF/JPEG/PNG, empty or truncated. */
export class UploadError extends DomainError {
  constructor(readonly code: UploadErrorCode, message: string) {
    super(message);
  }
}

/** A stored file that is not there for this organisation (another's, or none). */
export class FileNotFoundError extends DomainError {
  readonly code = 'FILE.NOT_FOUND';
  constructor() {
    super('Arquivo não encontrado');
  }
}

const pathOf = (path: PropertyKey[]) => path.map(String).join('.') || '(corpo)';

/** Control characters or JSON nested past the cap anywhere in `value` → `RequestValidationError`. */
export function rejectUnsafeInput(value: unknown): void {
  const problem = inputProblem(value);
  if (!problem) return;
  const path = problem.path.split('.').slice(0, 3).join('.');
  throw new RequestValidationError(`Dados inválidos em ${path}: ${problem.message}`, [{ path, message: problem.message }]);
}

/** Parses with zod or throws `RequestValidationError` listing every issue in pt-BR (unsafe input first). */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  rejectUnsafeInput(value);
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

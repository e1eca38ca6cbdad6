/**
 * Base of every expected domain failure. `code` is stable and survives JSON and process
 * boundaries (instanceof does not); drivers map it to an HTTP status, an exit code or a pt-BR text.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  /** Field-level problems, when the error is about input (path uses dots: `audiogram.air.500.re`). */
  readonly issues: ReadonlyArray<{ path: string; message: string }>;

  constructor(message: string, issues: ReadonlyArray<{ path: string; message: string }> = []) {
    super(message);
    this.name = new.target.name;
    this.issues = issues;
  }
}

/**
 * Base for a failure whose code and pt-BR message never vary:
 * `export class ReportNotFoundError extends fixedError('REPORT.NOT_FOUND', 'Laudo não encontrado') {}`.
 * With `field`, the message is also the one issue of that field (shown under it by the forms).
 */
export function fixedError<const C extends string>(code: C, message: string, field?: string) {
  return class extends DomainError {
    readonly code: C = code;
    constructor() {
      super(message, field ? [{ path: field, message }] : []);
    }
  };
}

/** Thrown when an impossible state reaches the core: a bug, never user input. */
export class InvariantViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvariantViolation';
  }
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantViolation(message);
}

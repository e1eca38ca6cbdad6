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

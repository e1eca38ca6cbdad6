/** Exit codes of the data commands (style guide §8). */
export const EXIT_OK = 0;
/** Some rows were rejected (see the errors file); the others were imported. */
export const EXIT_ROWS_REJECTED = 1;
/** Unreadable input, bad arguments, unknown user, missing table: nothing was done. */
export const EXIT_BAD_INPUT = 2;

/** An expected failure that ends the command with a pt-BR message and exit code 2. */
export class CliInputError extends Error {
  override readonly name = 'CliInputError';
}

export const importExitCode = (summary: { rejected: number }) => (summary.rejected > 0 ? EXIT_ROWS_REJECTED : EXIT_OK);

import { DomainError } from '../shared/domain-error';
import { err, ok, type Result } from '../shared/result';
import { noResponse, type Threshold } from './threshold';

/** Spec §5/§9: entry values are -10 to 120 dB HL in 5 dB steps. */
export const MIN_THRESHOLD_DB = -10;
export const MAX_THRESHOLD_DB = 120;
export const THRESHOLD_STEP_DB = 5;

export class InvalidThresholdError extends DomainError {
  readonly code = 'AUDIOGRAM.INVALID_THRESHOLD';
  constructor(path: string, message: string) {
    super(message, [{ path, message }]);
  }
}

/** Raw value of a threshold at an input edge: a number, null (not measured) or `{ nr: level }`. */
export type RawThreshold = number | null | { readonly nr: number };

/**
 * Range check shared by every input path: a finite number within -10..120 dB HL (spec §9).
 * Returns the pt-BR message, or undefined when the value is acceptable.
 */
export function thresholdRangeProblem(value: number): string | undefined {
  if (!Number.isFinite(value)) return 'deve ser um número em dB NA';
  if (value < MIN_THRESHOLD_DB || value > MAX_THRESHOLD_DB) {
    return `${value} dB está fora da faixa de ${MIN_THRESHOLD_DB} a ${MAX_THRESHOLD_DB} dB NA`;
  }
  return undefined;
}

/** Grid check (spec §5: "step 5"): undefined when on the 5 dB grid, else the pt-BR message. */
export function thresholdGridProblem(value: number): string | undefined {
  const range = thresholdRangeProblem(value);
  if (range) return range;
  if (value % THRESHOLD_STEP_DB !== 0) return `${value} dB não está na grade de 5 em 5 dB`;
  return undefined;
}

/**
 * Strict parse for data entry (forms, API, CSV import): refuses off-grid or out-of-range values
 * with a pt-BR message naming `path`. The rules themselves accept exact numbers (clinical-rules I10);
 * only input paths call this.
 */
export function parseThresholdForEntry(raw: RawThreshold, path: string): Result<Threshold, InvalidThresholdError> {
  if (raw === null) return ok(null);
  const isNr = typeof raw === 'object';
  const value = isNr ? raw.nr : raw;
  const problem = thresholdGridProblem(value);
  if (problem) {
    const what = isNr ? 'Nível de ausência de resposta inválido' : 'Limiar inválido';
    return err(new InvalidThresholdError(path, `${what} em ${path}: ${problem}.`));
  }
  return ok(isNr ? noResponse(value) : value);
}

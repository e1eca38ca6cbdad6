/** One dependency the system needs to serve requests (database, file storage, ...). */
export interface HealthProbe {
  /** Stable name shown in the health answer, e.g. `database`. */
  readonly name: string;
  /** Resolves `up` or `down`; never throws (a failure is reported as `down` with a reason). */
  check(): Promise<{ status: 'up' | 'down'; reason?: string; latencyMs: number }>;
}

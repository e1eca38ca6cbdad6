/** Runs `work` in one database transaction: every repository call inside commits or none does. */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}

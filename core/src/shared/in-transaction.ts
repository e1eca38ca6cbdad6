import type { UnitOfWork } from '../ports/unit-of-work';
import type { Result } from './result';

class Rollback<E> {
  constructor(readonly result: Result<never, E>) {}
}

/**
 * Runs `work` in one transaction that commits only when it returns `ok`: an `err` rolls back
 * everything written so far (a half-registered patient, a company created for nothing) and is
 * returned as is.
 */
export async function inTransaction<T, E>(uow: UnitOfWork, work: () => Promise<Result<T, E>>): Promise<Result<T, E>> {
  try {
    return await uow.run(async () => {
      const result = await work();
      if (!result.ok) throw new Rollback<E>(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result as Result<T, E>;
    throw error;
  }
}

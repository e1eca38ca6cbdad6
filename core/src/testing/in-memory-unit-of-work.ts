import type { UnitOfWork } from '../ports/unit-of-work';

/** A twin whose state lives in `rows` (a Map or an array), as every in-memory repository here keeps it. */
export interface RowHolder {
  readonly rows: Map<unknown, unknown> | unknown[];
}

/**
 * A UnitOfWork that undoes the writes of a failed `run` in the twins it is given (a copy of their rows
 * is taken first), as a database transaction rolls back. `immediateUnitOfWork` is the lighter choice
 * when a test never needs the rollback. Held to tests/contracts/unit-of-work.contract.ts with PostgreSQL.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  private readonly holders: RowHolder[];

  constructor(...holders: RowHolder[]) {
    this.holders = holders;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const saved = this.holders.map((h) => structuredClone(h.rows));
    try {
      return await work();
    } catch (error) {
      this.holders.forEach((h, i) => {
        const before = saved[i];
        if (h.rows instanceof Map && before instanceof Map) {
          h.rows.clear();
          for (const [k, v] of before) h.rows.set(k, v);
        } else if (Array.isArray(h.rows) && Array.isArray(before)) h.rows.splice(0, h.rows.length, ...before);
      });
      throw error;
    }
  }
}

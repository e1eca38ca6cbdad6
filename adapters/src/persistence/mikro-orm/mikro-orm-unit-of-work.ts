import type { MikroORM } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../../../../core/src';

/**
 * One PostgreSQL transaction around `work`. MikroORM's transaction context makes `orm.em`
 * resolve to the transaction's fork inside it, so repositories join it without being passed it.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly orm: MikroORM) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.orm.em.transactional(() => work());
  }
}

import type { MikroORM } from '@mikro-orm/postgresql';
import type { HealthProbe } from '../../../../core/src';

/** Database probe: one `select 1` with a short timeout, on a fork of the ORM's entity manager. */
export class DatabaseHealthProbe implements HealthProbe {
  readonly name = 'database';

  constructor(private readonly orm: MikroORM, private readonly timeoutMs = 2_000) {}

  async check() {
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      const query = this.orm.em.fork().getConnection().execute('select 1 as ok');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`sem resposta em ${this.timeoutMs} ms`)), this.timeoutMs);
      });
      await Promise.race([query, timeout]).finally(() => clearTimeout(timer));
      return { status: 'up' as const, latencyMs: elapsed() };
    } catch (error) {
      return { status: 'down' as const, reason: `Banco de dados indisponível: ${(error as Error).message}`, latencyMs: elapsed() };
    }
  }
}

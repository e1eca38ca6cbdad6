import { RetentionReport, systemClock, type Clock } from '../../../core/src';
import { openMigratedPool } from '../persistence/connection';
import { pgSqlRows } from '../persistence/mikro-orm/repositories/mikro-orm-programme-outcomes';
import { SqlRetentionSource } from '../persistence/mikro-orm/repositories/mikro-orm-privacy-repositories';
import type { AppConfig } from './config';

/** The light root of `limiar retention-report` (LGPD, issue 20): plain `pg`, read-only queries. */
export async function openRetentionServices(config: AppConfig, log: (m: string) => void, clock: Clock = systemClock): Promise<{ report: RetentionReport; close(): Promise<void> }> {
  const { pool, close } = await openMigratedPool(config, log);
  return { report: new RetentionReport(new SqlRetentionSource(pgSqlRows(pool)), clock), close };
}

import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { QueryAuditTrail, type AuditLog, type PatientRepository } from '../../../core/src';
import { BufferedAuditLog } from '../persistence/buffered-audit-log';
import type { Database } from '../persistence/database';
import { SqlAuditLog } from '../persistence/mikro-orm/repositories/sql-audit-log';
import type { AppConfig } from './config';
import { TOKENS } from './tokens';

/** Records nothing (LIMIAR_AUDIT=off: the audit benchmark's baseline only). */
const noAudit: AuditLog = { record: async () => undefined, query: async () => ({ total: 0, items: [] }) };

/**
 * The audit trail's bindings (issue 20, ADR 0020): the store (buffered by default: written after the
 * response, in batches, flushed before a query and on shutdown) and the administrator's query.
 * Writes use their own persistence context: they happen outside the request's.
 */
export function bindAuditTrail(c: Container, config: AppConfig, db: Database, logger: Logger): void {
  const store = new SqlAuditLog(() => db.orm.em.fork());
  const log: AuditLog = config.audit === 'off' ? noAudit : config.audit === 'direct' ? store : new BufferedAuditLog(store, logger);
  c.bind<AuditLog>(TOKENS.AuditLog).toConstantValue(log);
  c.bind(TOKENS.QueryAuditTrail).toDynamicValue(() => new QueryAuditTrail({ audit: log, patients: c.get<PatientRepository>(TOKENS.PatientRepository) }));
}

/** Writes what the buffered store still holds (the server's shutdown, before the database closes). */
export async function closeAuditTrail(c: Container): Promise<void> {
  const log = c.get<AuditLog & { close?: () => Promise<void> }>(TOKENS.AuditLog);
  await log.close?.();
}

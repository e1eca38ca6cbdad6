import type { Logger } from 'pino';
import type { AuditFilter, AuditLog, AuditPage, NewAuditEntry } from '../../../core/src';

export interface BufferedAuditLogOptions {
  /** Written at most this long after the first buffered entry. */
  flushMs?: number;
  /** Written at once when this many entries wait. */
  batchRows?: number;
  /** A database outage keeps at most this many entries waiting (the oldest are dropped beyond, with an error log). */
  maxPending?: number;
}

/**
 * The audit trail written after the response (ADR 0020): `record` only buffers; a batch is inserted 1 s
 * after its first entry (or at once at 1 000 entries), in order, one statement per batch — so few requests
 * ever overlap a write (one in a few hundred; tests/bench/audit.bench.ts). `query` and
 * `close` write the buffer first, so a query sees every earlier request and a normal shutdown loses no
 * entry. A failed insert (database restarting) keeps the batch for the next attempt.
 */
export class BufferedAuditLog implements AuditLog {
  private pending: NewAuditEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly batchRows: number;
  private readonly maxPending: number;

  constructor(private readonly store: AuditLog, private readonly logger: Logger, options: BufferedAuditLogOptions = {}) {
    this.flushMs = options.flushMs ?? 1_000;
    this.batchRows = options.batchRows ?? 1_000;
    this.maxPending = options.maxPending ?? 50_000;
  }

  async record(entries: readonly NewAuditEntry[]): Promise<void> {
    this.pending.push(...entries);
    if (this.pending.length > this.maxPending) {
      const dropped = this.pending.splice(0, this.pending.length - this.maxPending);
      this.logger.error({ dropped: dropped.length }, 'trilha de auditoria: entradas descartadas (banco indisponível por muito tempo)');
    }
    if (this.pending.length >= this.batchRows) void this.flush().catch(() => undefined);
    else this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), this.flushMs).unref();
  }

  /** Writes everything buffered so far (one batch after another); rejects when the database refused it. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const run = this.writing.catch(() => undefined).then(() => this.writeAll());
    this.writing = run;
    return run;
  }

  private async writeAll(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.batchRows);
      try {
        await this.store.record(batch);
      } catch (error) {
        this.pending.unshift(...batch);
        this.logger.warn({ err: error, waiting: this.pending.length }, 'trilha de auditoria: gravação adiada (banco indisponível?)');
        this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), 1_000).unref();
        throw error;
      }
    }
  }

  async query(filter: AuditFilter, page: { limit: number; offset: number }): Promise<AuditPage> {
    await this.flush();
    return this.store.query(filter, page);
  }

  /** Writes the buffer; the server calls it when closing. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      this.logger.error({ err: error, lost: this.pending.length }, 'trilha de auditoria: entradas não gravadas no encerramento');
    }
  }
}

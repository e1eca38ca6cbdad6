import type { Writable } from 'node:stream';
import { ExportRecords, ImportExams, systemClock, type MembershipSummary } from '../../../core/src';
import { DERIVED_EXPORT_COLUMNS, PgExamExportSource } from '../persistence/bulk/csv-export';
import { PgExamImportSink } from '../persistence/bulk/pg-exam-import-sink';
import { uuidV7 } from '../ids/uuid-v7';
import { PgProfessionalOrganizations } from '../persistence/bulk/pg-professional-organizations';
import { openMigratedPool } from '../persistence/connection';
import type { AppConfig } from './config';

/** Columns the exports add and the import recomputes (the import ignores them without a warning). */
export { DERIVED_EXPORT_COLUMNS };

/** The bulk use cases of `limiar import` and `limiar export`, over one small pool. */
export interface BulkServices {
  /** The organisations where the professional with that e-mail (any case) is an active member, with roles. */
  organizationsOf(email: string): Promise<MembershipSummary[]>;
  /** The import into one organisation; its connection is held until `close`. */
  importExams(organizationId: string): ImportExams;
  exportRecords: ExportRecords<Writable>;
  /** Releases the import's connection, ends the pool, stops an embedded server started here. */
  close(): Promise<void>;
}

/**
 * The light composition root of the bulk CLI commands: plain `pg` and COPY, no container, no ORM
 * (MikroORM loads only when a migration is pending), so they start fast and stay small
 * (docs/cli.md; ADR 0009). The server's root is `createContainer` (container.ts).
 */
export async function openBulkServices(config: AppConfig, log: (m: string) => void): Promise<BulkServices> {
  const sinks: PgExamImportSink[] = [];
  // the exams export reads the typed classification columns (ADR 0025); the import writes the current schema
  const { pool, close } = await openMigratedPool(config, log, () => {
    for (const sink of sinks) sink.release();
  });
  const organizations = new PgProfessionalOrganizations(pool);
  return {
    organizationsOf: (email) => organizations.organizationsOf(email),
    importExams(organizationId) {
      const sink = new PgExamImportSink(pool, organizationId);
      sinks.push(sink);
      // time-ordered ids: the imported workers and exams land side by side in their indexes (ADR 0026)
      return new ImportExams(sink, { next: () => uuidV7() }, systemClock);
    },
    exportRecords: new ExportRecords(new PgExamExportSource(() => pool)),
    close,
  };
}

import { AnnualReport, systemClock, type AnnualReportData, type FileStorage, type MembershipSummary } from '../../../core/src';
import { fileStorageFor } from './file-storage';
import { PgProfessionalOrganizations } from '../persistence/bulk/pg-professional-organizations';
import { openMigratedPool } from '../persistence/connection';
import { pgSqlRows, SqlProgrammeOutcomes } from '../persistence/mikro-orm/repositories/mikro-orm-programme-outcomes';
import { annualReportCsv } from '../reports/csv/annual-report-csv';
import { PuppeteerAnnualReportRenderer } from '../reports/puppeteer/annual-report-renderer';
import { PuppeteerReportRenderer } from '../reports/puppeteer/puppeteer-report-renderer';
import type { AppConfig } from './config';

/** What `limiar export programa` needs: the member's organisations, the report, its PDF and CSV. */
export interface AnnualReportServices {
  organizationsOf(email: string): Promise<MembershipSummary[]>;
  /** "Gerado por": the professional with that e-mail (name and registry). */
  professionalByEmail(email: string): Promise<{ name: string; registry: string | null } | undefined>;
  annualReport: AnnualReport;
  csv(report: AnnualReportData): string;
  /** Ends Chromium (when launched), the pool and an embedded server started here. */
  close(): Promise<void>;
}

/**
 * The light root of `limiar export programa`: plain `pg` like the other bulk commands (no ORM unless a
 * migration is pending), the report over SQL, Chromium launched only for a PDF.
 */
export async function openAnnualReportServices(config: AppConfig, log: (m: string) => void): Promise<AnnualReportServices> {
  const chromium = new PuppeteerReportRenderer({ poolSize: 1 });
  // the file key is read (or created) only when the organisation has a logo to print; disk or S3 (ADR 0022)
  let storage: (FileStorage & { close?(): Promise<void> }) | undefined;
  const { pool, close } = await openMigratedPool(config, log, async () => {
    await chromium.close();
    await storage?.close?.();
  });
  const files = { read: (key: string) => (storage ??= fileStorageFor(config)).read(key) };
  const source = new SqlProgrammeOutcomes(pgSqlRows(pool), files);
  const organizations = new PgProfessionalOrganizations(pool);
  return {
    organizationsOf: (email) => organizations.organizationsOf(email),
    professionalByEmail: (email) => source.professionalByEmail(email),
    annualReport: new AnnualReport({
      outcomes: source, companies: source, clinic: source, clock: systemClock, renderer: new PuppeteerAnnualReportRenderer(chromium),
      professionals: { findById: async () => undefined },
    }),
    csv: annualReportCsv,
    close,
  };
}

import type { Clock } from '../../ports/clock';
import type { RetentionSource } from '../../ports/privacy-ports';
import { programmeToday } from '../../programme/schedule';
import { recordsPastRetention, RETENTION_YEARS, type RetentionItem } from '../../privacy/retention';

export interface RetentionReportData {
  today: string;
  years: number;
  organizations: Array<{ id: string; name: string; workers: number; items: RetentionItem[] }>;
}

/**
 * `limiar retention-report`: per organisation, the workers whose records are past the NR-7 item
 * 7.6.1.1 retention period (20 years after the worker leaves). It only reports: deleting a record
 * stays the controller's decision (docs/lgpd.md).
 */
export class RetentionReport {
  constructor(private readonly source: RetentionSource, private readonly clock: Clock) {}

  async run(organizationId?: string): Promise<RetentionReportData> {
    const today = programmeToday(this.clock.now());
    const organizations = [];
    for (const org of await this.source.organizations(organizationId)) {
      const workers = await this.source.workers(org.id);
      organizations.push({ ...org, workers: workers.length, items: recordsPastRetention(workers, today) });
    }
    return { today, years: RETENTION_YEARS, organizations };
  }
}

import type { Clock } from '../../ports/clock';
import type { ProgrammeProjection } from '../../ports/programme-read-ports';
import { programmeToday } from '../../programme/schedule';

/**
 * Brings the programme projection up to date for every organisation with marked workers (ADR 0018), so the
 * first dashboard request after a bulk import or the migration does not pay a full rebuild (~15–20 s for
 * 100 000 workers). Run in the background by `limiar serve`; the dashboard queries still refresh first,
 * so a request never reads a stale row — this only moves the work out of the request.
 */
export class RefreshProgramme {
  constructor(private readonly projection: ProgrammeProjection, private readonly clock: Clock) {}

  async execute(signal?: { aborted: boolean }): Promise<{ organizations: number; refreshed: number }> {
    const today = programmeToday(this.clock.now());
    const organizations = await this.projection.organizationsToRefresh();
    let refreshed = 0;
    for (const organizationId of organizations) {
      if (signal?.aborted) break;
      refreshed += (await this.projection.refresh(organizationId, today)).refreshed;
    }
    return { organizations: organizations.length, refreshed };
  }
}

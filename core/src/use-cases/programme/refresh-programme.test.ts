import { describe, expect, it } from 'vitest';
import type { ProgrammeProjection } from '../../ports/programme-read-ports';
import { RefreshProgramme } from './refresh-programme';

const clock = (iso: string) => ({ now: () => new Date(iso) });

describe('RefreshProgramme', () => {
  it("refreshes every organisation with marked workers for Brazil's today, and sums what it recomputed", async () => {
    const calls: string[][] = [];
    const projection: ProgrammeProjection = {
      organizationsToRefresh: async () => ['org-a', 'org-b'],
      refresh: async (org, today) => (calls.push([org, today]), { refreshed: org === 'org-a' ? 3 : 2 }),
    };
    // 01:30 UTC on the 25th is still the 24th in São Paulo
    expect(await new RefreshProgramme(projection, clock('2026-11-25T01:30:00Z')).execute()).toEqual({ organizations: 2, refreshed: 5 });
    expect(calls).toEqual([['org-a', '2026-11-24'], ['org-b', '2026-11-24']]);
  });

  it('stops between organisations once asked to (the server is closing)', async () => {
    const signal = { aborted: false };
    const visited: string[] = [];
    const projection: ProgrammeProjection = {
      organizationsToRefresh: async () => ['org-a', 'org-b', 'org-c'],
      refresh: async (org) => {
        visited.push(org);
        signal.aborted = true;
        return { refreshed: 1 };
      },
    };
    expect(await new RefreshProgramme(projection, clock('2026-11-25T12:00:00Z')).execute(signal)).toEqual({ organizations: 3, refreshed: 1 });
    expect(visited).toEqual(['org-a']);
  });

  it('does nothing when nothing is marked', async () => {
    const projection: ProgrammeProjection = { organizationsToRefresh: async () => [], refresh: async () => { throw new Error('not called'); } };
    expect(await new RefreshProgramme(projection, clock('2026-11-25T12:00:00Z')).execute()).toEqual({ organizations: 0, refreshed: 0 });
  });
});

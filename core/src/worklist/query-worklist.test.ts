import { describe, expect, it } from 'vitest';
import type { WorklistGroup, WorklistQueries } from '../ports/worklist-queries';
import { QueryWorklist, worklistSlice } from './query-worklist';

const auth = { organizationId: 'org-1', userId: 'u-1' } as Parameters<QueryWorklist['all']>[0];

function recordingQueries() {
  const calls: Array<[string, WorklistGroup, { limit: number; offset: number }]> = [];
  const queries: WorklistQueries = {
    page: async (organizationId, group, slice) => {
      calls.push([organizationId, group, slice]);
      return { total: group.length, items: [] };
    },
  };
  return { calls, queries };
}

describe('worklistSlice', () => {
  it.each([
    [{}, { limit: 5, offset: 0 }],
    [{ limit: 0, offset: -3 }, { limit: 1, offset: 0 }],
    [{ limit: 1000, offset: 20 }, { limit: 100, offset: 20 }],
    [{ limit: 7.9, offset: 2.5 }, { limit: 7, offset: 2 }],
    [{ limit: Number.NaN }, { limit: 5, offset: 0 }],
  ])('%j → %j', (input, expected) => expect(worklistSlice(input)).toEqual(expected));
});

describe('QueryWorklist', () => {
  it('asks every group of the organisation once, with the capped limit, and keys the answer by group', async () => {
    const { calls, queries } = recordingQueries();
    const list = await new QueryWorklist(queries).all(auth, { limit: 3 });
    expect(calls).toEqual([
      ['org-1', 'examsWithoutReport', { limit: 3, offset: 0 }],
      ['org-1', 'draftReports', { limit: 3, offset: 0 }],
      ['org-1', 'readingsToReview', { limit: 3, offset: 0 }],
      ['org-1', 'unaddressedChanges', { limit: 3, offset: 0 }],
    ]);
    expect(Object.keys(list)).toEqual(['examsWithoutReport', 'draftReports', 'readingsToReview', 'unaddressedChanges']);
    expect(list.draftReports.total).toBe('draftReports'.length);
  });

  it('pages through one group', async () => {
    const { calls, queries } = recordingQueries();
    await new QueryWorklist(queries).group(auth, 'readingsToReview', { limit: 500, offset: 100 });
    expect(calls).toEqual([['org-1', 'readingsToReview', { limit: 100, offset: 100 }]]);
  });
});

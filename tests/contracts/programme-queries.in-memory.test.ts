import { describe } from 'vitest';
import { InMemoryProgrammeQueries, InMemoryProgrammeRecords } from '../../core/src/testing/in-memory-programme-queries';
import { programmeQueriesContract } from './programme-queries.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';

describe('in-memory programme queries (the reference: core rules over the entities)', () => {
  programmeQueriesContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    const records = new InMemoryProgrammeRecords();
    const queries = new InMemoryProgrammeQueries({ patients: stores.patients, exams: stores.exams, records: () => records });
    return {
      ...fixtures, queries, projection: queries,
      records: {
        company: async (c) => records.upsert('companies', c),
        sector: async (x) => records.upsert('sectors', x),
        ghe: async (g) => records.upsert('ghes', g),
        employment: async (e) => records.upsert('employments', e),
        clearEmployments: async (org, patientId) => {
          for (const e of records.employments.filter((x) => x.organizationId === org && x.patientId === patientId)) records.remove('employments', e.id);
        },
      },
    };
  });
});

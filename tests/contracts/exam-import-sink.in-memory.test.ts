import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { cnpjWithCheckDigits } from '../../core/src';
import { InMemoryExamImportSink } from '../../core/src/testing/in-memory-exam-import-sink';
import { nextId } from '../support/builders';
import { examImportSinkContract } from './exam-import-sink.contract';
import { inMemoryTenantFixtures } from './tenant-fixtures';

describe('in-memory exam import sink', () => {
  examImportSinkContract(async () => {
    const { stores, fixtures } = inMemoryTenantFixtures();
    return { ...fixtures, sink: (organizationId) => new InMemoryExamImportSink(stores, organizationId), close: async () => {} };
  });

  it('decides the current period in Brazil\'s calendar: at 22:30 in Brasília, a period dismissed that day is still current (the UTC date is already the next day)', async () => {
    const { stores } = inMemoryTenantFixtures();
    const org = nextId();
    const sink = new InMemoryExamImportSink(stores, org, () => new Date('2026-03-10T01:30:00Z'));
    const asked = { key: nextId(), name: 'Maria Souza', sex: 'F' as const, birthDate: '1980-05-17', age: 45, cpf: '52998224725', company: null, jobTitle: 'Soldadora' };
    const result = await sink.batch(async (b) => {
      const refs = await b.resolveProgrammeRefs({ companies: [{ key: 'a', cnpj: cnpjWithCheckDigits('445556670001'), name: 'Antiga S.A.' }], sectors: [], ghes: [] });
      const patientId = (await b.resolvePatients([asked])).get(asked.key)!.id;
      const companyId = refs.companies.get('a')!;
      await b.applyEmployments({
        inserts: [{ id: randomUUID(), patientId, companyId, registration: '1', jobTitle: 'Soldadora', sectorId: null, gheId: null, admissionDate: '2019-01-01', dismissalDate: '2026-03-09', startDate: '2019-01-01', endDate: null }],
        closes: [], fills: [],
      }, [patientId]);
      return { patientId, companyId };
    });
    expect((await stores.patients.findById(org, result.patientId))?.companyId).toBe(result.companyId);
  });
});

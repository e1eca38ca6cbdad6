import { describe, expect, it } from 'vitest';
import { planEmploymentImport, type EmploymentClaim, type ImportedPeriod } from './import-employment';

const ids = () => { let n = 0; return () => `new-${++n}`; };
const claim = (examDate: string, over: Partial<EmploymentClaim> = {}): EmploymentClaim => ({
  patientId: 'p1', companyId: 'c1', admissionDate: '2020-01-06', examDate, registration: '123', jobTitle: 'Operador', sectorId: 's1', gheId: 'g1', ...over,
});
const stored = (over: Partial<ImportedPeriod> = {}): ImportedPeriod => ({
  id: 'e1', patientId: 'p1', companyId: 'c1', registration: '123', jobTitle: 'Operador', sectorId: 's1', gheId: 'g1', admissionDate: '2020-01-06',
  dismissalDate: null, startDate: '2020-01-06', endDate: null, ...over,
});

describe('planEmploymentImport', () => {
  it('creates an unknown contract from its earliest row, from the admission date', () => {
    const plan = planEmploymentImport([], [claim('2022-03-01'), claim('2021-03-01')], ids());
    expect(plan.inserts).toEqual([expect.objectContaining({ id: 'new-1', startDate: '2020-01-06', endDate: null, gheId: 'g1', registration: '123' })]);
    expect(plan.closes).toEqual([]);
  });

  it('changes nothing when the file is imported again', () => {
    const first = planEmploymentImport([], [claim('2021-03-01'), claim('2022-03-01', { gheId: 'g2' })], ids());
    const again = planEmploymentImport(first.inserts, [claim('2021-03-01'), claim('2022-03-01', { gheId: 'g2' })], ids());
    expect(again).toEqual({ inserts: [], closes: [], fills: [] });
  });

  it('a later row in another GHE opens a new period from its exam date (a transfer), carrying what it does not say', () => {
    const plan = planEmploymentImport([stored()], [claim('2023-05-10', { gheId: 'g2', registration: null, jobTitle: null })], ids());
    expect(plan.closes).toEqual([{ id: 'e1', endDate: '2023-05-10' }]);
    expect(plan.inserts).toEqual([expect.objectContaining({ id: 'new-1', startDate: '2023-05-10', endDate: null, gheId: 'g2', sectorId: 's1', registration: '123', jobTitle: 'Operador' })]);
  });

  it('two transfers in one file: each period ends where the next begins', () => {
    const plan = planEmploymentImport([], [claim('2021-01-10'), claim('2022-01-10', { gheId: 'g2' }), claim('2023-01-10', { gheId: 'g3' })], ids());
    expect(plan.inserts.map((p) => [p.gheId, p.startDate, p.endDate])).toEqual([['g1', '2020-01-06', '2022-01-10'], ['g2', '2022-01-10', '2023-01-10'], ['g3', '2023-01-10', null]]);
  });

  it('never rewrites a closed period of the history', () => {
    const history = [stored({ endDate: '2022-01-01' }), stored({ id: 'e2', gheId: 'g2', startDate: '2022-01-01' })];
    expect(planEmploymentImport(history, [claim('2021-06-01', { gheId: 'g9' })], ids())).toEqual({ inserts: [], closes: [], fills: [] });
  });

  it('fills blank fields of a stored period and never overwrites them', () => {
    const plan = planEmploymentImport([stored({ registration: null, sectorId: null, gheId: 'g1' })], [claim('2021-01-01', { registration: '999', sectorId: 's7' })], ids());
    expect(plan.fills).toEqual([{ id: 'e1', registration: '999', jobTitle: 'Operador', sectorId: 's7', gheId: 'g1' }]);
    expect(plan.inserts).toEqual([]);
  });

  it('a row without sector and GHE agrees with any period (unknown is not a change)', () => {
    expect(planEmploymentImport([stored()], [claim('2024-01-01', { sectorId: null, gheId: null })], ids())).toEqual({ inserts: [], closes: [], fills: [] });
  });

  it('another admission date or company is another contract; dismissals are not inferred', () => {
    const plan = planEmploymentImport([stored()], [claim('2025-02-01', { companyId: 'c2', admissionDate: '2025-01-15' })], ids());
    expect(plan.closes).toEqual([]);
    expect(plan.inserts).toEqual([expect.objectContaining({ companyId: 'c2', admissionDate: '2025-01-15', startDate: '2025-01-15', dismissalDate: null })]);
  });

  it('an exam before the admission (a previous job) reads the contract at its admission', () => {
    const plan = planEmploymentImport([], [claim('2019-05-01')], ids());
    expect(plan.inserts).toEqual([expect.objectContaining({ startDate: '2020-01-06' })]);
  });
});

describe('planEmploymentImport — a file read newest-first', () => {
  it('a row older than what already placed the worker in his current period does not move him back', () => {
    // batch 1 (newest rows) created the contract in GHE g2; batch 2 brings his older exam in g1
    const stored = [{ ...({ id: 'e1', patientId: 'p1', companyId: 'c1', registration: '123', jobTitle: 'Operador', sectorId: 's1', gheId: 'g2' }), admissionDate: '2020-01-06', dismissalDate: null, startDate: '2020-01-06', endDate: null }];
    expect(planEmploymentImport(stored, [claim('2021-03-01', { gheId: 'g1' })], ids(), new Map([['e1', '2022-03-01']]))).toEqual({ inserts: [], closes: [], fills: [] });
    // a row newer than that evidence is a transfer, as before
    expect(planEmploymentImport(stored, [claim('2023-03-01', { gheId: 'g1' })], ids(), new Map([['e1', '2022-03-01']])).closes).toEqual([{ id: 'e1', endDate: '2023-03-01' }]);
  });

  it('within one batch the rows are read oldest first whatever the file order', () => {
    const plan = planEmploymentImport([], [claim('2023-01-10', { gheId: 'g3' }), claim('2022-01-10', { gheId: 'g2' }), claim('2021-01-10')], ids());
    expect(plan.inserts.map((p) => [p.gheId, p.startDate, p.endDate])).toEqual([['g1', '2020-01-06', '2022-01-10'], ['g2', '2022-01-10', '2023-01-10'], ['g3', '2023-01-10', null]]);
  });
});

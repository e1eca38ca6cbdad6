import { beforeEach, expect, it } from 'vitest';
import type { ExamReadingRepository, ReportRepository, WorklistQueries } from '../../core/src';
import { aHeldReading, aLaudo, anExam, at, aWorker } from '../support/builders';
import { withTwoOrganizations, type TenantFixtures } from './tenant-fixtures';

export interface WorklistStores extends TenantFixtures {
  reports: ReportRepository;
  readings: ExamReadingRepository;
  worklist: WorklistQueries;
}

const FAILED_READING = { attempts: [], confidence: 'unknown', analysisFailed: true, analysisError: 'Não foi possível ler o audiograma.', observations: [] } as const;

/** What every WorklistQueries must do (in memory and SQL alike): the four groups of "Pendências". */
export function worklistQueriesContract(make: () => Promise<WorklistStores>) {
  let s: WorklistStores;
  let org: string;
  let other: string;
  beforeEach(async () => void ({ s, org, other } = await withTwoOrganizations(await make())));

  async function worker(name: string, organizationId = org) {
    const w = aWorker(organizationId, { name });
    await s.patients.insert(w);
    return w.id;
  }
  async function exam(patientId: string, date: string, over: Parameters<typeof anExam>[2] = {}, organizationId = org) {
    const e = anExam(organizationId, patientId, { date, classification: {}, ...over });
    await s.exams.insert(e);
    return e.id;
  }
  const laudo = (patientId: string, examId: string, status: 'Draft' | 'Finalizado', updatedAt = at(0)) => s.reports.save(aLaudo(org, { patientId, examId }, { status, updatedAt }));
  const page = <G extends Parameters<WorklistQueries['page']>[1]>(group: G, limit = 10, offset = 0) => s.worklist.page(org, group, { limit, offset });

  it('lists each group as defined, leaving archived workers and other organisations out', async () => {
    const ana = await worker('Ana');
    await laudo(ana, await exam(ana, '2024-01-10'), 'Finalizado');
    const e2 = await exam(ana, '2025-03-01', { classification: { desencadeamento: true, agravamento: false } });
    const bruno = await worker('Bruno');
    const e3 = await exam(bruno, '2025-02-01', { classification: { agravamento: true } });
    await laudo(bruno, e3, 'Draft', at(30));
    const carla = await worker('Carla Arquivada');
    const e4 = await exam(carla, '2025-01-01', { classification: { desencadeamento: true } });
    await s.readings.save(aHeldReading(org, e4));
    await s.patients.setArchived(org, carla, at(1));
    const davi = await worker('Davi');
    const e5 = await exam(davi, '2025-04-01', { right: { air: {} }, left: { air: {} }, ambienteJson: FAILED_READING, updatedAt: at(20) });
    const e6 = await exam(davi, '2024-04-01');
    const held = aHeldReading(org, e6, { createdAt: at(10) });
    await s.readings.save(held);
    await s.readings.save(aHeldReading(org, e6, { status: 'applied' }));
    const eva = await worker('Eva');
    await exam(eva, '2024-05-01', { classification: { desencadeamento: true } });
    await exam(eva, '2025-05-01');
    await exam(await worker('Outra', other), '2025-01-01', { classification: { desencadeamento: true } }, other);

    const withoutReport = await page('examsWithoutReport');
    expect([withoutReport.total, withoutReport.items.map((i) => [i.patientName, i.examDate, i.hasThresholds])]).toEqual([5, [
      ['Eva', '2025-05-01', true], ['Davi', '2025-04-01', false], ['Ana', '2025-03-01', true], ['Eva', '2024-05-01', true], ['Davi', '2024-04-01', true],
    ]]);
    expect(await page('draftReports')).toMatchObject({ total: 1, items: [{ examId: e3, examDate: '2025-02-01', patientId: bruno, patientName: 'Bruno', companyName: null, type: 'simple', updatedAt: at(30) }] });
    const readings = await page('readingsToReview');
    expect([readings.total, readings.items.map((i) => [i.kind, i.examId, i.readingId])]).toEqual([2, [['failed', e5, null], ['pending', e6, held.id]]]);
    expect(readings.items[1]).toMatchObject({ fileName: 'outro.pdf', reasons: ['identity_mismatch', 'confidence'], confidence: 'medium', since: at(10), patientName: 'Davi' });
    expect(readings.items[0]).toMatchObject({ fileName: null, reasons: [], confidence: null, since: at(20) });
    expect(await page('unaddressedChanges')).toEqual({ total: 1, items: [{ patientId: ana, patientName: 'Ana', companyName: null, examId: e2, examDate: '2025-03-01', desencadeamento: true, agravamento: false }] });

    await laudo(ana, e2, 'Draft');
    expect(await page('unaddressedChanges')).toEqual({ total: 0, items: [] });
  });

  it('pages: the count stays whole when the slice is empty', async () => {
    const p = await worker('Paginada');
    for (const d of ['2025-01-01', '2025-01-02', '2025-01-03']) await exam(p, d);
    expect((await page('examsWithoutReport', 2, 0)).items.map((i) => i.examDate)).toEqual(['2025-01-03', '2025-01-02']);
    expect((await page('examsWithoutReport', 2, 2)).items.map((i) => i.examDate)).toEqual(['2025-01-01']);
    expect(await page('examsWithoutReport', 2, 10)).toEqual({ total: 3, items: [] });
    expect(await s.worklist.page(other, 'examsWithoutReport', { limit: 10, offset: 0 })).toEqual({ total: 0, items: [] });
  });
}

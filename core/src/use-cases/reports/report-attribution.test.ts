import { describe, expect, it } from 'vitest';
import type { LaudoDocument } from '../../ports/report-renderer';
import type { ReportWriter } from '../../ports/report-writer';
import { fixedClock, immediateUnitOfWork } from '../../testing/in-memory-account-adapters';
import { InMemoryFileStorage } from '../../testing/in-memory-file-storage';
import { InMemoryReportRepository } from '../../testing/in-memory-report-repository';
import { aTestProfessional, recordedWorker, TEST_ORG, testAuth } from '../../testing/recorded-worker';
import { ManageReports } from './manage-reports';
import { WriteNarrative } from './write-narrative';

// Issue 18: a laudo names who organised it and who finalised it; the finaliser signs the issued PDF.
const fono = { userId: 'u-3', organizationId: TEST_ORG, sessionId: 's-3', memberId: 'm-3', roles: ['fonoaudiologo'] as const };
const writer: ReportWriter = {
  source: 'template',
  write: async () => ({ interpretacao_exame: 'Interpretação.', recomendacoes: ['Retorno em 12 meses.'], summary_text: 'Resumo.', technical_justification: [], recommendations: [] }),
};

async function setUp() {
  const w = await recordedWorker([['2025-01-10', 35]]);
  await w.professionals.insert(aTestProfessional({ id: 'u-3', name: 'Fga. Lia Souza', professionalType: 'Fonoaudiologo', crm: null, crmState: null, crfa: '12345', crfaRegion: '2', specialization: 'Audiologia' }));
  const clock = fixedClock('2026-11-25T10:00:00Z');
  const rendered: LaudoDocument[] = [];
  const reports = new InMemoryReportRepository({ patients: w.s.patients, exams: w.s.exams });
  const manage = new ManageReports({
    reports, exams: w.s.exams, patients: w.s.patients, professionals: w.professionals, narrative: new WriteNarrative(writer),
    renderer: { render: async (doc) => (rendered.push(doc), new TextEncoder().encode('%PDF-1.7')) },
    storage: new InMemoryFileStorage(), ids: w.ids, clock, uow: immediateUnitOfWork,
  });
  return { ...w, clock, rendered, reports, manage, examId: w.exams[0].id };
}

describe('laudo attribution', () => {
  it('a fonoaudióloga drafts and a physician finalises: both are recorded, and the PDF is signed by the physician and names the drafter', async () => {
    const w = await setUp();
    const drafted = await w.manage.generate(fono, w.examId, { audiometryType: 'simple' });
    if (!drafted.ok) throw drafted.error;
    const draftedBy = { memberId: 'm-3', userId: 'u-3', name: 'Fga. Lia Souza', registry: 'CRFa 2-12345', at: '2026-11-25T10:00:00.000Z' };
    expect(drafted.value.report).toMatchObject({ doctorId: 'u-3', doctorName: 'Fga. Lia Souza', draftedBy, finalizedBy: null });

    w.clock.advance(30 * 60_000);
    const finalized = await w.manage.finalize(testAuth, drafted.value.report.id);
    if (!finalized.ok) throw finalized.error;
    const finalizedBy = { memberId: 'm-1', userId: 'u-1', name: 'Dra. Ana Lima', registry: 'CRM 12345/SP', at: '2026-11-25T10:30:00.000Z' };
    expect(finalized.value.report).toMatchObject({ status: 'Finalizado', draftedBy, finalizedBy, finalizedAt: new Date('2026-11-25T10:30:00Z') });
    expect((await w.reports.findById(TEST_ORG, drafted.value.report.id))!.report).toMatchObject({ draftedBy, finalizedBy });

    const issued = w.rendered.at(-1)!;
    expect(issued.status).toBe('Finalizado');
    expect(issued.signer).toEqual({ name: 'Dra. Ana Lima', typeLabel: 'Médico(a)', registry: 'CRM 12345/SP', specialization: 'Medicina do Trabalho' });
    expect(issued.draftedBy).toEqual({ name: 'Fga. Lia Souza', registry: 'CRFa 2-12345' });
    // the facts keep the drafter: who organised the draft is part of what was reviewed
    expect(issued.facts.professional.name).toBe('Fga. Lia Souza');
  });

  it('the same professional drafting and finalising signs without a drafter line; a draft preview is signed by its drafter', async () => {
    const w = await setUp();
    const drafted = await w.manage.generate(fono, w.examId, { audiometryType: 'simple' });
    if (!drafted.ok) throw drafted.error;
    expect((await w.manage.pdf(fono, drafted.value.report.id)).ok).toBe(true);
    expect(w.rendered.at(-1)).toMatchObject({ status: 'Draft', facts: { professional: { name: 'Fga. Lia Souza' } } });
    expect(w.rendered.at(-1)!.signer).toBeUndefined();

    const finalized = await w.manage.finalize(fono, drafted.value.report.id);
    if (!finalized.ok) throw finalized.error;
    expect(finalized.value.report.finalizedBy).toMatchObject({ memberId: 'm-3', name: 'Fga. Lia Souza' });
    expect(w.rendered.at(-1)!.signer).toMatchObject({ name: 'Fga. Lia Souza', registry: 'CRFa 2-12345' });
    expect(w.rendered.at(-1)!.draftedBy).toBeUndefined();
  });

  it('organising the laudo again re-attributes the draft to who organised it last', async () => {
    const w = await setUp();
    const first = await w.manage.generate(fono, w.examId, { audiometryType: 'simple' });
    if (!first.ok) throw first.error;
    w.clock.advance(60_000);
    const again = await w.manage.generate(testAuth, w.examId, { audiometryType: 'simple' });
    if (!again.ok) throw again.error;
    expect(again.value.report.id).toBe(first.value.report.id);
    expect(again.value.report.draftedBy).toMatchObject({ memberId: 'm-1', name: 'Dra. Ana Lima', at: '2026-11-25T10:01:00.000Z' });
  });

  it('a laudo finalised at 22:30 in Brasília is dated that day, not the next (the UTC date has already turned)', async () => {
    const w = await setUp();
    w.clock.advance(new Date('2026-11-26T01:30:00Z').getTime() - w.clock.now().getTime()); // 25/11/2026 22:30 in Brasília
    const drafted = await w.manage.generate(testAuth, w.examId, { audiometryType: 'simple' });
    if (!drafted.ok) throw drafted.error;
    const finalized = await w.manage.finalize(testAuth, drafted.value.report.id);
    if (!finalized.ok) throw finalized.error;
    const issued = w.rendered.at(-1)!;
    expect(issued.issuedOn).toBe('2026-11-25');
    expect(issued.facts.today).toBe('2026-11-25');
  });
});

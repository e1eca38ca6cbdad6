import { beforeEach, describe, expect, it } from 'vitest';
import type { ReportRepository } from '../../core/src';
import { aLaudo, anExam, at, aWorker, nextId } from '../support/builders';
import { withTwoOrganizations, type TenantFixtures } from './tenant-fixtures';

export interface ReportStores extends TenantFixtures {
  reports: ReportRepository;
}

/** What every ReportRepository must do (in memory and PostgreSQL alike). */
export function reportRepositoryContract(make: () => Promise<ReportStores>) {
  let s: ReportStores;
  let org: string;
  let other: string;
  beforeEach(async () => void ({ s, org, other } = await withTwoOrganizations(await make())));

  /** A worker (of a company, when named) with one exam on `date`. */
  async function examOf(name: string, date: string, over: { company?: string; organizationId?: string } = {}) {
    const organizationId = over.organizationId ?? org;
    const company = over.company ? await s.companies.findOrCreate(organizationId, over.company) : null;
    const worker = aWorker(organizationId, { name, companyId: company?.id ?? null, companyName: company?.name ?? null });
    await s.patients.insert(worker);
    const exam = anExam(organizationId, worker.id, { date });
    await s.exams.insert(exam);
    return { patientId: worker.id, examId: exam.id };
  }

  it('reads a saved laudo back whole, by id and by exam, with the worker and exam it is of', async () => {
    const of = await examOf('Maria Aparecida', '2025-04-02', { company: 'Metalúrgica Aço Forte' });
    const draftedBy = { memberId: null, userId: null, name: 'Fga. Lia Souza', registry: 'CRFa 2-12345', at: '2026-11-25T10:32:00.000Z' };
    const laudo = aLaudo(org, of, { draftedBy, type: 'nexo-causal', nexoAnswers: { repousoAuditivo14h: 'sim', trabalhouExpostoRuido: 'sim', tempoExposicaoAnos: 12, funcaoRuidosa: 'sim', usoEPI: 'nao-sei' } });
    await s.reports.save(laudo);
    const view = { report: laudo, patientName: 'Maria Aparecida', patientCompany: 'Metalúrgica Aço Forte', examDate: '2025-04-02' };
    expect(await s.reports.findById(org, laudo.id)).toEqual(view);
    expect(await s.reports.findByIdForUpdate(org, laudo.id)).toEqual(view);
    expect(await s.reports.findByExam(org, of.examId)).toEqual(view);
  });

  it('answers undefined for another organisation, an unknown id and a malformed id', async () => {
    const laudo = aLaudo(org, await examOf('Ana', '2025-01-01'));
    await s.reports.save(laudo);
    expect(await s.reports.findById(other, laudo.id)).toBeUndefined();
    expect(await s.reports.findByIdForUpdate(other, laudo.id)).toBeUndefined();
    expect(await s.reports.findByExam(other, laudo.examId)).toBeUndefined();
    expect(await s.reports.findById(org, nextId())).toBeUndefined();
    for (const malformed of ['not-a-uuid', 'f'.repeat(36)]) expect(await s.reports.findById(org, malformed)).toBeUndefined();
    expect(await s.reports.findByIdForUpdate(org, 'not-a-uuid')).toBeUndefined();
    expect(await s.reports.findByExam(org, 'not-a-uuid')).toBeUndefined();
    expect(await s.reports.list({ organizationId: other, limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    expect(await s.reports.list({ organizationId: org, patientId: 'not-a-uuid', limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
  });

  it('replaces the laudo saved again under its id (finalised), never under another organisation', async () => {
    const laudo = aLaudo(org, await examOf('Ana', '2025-01-01'));
    await s.reports.save(laudo);
    const finalizedBy = { memberId: null, userId: null, name: 'Dra. Helena Prado', registry: 'CRM 654321/SP', at: at(60).toISOString() };
    const finalised = { ...laudo, status: 'Finalizado' as const, pdfStorageKey: `${org}/${nextId()}.lmr`, pdfSha256: 'ab'.repeat(32), updatedAt: at(60), finalizedAt: at(60), finalizedBy };
    await s.reports.save(finalised);
    await s.reports.save({ ...laudo, organizationId: other, doctorName: 'Invasor' });
    expect((await s.reports.findById(org, laudo.id))?.report).toEqual(finalised);
    expect(await s.reports.findById(other, laudo.id)).toBeUndefined();
    expect((await s.reports.list({ organizationId: org, limit: 10, offset: 0 })).total).toBe(1);
  });

  it('lists newest first with totals and pages, by worker, and by worker name, author or type', async () => {
    const ana = await examOf('Ana Conceição', '2025-01-01');
    const bruno = await examOf('Bruno Lima', '2025-02-01');
    const carla = await examOf('Carla Dias', '2025-03-01');
    const foreign = await examOf('Ana Estrangeira', '2025-01-01', { organizationId: other });
    const a = aLaudo(org, ana, { createdAt: at(1), doctorName: 'Dr. José Prado' });
    const b = aLaudo(org, bruno, { createdAt: at(3), type: 'nexo-causal' });
    const c = aLaudo(org, carla, { createdAt: at(2) });
    for (const r of [a, b, c, aLaudo(other, foreign)]) await s.reports.save(r);
    const ids = (page: { items: Array<{ report: { id: string } }> }) => page.items.map((v) => v.report.id);
    const all = await s.reports.list({ organizationId: org, limit: 10, offset: 0 });
    expect([all.total, ids(all)]).toEqual([3, [b.id, c.id, a.id]]);
    const page = await s.reports.list({ organizationId: org, limit: 1, offset: 1 });
    expect([page.total, ids(page)]).toEqual([3, [c.id]]);
    expect(ids(await s.reports.list({ organizationId: org, patientId: ana.patientId, limit: 10, offset: 0 }))).toEqual([a.id]);
    expect(ids(await s.reports.list({ organizationId: org, q: 'CONCEICAO', limit: 10, offset: 0 }))).toEqual([a.id]);
    expect(ids(await s.reports.list({ organizationId: org, q: 'prado', limit: 10, offset: 0 }))).toEqual([a.id]);
    expect(ids(await s.reports.list({ organizationId: org, q: 'nexo', limit: 10, offset: 0 }))).toEqual([b.id]);
    expect((await s.reports.list({ organizationId: org, q: '50%_', limit: 10, offset: 0 })).total).toBe(0);
  });

  it("leaves an archived worker's laudos out of the list, but not out of his own list or a lookup by id", async () => {
    const kept = aLaudo(org, await examOf('Ativo', '2025-01-01'));
    const of = await examOf('Arquivado', '2025-01-01');
    const archived = aLaudo(org, of);
    await s.reports.save(kept);
    await s.reports.save(archived);
    await s.patients.setArchived(org, of.patientId, at(10));
    const listed = await s.reports.list({ organizationId: org, limit: 10, offset: 0 });
    expect([listed.total, listed.items.map((v) => v.report.id)]).toEqual([1, [kept.id]]);
    expect((await s.reports.list({ organizationId: org, patientId: of.patientId, limit: 10, offset: 0 })).items.map((v) => v.report.id)).toEqual([archived.id]);
    expect((await s.reports.findById(org, archived.id))?.report).toEqual(archived);
  });

  it('refuses a second laudo for the same exam', async () => {
    const of = await examOf('Ana', '2025-01-01');
    await s.reports.save(aLaudo(org, of));
    await expect(s.reports.save(aLaudo(org, of))).rejects.toThrow();
    expect((await s.reports.list({ organizationId: org, limit: 10, offset: 0 })).total).toBe(1);
  });

  describe('versions (issue 20)', () => {
    /** A finalised version 1 of the exam's laudo. */
    async function issued(name = 'Ana Versões') {
      const of = await examOf(name, '2025-01-01');
      const finalizedBy = { memberId: null, userId: null, name: 'Dra. Helena Prado', registry: 'CRM 654321/SP', at: at(60).toISOString() };
      const v1 = aLaudo(org, of, { status: 'Finalizado', pdfStorageKey: `${org}/${nextId()}.lmr`, pdfSha256: 'ab'.repeat(32), finalizedAt: at(60), finalizedBy, verificationCode: `V1${nextId().replace(/-/g, '').slice(0, 10).toUpperCase()}`, signatureKind: 'simples' });
      await s.reports.save(v1);
      return { of, v1 };
    }

    it('an amendment becomes the current version: by exam and in lists; every version stays readable by id and listed in order', async () => {
      const { of, v1 } = await issued();
      const v2 = aLaudo(org, of, { version: 2, supersedesId: v1.id, amendmentReason: 'Limiar de 4 kHz digitado errado na OE.', createdAt: at(90) });
      await s.reports.openAmendment(org, v1.id, v2);
      expect((await s.reports.findByExam(org, of.examId))?.report).toEqual(v2);
      expect((await s.reports.findById(org, v1.id))?.report).toEqual(v1);
      const listed = await s.reports.list({ organizationId: org, limit: 10, offset: 0 });
      expect([listed.total, listed.items.map((v) => v.report.id)]).toEqual([1, [v2.id]]);
      expect((await s.reports.list({ organizationId: org, patientId: of.patientId, limit: 10, offset: 0 })).items.map((v) => v.report.id)).toEqual([v2.id]);
      expect((await s.reports.listVersions(org, of.examId)).map((v) => [v.report.version, v.report.id])).toEqual([[1, v1.id], [2, v2.id]]);
      expect(await s.reports.listVersions(other, of.examId)).toEqual([]);
      expect(await s.reports.hasFinalizedVersion(org, of.examId)).toBe(true);
      expect(await s.reports.hasFinalizedVersion(other, of.examId)).toBe(false);
      // finalising the amendment marks version 1 superseded, both kept
      const supersededAt = at(120);
      await s.reports.save({ ...v2, status: 'Finalizado', finalizedAt: at(120), verificationCode: 'V2CODE000000', signatureKind: 'icp', pdfStorageKey: `${org}/${nextId()}.lmr`, pdfSha256: 'cd'.repeat(32) });
      await s.reports.save({ ...v1, supersededAt });
      expect((await s.reports.findById(org, v1.id))?.report.supersededAt).toEqual(supersededAt);
      expect((await s.reports.findByExam(org, of.examId))?.report.id).toBe(v2.id);
    });

    it('finds a finalised version by its verification code from any organisation, with the current version number', async () => {
      const { of, v1 } = await issued('Bruno Código');
      const found = await s.reports.findByVerificationCode(v1.verificationCode!);
      expect(found?.report).toEqual(v1);
      expect([found?.currentVersion, found?.patientName, found?.examDate, typeof found?.organizationName]).toEqual([1, 'Bruno Código', '2025-01-01', 'string']);
      await s.reports.openAmendment(org, v1.id, aLaudo(org, of, { version: 2, supersedesId: v1.id, amendmentReason: 'Correção da data do exame.' }));
      expect((await s.reports.findByVerificationCode(v1.verificationCode!))?.currentVersion).toBe(2);
      expect(await s.reports.findByVerificationCode('ZZZZZZZZZZZZ')).toBeUndefined();
      const draft = aLaudo(org, await examOf('Rascunho', '2025-02-01'), { verificationCode: 'DRAFT0000000' });
      await s.reports.save(draft);
      expect(await s.reports.findByVerificationCode('DRAFT0000000')).toBeUndefined();
    });

    it('discarding an open amendment restores the amended version as current; a first draft or another organisation is left alone', async () => {
      const { of, v1 } = await issued('Carla Descarte');
      const v2 = aLaudo(org, of, { version: 2, supersedesId: v1.id, amendmentReason: 'Correção do nome do operador.' });
      await s.reports.openAmendment(org, v1.id, v2);
      await s.reports.discardAmendment(other, v2.id);
      expect((await s.reports.findByExam(org, of.examId))?.report.id).toBe(v2.id);
      await s.reports.discardAmendment(org, v2.id);
      expect((await s.reports.findByExam(org, of.examId))?.report).toEqual(v1);
      expect(await s.reports.findById(org, v2.id)).toBeUndefined();
      expect((await s.reports.listVersions(org, of.examId)).map((v) => v.report.id)).toEqual([v1.id]);
      const first = aLaudo(org, await examOf('Primeiro', '2025-03-01'));
      await s.reports.save(first);
      await s.reports.discardAmendment(org, first.id);
      expect((await s.reports.findById(org, first.id))?.report).toEqual(first);
    });

    it('refuses to amend a version that is not the current one, or from another organisation', async () => {
      const { of, v1 } = await issued('Davi Recusa');
      await expect(s.reports.openAmendment(other, v1.id, aLaudo(other, of, { version: 2, supersedesId: v1.id }))).rejects.toThrow();
      const v2 = aLaudo(org, of, { version: 2, supersedesId: v1.id });
      await s.reports.openAmendment(org, v1.id, v2);
      await expect(s.reports.openAmendment(org, v1.id, aLaudo(org, of, { version: 3, supersedesId: v1.id }))).rejects.toThrow();
      expect((await s.reports.listVersions(org, of.examId)).length).toBe(2);
    });
  });
}

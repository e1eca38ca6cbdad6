import { beforeEach, expect, it } from 'vitest';
import type { CompanyRepository, DashboardQueries, ExamDeletionLog, ExamRepository, PatientRepository, ReadingNote } from '../../core/src';
import { anExam, aWorker, at, nextId as uuid } from '../support/builders';
import { withTwoOrganizations } from './tenant-fixtures';

/**
 * An exam without its classification document: PostgreSQL computes the document from the worker's
 * history when it reads an exam (ADR 0025), the in-memory double gives back what it was given; both
 * keep everything else exactly. The computed document is checked against the classifier in
 * adapters/src/persistence/mikro-orm/migrations/classification-on-read.int.test.ts.
 */
const stored = <T extends { classification?: unknown } | undefined>(e: T) => {
  if (!e) return e;
  const { classification: _c, ...rest } = e;
  return rest;
};

export interface PatientExamStores {
  patients: PatientRepository;
  companies: CompanyRepository;
  exams: ExamRepository;
  dashboard: DashboardQueries;
  deletions: ExamDeletionLog;
  /** Creates the organisation row (the PostgreSQL adapter has foreign keys). */
  addOrganization(id: string): Promise<void>;
}

/** One behaviour for every adapter of the patient and exam ports. */
export function patientExamRepositoriesContract(make: () => Promise<PatientExamStores>) {
  let s: PatientExamStores;
  let org: string;
  let other: string;
  beforeEach(async () => void ({ s, org, other } = await withTwoOrganizations(await make())));

  it('returns an equal patient after insert, only inside its organisation', async () => {
    const company = await s.companies.findOrCreate(org, 'Metalúrgica Aço Forte');
    const p = aWorker(org, { cpf: '52998224725', birthDate: '1985-02-03', companyId: company.id, companyName: company.name, email: 'j@x.com' });
    expect(await s.patients.insert(p)).toBe('inserted');
    expect(await s.patients.findById(org, p.id)).toEqual(p);
    expect(await s.patients.findByCpf(org, '52998224725')).toEqual(p);
    expect(await s.patients.findById(other, p.id)).toBeUndefined();
    expect(await s.patients.findByCpf(other, '52998224725')).toBeUndefined();
  });

  it('finds or creates companies by name regardless of case and accents', async () => {
    const a = await s.companies.findOrCreate(org, 'Metalúrgica São José');
    expect(await s.companies.findOrCreate(org, 'METALURGICA SAO JOSE')).toEqual(a);
    expect((await s.companies.findOrCreate(other, 'Metalúrgica São José')).id).not.toBe(a.id);
  });

  it("finds a company by id only in its own organisation (issue 15: embed tokens)", async () => {
    const a = await s.companies.findOrCreate(org, 'Têxtil Santa Rita');
    expect(await s.companies.findById(org, a.id)).toEqual(a);
    expect(await s.companies.findById(other, a.id)).toBeUndefined();
    expect(await s.companies.findById(org, 'not-an-id')).toBeUndefined();
    expect(await s.companies.findById(org, 'f'.repeat(36))).toBeUndefined();
  });

  it('refuses a CPF twice in one organisation, allows it in another', async () => {
    await s.patients.insert(aWorker(org, { cpf: '52998224725' }));
    expect(await s.patients.insert(aWorker(org, { cpf: '52998224725' }))).toBe('duplicate-cpf');
    expect(await s.patients.insert(aWorker(other, { cpf: '52998224725' }))).toBe('inserted');
    const b = aWorker(org, { cpf: '11144477735' });
    await s.patients.insert(b);
    expect(await s.patients.update({ ...b, cpf: '52998224725' })).toBe('duplicate-cpf');
  });

  it('searches names without regard to case or accents, by CPF digits, with totals and pages', async () => {
    const names = ['José da Silva', 'Maria Silveira', 'João Souza', 'Ana SILVA Costa', 'Pedro Santos'];
    for (const [i, name] of names.entries()) await s.patients.insert(aWorker(org, { name, createdAt: at(i), cpf: i === 4 ? '52998224725' : null }));
    await s.patients.insert(aWorker(other, { name: 'Silva de Outra Clínica' }));
    const silva = await s.patients.list({ organizationId: org, q: 'silva', limit: 10, offset: 0 });
    expect(silva.total).toBe(2);
    expect(silva.items.map((p) => p.name)).toEqual(['Ana SILVA Costa', 'José da Silva']);
    expect((await s.patients.list({ organizationId: org, q: 'JOAO', limit: 10, offset: 0 })).items.map((p) => p.name)).toEqual(['João Souza']);
    expect((await s.patients.list({ organizationId: org, q: '529.982', limit: 10, offset: 0 })).items.map((p) => p.name)).toEqual(['Pedro Santos']);
    const page = await s.patients.list({ organizationId: org, limit: 2, offset: 2 });
    expect(page.total).toBe(5);
    expect(page.items.map((p) => p.name)).toEqual(['João Souza', 'Maria Silveira']);
    expect((await s.patients.list({ organizationId: org, q: '50%_', limit: 10, offset: 0 })).total).toBe(0);
    // a search's pages carry the count of every match, a page past the last match too
    expect(await s.patients.list({ organizationId: org, q: 'silva', limit: 1, offset: 1 })).toMatchObject({ total: 2, items: [{ name: 'José da Silva' }] });
    expect(await s.patients.list({ organizationId: org, q: 'silva', limit: 10, offset: 5 })).toEqual({ total: 2, items: [] });
  });

  it('searches the typed text literally: quotes, backslashes, % and _ match only themselves', async () => {
    const names = ["Ana D'Ávila", 'Bia 50% Lima', 'Caio 5000 Lima', 'Davi A_B', 'Edu AxB', 'Fabi C\\D'];
    for (const [i, name] of names.entries()) await s.patients.insert(aWorker(org, { name, createdAt: at(i) }));
    const found = async (q: string) => (await s.patients.list({ organizationId: org, q, limit: 10, offset: 0 })).items.map((p) => p.name);
    expect(await found("d'avila")).toEqual(["Ana D'Ávila"]);
    expect(await found('50%')).toEqual(['Bia 50% Lima']);
    expect(await found('a_b')).toEqual(['Davi A_B']);
    expect(await found('c\\d')).toEqual(['Fabi C\\D']);
    expect(await found("' or ''='")).toEqual([]);
  });

  it('stores exams with NR and bone conduction, lists them by patient in date order, counts them', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const later = anExam(org, p.id, { date: '2025-06-01' });
    const earlier = anExam(org, p.id, { date: '2024-06-01', createdAt: at(5) });
    await s.exams.insert(later);
    await s.exams.insert(earlier);
    expect(stored((await s.exams.findById(org, later.id))?.exam)).toEqual(stored(later));
    expect((await s.exams.findById(org, later.id))?.patient).toMatchObject({ id: p.id, name: p.name, sex: 'M' });
    expect(await s.exams.findById(other, later.id)).toBeUndefined();
    expect((await s.exams.listForPatient(org, p.id)).map((e) => e.date)).toEqual(['2024-06-01', '2025-06-01']);
    expect((await s.patients.list({ organizationId: org, limit: 10, offset: 0 })).items[0].examCount).toBe(2);
    const listed = await s.exams.list({ organizationId: org, limit: 10, offset: 0 });
    expect(listed.total).toBe(2);
    expect(listed.items.map((v) => v.exam.date)).toEqual(['2025-06-01', '2024-06-01']);
    expect((await s.exams.list({ organizationId: other, limit: 10, offset: 0 })).total).toBe(0);
    expect(await s.dashboard.counts(org, '2025-06-01')).toEqual({ patients: 1, exams: 2, reports: 0, examsThisMonth: 1 });
  });

  it('keeps a reference designation and lists the workers with exams of another rules version', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const designation = { reason: 'Primeiro exame sem repouso de 14 h', designatedBy: 'Dra. Ana (CRM 1/SP)', designatedAt: '2026-11-24T12:00:00.000Z' };
    const e = anExam(org, p.id, { referenceDesignation: designation, rulesVersion: 'old' });
    await s.exams.insert(e);
    expect((await s.exams.findById(org, e.id))?.exam.referenceDesignation).toEqual(designation);
    expect((await s.exams.listAudiometryForPatient(org, p.id))[0]).toMatchObject({ id: e.id, referenceDesignation: designation });
    await s.exams.update({ ...e, referenceDesignation: null });
    expect((await s.exams.findById(org, e.id))?.exam.referenceDesignation).toBeNull();
    expect(await s.exams.listPatientsWithStaleRules('old', 1000)).not.toContainEqual({ organizationId: org, patientId: p.id });
    expect(await s.exams.listPatientsWithStaleRules('new', 1000)).toContainEqual({ organizationId: org, patientId: p.id });
    await s.exams.saveClassifications(org, [{ id: e.id, classification: {}, rulesVersion: 'new' }]);
    expect(await s.exams.listPatientsWithStaleRules('new', 1000)).not.toContainEqual({ organizationId: org, patientId: p.id });
  });

  it('keeps the clinical fields (anamnese, meatoscopia per ear, masking) through insert and update', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const e = anExam(org, p.id, { anamnese: 'Zumbido há 2 anos', meatoscopia: { od: 'Livre', oe: null }, mascaramento: 'Ruído de banda estreita OE' });
    await s.exams.insert(e);
    expect(stored((await s.exams.findById(org, e.id))?.exam)).toEqual(stored(e));
    await s.exams.update({ ...e, anamnese: null, meatoscopia: { od: 'Livre', oe: 'Cerume' }, mascaramento: null });
    expect((await s.exams.findById(org, e.id))?.exam).toMatchObject({ anamnese: null, meatoscopia: { od: 'Livre', oe: 'Cerume' }, mascaramento: null });
  });

  it('keeps the exam type (NR-7 7.5.6, issue 19) through insert and update, and null', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const e = anExam(org, p.id, { examType: 'admissional' });
    await s.exams.insert(e);
    expect((await s.exams.findById(org, e.id))?.exam.examType).toBe('admissional');
    await s.exams.update({ ...e, examType: 'mudanca_riscos' });
    expect((await s.exams.listForPatient(org, p.id)).map((x) => x.examType)).toEqual(['mudanca_riscos']);
    await s.exams.update({ ...e, examType: null });
    expect((await s.exams.findById(org, e.id))?.exam.examType).toBeNull();
  });

  it('keeps the reading note (ambienteJson) as an object through insert and update, and null', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const note: ReadingNote = {
      extractedAt: '2026-11-24T10:00:00.000Z', extractedFrom: 'audiometria.pdf', attempts: [{ reader: 'pdf-text', status: 'read' }], confidence: 'medium', source: 'pdf-text',
      pointConfidence: { right: { air: { 4000: 'medium' }, bone: {} }, left: { air: {}, bone: { 500: 'low' } } }, observations: ['pdf-text: leitura concluída'],
    };
    const e = anExam(org, p.id, { ambienteJson: note });
    await s.exams.insert(e);
    expect((await s.exams.findById(org, e.id))?.exam.ambienteJson).toEqual(note);
    const held: ReadingNote = { ...note, reviewPending: { readingId: uuid(), fileName: 'outro.pdf', reasons: ['identity_mismatch', 'confidence'] } };
    await s.exams.update({ ...e, ambienteJson: held });
    expect((await s.exams.listForPatient(org, p.id))[0].ambienteJson).toEqual(held);
    await s.exams.update({ ...e, ambienteJson: null });
    expect((await s.exams.findById(org, e.id))?.exam.ambienteJson).toBeNull();
  });

  it('keeps who recorded an exam (written once) and who last corrected it (kept by an update that names no one)', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const recordedBy = { memberId: null, userId: null, name: 'Bruno Técnico', registry: null, at: '2026-11-25T10:32:00.000Z' };
    const e = anExam(org, p.id, { recordedBy });
    await s.exams.insert(e);
    expect(stored((await s.exams.findById(org, e.id))?.exam)).toEqual(stored(e));
    const updatedBy = { memberId: null, userId: null, name: 'Dra. Helena Prado', registry: 'CRM 654321/SP', at: '2026-11-25T11:00:00.000Z' };
    await s.exams.update({ ...e, observacoes: 'Corrigido', recordedBy: null, updatedBy });
    expect((await s.exams.findById(org, e.id))?.exam).toMatchObject({ observacoes: 'Corrigido', recordedBy, updatedBy, imported: false });
    const { updatedBy: _omitted, ...withoutCorrector } = e;
    await s.exams.update({ ...withoutCorrector, observacoes: 'Reclassificado' });
    expect((await s.exams.listForPatient(org, p.id))[0]).toMatchObject({ observacoes: 'Reclassificado', recordedBy, updatedBy });
  });

  it('updates an exam and saves recomputed classifications', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const e = anExam(org, p.id);
    await s.exams.insert(e);
    await s.exams.update({ ...e, right: { air: { 500: 30 } }, updatedAt: at(9) });
    expect((await s.exams.findById(org, e.id))?.exam.right).toEqual({ air: { 500: 30 } });
    await s.exams.saveClassifications(org, [{ id: e.id, classification: { classification_right: 'nao_sugestivo' }, rulesVersion: 'r2' }]);
    await s.exams.saveClassifications(other, [{ id: e.id, classification: { hacked: true }, rulesVersion: 'x' }]);
    expect((await s.exams.findById(org, e.id))?.exam).toMatchObject({ rulesVersion: 'r2' });
  });

  it('archives and restores a patient: hidden from the list, the exam list and the counters, kept by id', async () => {
    const p = aWorker(org, { name: 'Arquivado' });
    const q = aWorker(org, { name: 'Ativo' });
    await s.patients.insert(p);
    await s.patients.insert(q);
    const e = anExam(org, p.id, { date: '2025-06-01' });
    await s.exams.insert(e);
    await s.exams.insert(anExam(org, q.id, { date: '2025-06-02' }));
    const at = new Date('2026-11-24T10:00:00.000Z');
    expect(await s.patients.setArchived(other, p.id, at)).toBe(false);
    const by = { memberId: null, userId: null, name: 'Dra. Ana Lima', registry: 'CRM 12345/SP', at: at.toISOString() };
    expect(await s.patients.setArchived(org, p.id, at, by)).toBe(true);
    expect((await s.patients.findById(org, p.id))?.archivedAt).toEqual(at);
    expect((await s.patients.findById(org, p.id))?.archivedBy).toEqual(by);
    expect((await s.patients.findById(org, q.id))?.archivedBy).toBeNull();
    const active = await s.patients.list({ organizationId: org, limit: 10, offset: 0 });
    expect([active.total, active.items.map((x) => x.name)]).toEqual([1, ['Ativo']]);
    expect((await s.patients.list({ organizationId: org, q: 'arquiv', limit: 10, offset: 0 })).total).toBe(0);
    const archived = await s.patients.list({ organizationId: org, archived: true, limit: 10, offset: 0 });
    expect([archived.total, archived.items.map((x) => [x.name, x.examCount])]).toEqual([1, [['Arquivado', 1]]]);
    const exams = await s.exams.list({ organizationId: org, limit: 10, offset: 0 });
    expect([exams.total, exams.items.map((v) => v.patient.id)]).toEqual([1, [q.id]]);
    expect((await s.exams.list({ organizationId: org, patientId: p.id, limit: 10, offset: 0 })).items.map((v) => v.exam.id)).toEqual([e.id]);
    expect(await s.dashboard.counts(org, '2025-06-01')).toEqual({ patients: 1, exams: 1, reports: 0, examsThisMonth: 1 });
    await s.patients.update({ ...p, name: 'Arquivado Corrigido', archivedAt: null, archivedBy: null });
    expect((await s.patients.findById(org, p.id))?.archivedAt).toEqual(at);
    expect((await s.patients.findById(org, p.id))?.archivedBy).toEqual(by);
    expect(await s.patients.setArchived(org, p.id, null)).toBe(true);
    expect((await s.patients.findById(org, p.id))?.archivedBy).toBeNull();
    expect((await s.patients.list({ organizationId: org, limit: 10, offset: 0 })).total).toBe(2);
    expect(await s.dashboard.counts(org, '2025-06-01')).toEqual({ patients: 2, exams: 2, reports: 0, examsThisMonth: 2 });
  });

  it('deletes one exam, only inside its organisation', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const e = anExam(org, p.id);
    const kept = anExam(org, p.id, { date: '2025-09-01' });
    await s.exams.insert(e);
    await s.exams.insert(kept);
    expect(await s.exams.delete(other, e.id)).toBe(false);
    expect(await s.exams.delete(org, e.id)).toBe(true);
    expect(await s.exams.findById(org, e.id)).toBeUndefined();
    expect((await s.exams.listForPatient(org, p.id)).map((x) => x.id)).toEqual([kept.id]);
    expect(await s.exams.delete(org, e.id)).toBe(false);
    expect(await s.dashboard.counts(org, '2000-01-01')).toMatchObject({ exams: 1 });
  });

  it('keeps exam deletion records per worker, newest first', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const rec = (examId: string, s2: number) => ({
      id: uuid(), organizationId: org, patientId: p.id, examId, examDate: '2025-03-01', reason: 'Exame duplicado por engano', deletedBy: null, deletedByMemberId: null,
      deletedByName: 'Dra. Ana (CRM 1/SP)', deletedAt: at(s2), snapshot: { exam: { id: examId, observacoes: 'x' }, files: [], draftReportId: null },
    });
    const first = rec(uuid(), 1);
    const second = rec(uuid(), 2);
    await s.deletions.record(first);
    await s.deletions.record(second);
    expect(await s.deletions.listForPatient(org, p.id)).toEqual([second, first]);
    expect(await s.deletions.listForPatient(other, p.id)).toEqual([]);
  });

  it('deletes a patient with its exams, only inside its organisation', async () => {
    const p = aWorker(org);
    await s.patients.insert(p);
    const e = anExam(org, p.id);
    await s.exams.insert(e);
    expect(await s.patients.delete(other, p.id)).toBe(false);
    expect(await s.patients.delete(org, p.id)).toBe(true);
    expect(await s.exams.findById(org, e.id)).toBeUndefined();
    expect(await s.patients.delete(org, p.id)).toBe(false);
    expect(await s.dashboard.counts(org, '2000-01-01')).toMatchObject({ patients: 0, exams: 0 });
  });
}

import { beforeEach, expect, it } from 'vitest';
import type { ExamFileRepository, ExamFileStore } from '../../core/src';
import { anExam, at, aWorker, nextId } from '../support/builders';
import { withTwoOrganizations, type TenantFixtures } from './tenant-fixtures';

export interface ExamFileStores extends TenantFixtures {
  /** The write side (upload). */
  store: ExamFileStore;
  /** The list side (the exam page). */
  files: ExamFileRepository;
}

/** What every ExamFileStore with its ExamFileRepository must do (in memory and PostgreSQL alike). */
export function examFileStoreContract(make: () => Promise<ExamFileStores>) {
  let s: ExamFileStores;
  let org: string;
  let other: string;
  let examId: string;
  beforeEach(async () => {
    ({ s, org, other } = await withTwoOrganizations(await make()));
    const worker = aWorker(org);
    await s.patients.insert(worker);
    const exam = anExam(org, worker.id);
    await s.exams.insert(exam);
    examId = exam.id;
  });

  const aFile = (over: { id?: string; createdAt?: Date; uploadedBy?: string; fileName?: string } = {}) => ({
    id: nextId(), organizationId: org, examId, fileName: 'audiometria joão.pdf', mediaType: 'application/pdf', sizeBytes: 48_213,
    storageKey: `${org}/${nextId()}.lmr`, sha256: 'cd'.repeat(32), uploadedBy: '', createdAt: at(0), ...over,
  });

  it('finds an uploaded file by id with its storage key, and lists it on its exam without it', async () => {
    const uploader = nextId();
    await s.addProfessional(org, uploader);
    const f = aFile({ uploadedBy: uploader });
    await s.store.insert(f);
    const listed = { id: f.id, examId, fileName: f.fileName, mediaType: f.mediaType, sizeBytes: f.sizeBytes, createdAt: f.createdAt };
    expect(await s.store.findById(org, f.id)).toEqual({ ...listed, storageKey: f.storageKey });
    expect(await s.files.listForExam(org, examId)).toEqual([listed]);
  });

  it('answers undefined or nothing for another organisation, an unknown id and a malformed id', async () => {
    const f = aFile();
    await s.store.insert(f);
    expect(await s.store.findById(other, f.id)).toBeUndefined();
    expect(await s.files.listForExam(other, examId)).toEqual([]);
    expect(await s.store.findById(org, nextId())).toBeUndefined();
    for (const malformed of ['not-a-uuid', 'f'.repeat(36)]) expect(await s.store.findById(org, malformed)).toBeUndefined();
  });

  it("lists an exam's files oldest first, whatever order they were stored in", async () => {
    const late = aFile({ createdAt: at(20), fileName: 'b.png' });
    const early = aFile({ createdAt: at(10), fileName: 'a.pdf' });
    await s.store.insert(late);
    await s.store.insert(early);
    expect((await s.files.listForExam(org, examId)).map((f) => f.fileName)).toEqual(['a.pdf', 'b.png']);
  });

  it('refuses a second file with the same id', async () => {
    const f = aFile();
    await s.store.insert(f);
    await expect(s.store.insert({ ...f, fileName: 'outro.pdf' })).rejects.toThrow();
    expect((await s.store.findById(org, f.id))?.fileName).toBe(f.fileName);
  });

  it('loses the file rows with their exam (the stored bytes stay in FileStorage)', async () => {
    const f = aFile();
    await s.store.insert(f);
    expect(await s.exams.delete(org, examId)).toBe(true);
    expect(await s.store.findById(org, f.id)).toBeUndefined();
    expect(await s.files.listForExam(org, examId)).toEqual([]);
  });

  it('answers no files for a malformed exam id', async () => {
    for (const malformed of ['not-a-uuid', 'f'.repeat(36)]) expect(await s.files.listForExam(org, malformed)).toEqual([]);
  });
}

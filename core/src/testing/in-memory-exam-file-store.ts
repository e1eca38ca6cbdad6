import type { ExamFileStore } from '../ports/exam-file-store';
import type { ExamFile } from '../ports/patient-ports';
import type { InMemoryExamFileRepository } from './in-memory-patient-exam-adapters';

type StoredFile = Parameters<ExamFileStore['insert']>[0];

/**
 * The write side of exam files over the rows the list side (InMemoryExamFileRepository) reads: rows are
 * kept in upload order as the database's (exam_id, created_at) index gives them, and a row removed with
 * its exam is gone for `findById` too. Held to tests/contracts/exam-file-store.contract.ts with PostgreSQL.
 */
export class InMemoryExamFileStore implements ExamFileStore {
  private readonly stored = new Map<string, Pick<StoredFile, 'storageKey' | 'sha256' | 'uploadedBy'>>();

  constructor(private readonly files: InMemoryExamFileRepository) {}

  async insert({ storageKey, sha256, uploadedBy, organizationId, ...file }: StoredFile) {
    if (this.files.rows.some((f) => f.id === file.id)) throw new Error(`exam file ${file.id} exists`);
    const row: ExamFile & { organizationId: string } = { ...structuredClone(file), organizationId };
    const after = this.files.rows.findIndex((f) => f.createdAt > row.createdAt);
    this.files.rows.splice(after < 0 ? this.files.rows.length : after, 0, row);
    this.stored.set(file.id, { storageKey, sha256, uploadedBy });
  }

  async findById(organizationId: string, id: string) {
    const row = this.files.rows.find((f) => f.id === id && f.organizationId === organizationId);
    const stored = this.stored.get(id);
    if (!row || !stored) return undefined;
    const { organizationId: _o, ...file } = structuredClone(row);
    return { ...file, storageKey: stored.storageKey };
  }
}

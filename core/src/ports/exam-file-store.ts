import type { ExamFile } from './patient-ports';

/** Writes exam_file rows (the list side is ExamFileRepository). */
export interface ExamFileStore {
  insert(file: ExamFile & { organizationId: string; storageKey: string; sha256: string; uploadedBy: string }): Promise<void>;
  findById(organizationId: string, id: string): Promise<(ExamFile & { storageKey: string }) | undefined>;
}

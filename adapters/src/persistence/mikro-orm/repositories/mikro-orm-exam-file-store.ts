import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExamFile, ExamFileStore } from '../../../../../core/src';
import { ExamFileSchema } from '../schemas/patient-exam-schemas';
import { isUuid } from './uuid';

export class MikroOrmExamFileStore implements ExamFileStore {
  constructor(private readonly em: () => EntityManager) {}

  async insert(f: ExamFile & { organizationId: string; storageKey: string; sha256: string; uploadedBy: string }) {
    await this.em().insert(ExamFileSchema, {
      id: f.id, organizationId: f.organizationId, examId: f.examId, fileName: f.fileName, mediaType: f.mediaType, sizeBytes: f.sizeBytes,
      storageKey: f.storageKey, sha256: f.sha256, uploadedBy: f.uploadedBy || null, createdAt: f.createdAt,
    });
  }

  async findById(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const row = await this.em().findOne(ExamFileSchema, { id, organizationId }, { disableIdentityMap: true });
    if (!row) return undefined;
    return { id: row.id, examId: row.examId, fileName: row.fileName, mediaType: row.mediaType, sizeBytes: Number(row.sizeBytes), createdAt: row.createdAt, storageKey: row.storageKey };
  }
}

import type { InferEntity } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseAttribution, type AudiogramReading, type ExamReading, type ExamReadingRepository, type ExamReadingStatus, type IdentityCheck, type ReadingReviewReason } from '../../../../../core/src';
import { ExamReadingSchema } from '../schemas/exam-reading-schemas';
import { isUuid } from './uuid';

type Row = InferEntity<typeof ExamReadingSchema>;

const toRow = (r: ExamReading): Row => ({
  id: r.id, organizationId: r.organizationId, examId: r.examId, fileId: r.fileId, fileName: r.fileName, status: r.status,
  reasons: r.reasons, reading: r.reading, identityCheck: r.identity, confidence: r.reading.confidence,
  createdAt: r.createdAt, decidedAt: r.decidedAt, decidedBy: r.decidedBy, reviewedBy: r.reviewedBy ?? null,
});

const toReading = (row: Row): ExamReading => ({
  id: row.id, organizationId: row.organizationId, examId: row.examId, fileId: row.fileId ?? null, fileName: row.fileName,
  status: row.status as ExamReadingStatus, reasons: row.reasons as ReadingReviewReason[], reading: row.reading as AudiogramReading,
  identity: row.identityCheck as IdentityCheck, createdAt: row.createdAt, decidedAt: row.decidedAt ?? null, decidedBy: row.decidedBy ?? null,
  reviewedBy: parseAttribution(row.reviewedBy),
});

/** `exam_reading` rows (Migration20261124120000ExamReading). */
export class MikroOrmExamReadingRepository implements ExamReadingRepository {
  constructor(private readonly em: () => EntityManager) {}

  async save(reading: ExamReading) {
    await this.em().upsert(ExamReadingSchema, toRow(reading));
  }

  async findById(organizationId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const row = await this.em().findOne(ExamReadingSchema, { id, organizationId }, { disableIdentityMap: true });
    return row ? toReading(row) : undefined;
  }

  async listForExam(organizationId: string, examId: string) {
    if (!isUuid(examId)) return [];
    const rows = await this.em().find(ExamReadingSchema, { organizationId, examId }, { orderBy: { createdAt: 'desc', id: 'desc' }, disableIdentityMap: true });
    return rows.map(toReading);
  }
}

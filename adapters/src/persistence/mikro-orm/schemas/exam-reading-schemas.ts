import { defineEntity } from '@mikro-orm/core';

// Readings held for review (issue 14, Migration20261124120000ExamReading).
const p = defineEntity.properties;

export const ExamReadingSchema = defineEntity({
  name: 'ExamReading',
  tableName: 'exam_reading',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    examId: p.uuid(),
    fileId: p.uuid().nullable(),
    fileName: p.text(),
    status: p.text(),
    reasons: p.json<string[]>(),
    reading: p.json<unknown>(),
    identityCheck: p.json<unknown>(),
    confidence: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
    decidedAt: p.datetime().columnType('timestamptz').nullable(),
    decidedBy: p.uuid().nullable(),
    /** Who applied or discarded it, with name and registry (issue 18). */
    reviewedBy: p.json<unknown>().nullable(),
  },
});

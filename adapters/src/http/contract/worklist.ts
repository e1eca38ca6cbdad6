import { z } from 'zod';

const worker = { patientId: z.string(), patientName: z.string(), companyName: z.string().nullable() };
const page = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

export const examWithoutReportItem = z.object({ ...worker, examId: z.string(), examDate: z.string(), hasThresholds: z.boolean() });
export const draftReportItem = z.object({ ...worker, reportId: z.string(), examId: z.string(), examDate: z.string(), type: z.enum(['simple', 'nexo-causal']), updatedAt: z.string() });
export const readingToReviewItem = z.object({
  ...worker,
  kind: z.enum(['pending', 'failed']),
  examId: z.string(),
  examDate: z.string(),
  readingId: z.string().nullable(),
  fileName: z.string().nullable(),
  reasons: z.array(z.enum(['identity_mismatch', 'confidence', 'existing_thresholds'])),
  confidence: z.enum(['high', 'medium', 'low']).nullable(),
  since: z.string(),
});
export const unaddressedChangeItem = z.object({ ...worker, examId: z.string(), examDate: z.string(), desencadeamento: z.boolean(), agravamento: z.boolean() });

/**
 * `GET /api/worklist` (issue 14, dashboard "Pendências"): per group the count and the first items,
 * most recent first. Archived workers are left out.
 */
export const worklistResponse = z.object({
  examsWithoutReport: page(examWithoutReportItem),
  draftReports: page(draftReportItem),
  readingsToReview: page(readingToReviewItem),
  unaddressedChanges: page(unaddressedChangeItem),
});
export type WorklistResponse = z.infer<typeof worklistResponse>;

export const worklistGroup = z.enum(['examsWithoutReport', 'draftReports', 'readingsToReview', 'unaddressedChanges']);
export type WorklistGroupName = z.infer<typeof worklistGroup>;

/** `limit` 1–100 (default 5 per group); `group` + `offset` page through one group ("ver todos"). */
export const worklistQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  group: worklistGroup.optional(),
});

/** One group's page (`?group=`). */
export const worklistGroupResponse = z.object({ group: worklistGroup, total: z.number().int(), items: z.array(z.record(z.string(), z.unknown())) });
export type WorklistGroupResponse<G extends WorklistGroupName = WorklistGroupName> = { group: G; total: number; items: WorklistResponse[G]['items'] };

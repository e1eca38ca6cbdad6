import { z } from 'zod';
import { attributionResponse } from './attribution';
import { examAudiogramResponse, examResponse, readingPositionsResponse, secondOpinionResponse } from './exams';

const confidence = z.enum(['high', 'medium', 'low']);
const identityField = z.enum(['name', 'cpf', 'birthDate']);
const stated = z.object({ name: z.string().optional(), cpf: z.string().optional(), birthDate: z.string().optional() });
const pointConfidence = z.object({ air: z.record(z.string(), confidence), bone: z.record(z.string(), confidence) });

/**
 * A reading of an uploaded file held for the professional (issue 14). `reasons`: `identity_mismatch`
 * (the file names another person), `confidence` (not high), `existing_thresholds` (the exam already
 * had thresholds). `identity.worker` is the record it was compared with.
 */
export const examReadingResponse = z.object({
  id: z.string(),
  examId: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string(),
  status: z.enum(['pending', 'applied', 'discarded']),
  reasons: z.array(z.enum(['identity_mismatch', 'confidence', 'existing_thresholds'])),
  confidence,
  source: z.string(),
  observations: z.array(z.string()),
  audiogram: examAudiogramResponse,
  pointConfidence: z.object({ right: pointConfidence, left: pointConfidence }),
  /** Where each value's symbol sits on the picture (chart reader), for the review overlay. */
  positions: readingPositionsResponse.nullable(),
  secondOpinion: secondOpinionResponse.nullable(),
  identity: z.object({
    status: z.enum(['match', 'mismatch', 'not_stated']),
    matched: z.array(identityField),
    mismatched: z.array(identityField),
    stated,
    worker: z.object({ name: z.string(), cpf: z.string().nullable(), birthDate: z.string().nullable() }),
  }),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** Who applied or discarded it, with name and registry, and when (issue 18); null while pending. */
  reviewedBy: attributionResponse.nullable(),
});
export type ExamReadingResponse = z.infer<typeof examReadingResponse>;

export const examReadingListResponse = z.object({ items: z.array(examReadingResponse) });
export type ExamReadingListResponse = z.infer<typeof examReadingListResponse>;

/** `POST …/apply`: the reading as decided and the exam with its thresholds and new classification. */
export const applyReadingResponse = z.object({ reading: examReadingResponse, exam: examResponse });
export type ApplyReadingResponse = z.infer<typeof applyReadingResponse>;

export const readingParams = z.object({ id: z.string().max(100), readingId: z.string().max(100) });

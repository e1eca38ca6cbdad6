import { z } from 'zod';
import type { ReadingCandidate } from '../../../core/src';

/**
 * Edge check shared by the readers: whatever a parser or a model produced must be a list of
 * well-formed candidates before the core's snapping policy sees it (style guide §4).
 */
export const readingCandidateSchema = z.object({
  ear: z.enum(['right', 'left']),
  conduction: z.enum(['air', 'bone']),
  frequencyHz: z.number().int().positive(),
  value: z.number().nullable(),
  noResponse: z.boolean(),
  confidence: z.enum(['high', 'medium', 'low']),
  /** Centre of the symbol on the picture, fractions of its width and height (readers of pictures). */
  position: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
});

export function parseReadingCandidates(raw: unknown): { ok: true; value: ReadingCandidate[] } | { ok: false; reason: string } {
  const parsed = z.array(readingCandidateSchema).safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `Valores lidos em formato inesperado (${issue.path.join('.')}: ${issue.message}).` };
}

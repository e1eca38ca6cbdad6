import { z } from 'zod';
import type { ReadingCandidate } from '../../../../core/src/audiogram/reading';

/**
 * What the vision model must answer (sent to Ollama as the JSON-schema `format`). Snake case and
 * explicit fields, which small models follow better than unions; the answer is still untrusted and
 * is parsed with this same schema before the core's grid policy sees it.
 */
const point = z.object({
  frequency_hz: z.number().describe('Test frequency in Hz: 250, 500, 1000, 2000, 3000, 4000, 6000 or 8000'),
  threshold_db_hl: z.number().nullable().describe('Threshold in dB HL as plotted; for a no-response, the level of the arrow; null if unknown'),
  no_response: z.boolean().describe('true when the symbol has a downward arrow (no response at the maximum level)'),
});
const ear = z.object({
  air: z.array(point).describe('Air conduction points'),
  bone: z.array(point).describe('Bone conduction points (empty if not tested)'),
});
export const visionReadingSchema = z.object({
  is_audiogram: z.boolean().describe('false if the image shows no pure-tone audiogram'),
  right: ear,
  left: ear,
});
export type VisionReading = z.infer<typeof visionReadingSchema>;

/** JSON schema for Ollama's `format` (structured outputs). */
export const visionReadingFormat = z.toJSONSchema(visionReadingSchema);

/** Vision values are never better than medium: the model is not calibrated and may misread a grid line. */
export function visionCandidates(reading: VisionReading): ReadingCandidate[] {
  return (['right', 'left'] as const).flatMap((side) =>
    (['air', 'bone'] as const).flatMap((conduction) =>
      reading[side][conduction].map((p) => ({
        ear: side,
        conduction,
        frequencyHz: p.frequency_hz,
        value: p.threshold_db_hl,
        noResponse: p.no_response,
        confidence: 'medium' as const,
      })),
    ),
  );
}

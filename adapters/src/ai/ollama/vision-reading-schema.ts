import { z } from 'zod';
import type { ReadingCandidate, StatedIdentity } from '../../../../core/src';

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
const patient = z.object({
  name: z.string().nullable().describe("The patient's name exactly as printed, or null"),
  cpf: z.string().nullable().describe('The CPF number as printed, or null'),
  birth_date: z.string().nullable().describe('The birth date as YYYY-MM-DD, or null'),
});
export const visionReadingSchema = z.object({
  is_audiogram: z.boolean().describe('false if the image shows no pure-tone audiogram'),
  right: ear,
  left: ear,
  patient: patient.nullable().optional().describe('The patient the page names, if it prints one'),
});
export type VisionReading = z.infer<typeof visionReadingSchema>;

/** JSON schema for Ollama's `format` (structured outputs). */
export const visionReadingFormat = z.toJSONSchema(visionReadingSchema);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The patient the model says the page names (checked against the worker before the reading is applied). */
export function visionIdentity(reading: VisionReading): StatedIdentity | undefined {
  const p = reading.patient;
  const name = p?.name?.trim();
  const cpf = p?.cpf?.replace(/\D/g, '');
  const birthDate = p?.birth_date?.trim();
  const identity: StatedIdentity = {
    ...(name && name.length <= 100 ? { name } : {}),
    ...(cpf && cpf.length === 11 ? { cpf } : {}),
    ...(birthDate && ISO_DATE.test(birthDate) ? { birthDate } : {}),
  };
  return Object.keys(identity).length ? identity : undefined;
}

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

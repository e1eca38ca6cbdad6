import { z } from 'zod';

/**
 * Who did something to a record and when (issue 18): the member of the organisation (null for
 * records from before teams), the name and professional registry as they were then ("CRM 123/SP";
 * null when the profile has none), and the ISO date-time.
 */
export const attributionResponse = z.object({
  memberId: z.string().nullable(),
  name: z.string(),
  registry: z.string().nullable(),
  at: z.string(),
});
export type AttributionResponse = z.infer<typeof attributionResponse>;

import { z } from 'zod';

const check = z.object({
  status: z.enum(['up', 'down']),
  reason: z.string().optional(),
  latencyMs: z.number(),
});

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  checkedAt: z.string(),
  uptimeSeconds: z.number(),
  checks: z.record(z.string(), check),
});

import { z } from 'zod';
import { safeText } from './text';

/** An id of the caller's organisation, or blank (= not given); anything else is a 400, never a database error. */
const optionalId = (message: string) => z.union([z.literal('').transform(() => null), safeText().uuid(message)]).optional().nullable();

export const createEmbedTokenBody = z.object({
  name: z.string().max(120).default(''),
  scope: z.enum(['company', 'patient'], { error: 'Escolha uma empresa ou um trabalhador' }),
  companyId: optionalId('Empresa inválida'),
  patientId: optionalId('Trabalhador inválido'),
  allowedOrigins: z.array(z.string().max(300)).max(20).default([]),
  expiresAt: z.string().max(40).optional().nullable(),
  initialsOnly: z.boolean().optional().default(false),
});

export const embedTokenResponse = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(['company', 'patient']),
  companyId: z.string().nullable(),
  patientId: z.string().nullable(),
  allowedOrigins: z.array(z.string()),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  initialsOnly: z.boolean(),
  createdAt: z.string(),
  status: z.enum(['ativo', 'revogado', 'expirado']),
});

/** Creation answer: the only time the token itself is shown. */
export const createdEmbedTokenResponse = embedTokenResponse.extend({ token: z.string() });

export const embeddedEvolutionResponse = z.object({
  worker: z.object({ displayName: z.string(), sex: z.string() }),
  timeline: z.array(z.object({ date: z.string(), ptaRight: z.number().nullable(), ptaLeft: z.number().nullable() })),
  status: z.object({
    hasWorsening: z.boolean(), alerts: z.array(z.string()), referenceDate: z.string().nullable(),
    lastClassification: z.object({ right: z.unknown(), left: z.unknown() }).nullable(),
  }),
  latestAudiogram: z.object({ date: z.string(), audiogram: z.unknown() }).nullable(),
  rulesVersion: z.string(),
});


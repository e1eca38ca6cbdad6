import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_PAGE_MAX } from '../../../../core/src';
import { safeText } from './text';

/** Wire contracts of the audit trail (issue 20, docs/audit.md). */

const isRealDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && v <= '2999-12-31';
};
/** A day (AAAA-MM-DD, a whole day in Brazil's time) or an ISO instant. */
const dayOrInstant = safeText().refine((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? isRealDay(v) : /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))), {
  message: 'data no formato AAAA-MM-DD ou data e hora ISO',
});

export const auditFilterQuery = z.object({
  patientId: safeText().uuid('trabalhador inválido').optional(),
  actorId: safeText().uuid('membro inválido').optional(),
  action: z.enum(AUDIT_ACTIONS, { message: 'ação inválida' }).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
});
export const auditListQuery = auditFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const accessLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type AuditFilterWire = z.infer<typeof auditFilterQuery>;

export const auditEntryResponse = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  actorKind: z.enum(['membro', 'widget', 'publico']),
  action: z.enum(AUDIT_ACTIONS),
  actionLabel: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entityLabel: z.string(),
  recordId: z.string().nullable(),
  patientId: z.string().nullable(),
  route: z.string(),
  status: z.number(),
  ip: z.string().nullable(),
});
export type AuditEntryResponse = z.infer<typeof auditEntryResponse>;

export const auditPageResponse = z.object({ total: z.number(), items: z.array(auditEntryResponse) });
export type AuditPageResponse = z.infer<typeof auditPageResponse>;

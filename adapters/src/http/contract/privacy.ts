import { z } from 'zod';
import { DELETION_REQUEST_STATUSES } from '../../../../core/src';
import { safeText } from './text';

/**
 * LGPD rights of a worker (issue 20, docs/lgpd.md): the access export, the administrator's decisions
 * on the public data-deletion requests, and the requester's status page.
 */
export const deletionRequestStatus = z.enum(DELETION_REQUEST_STATUSES, { message: `situação: ${DELETION_REQUEST_STATUSES.join(', ')}` });
export const deletionRequestListQuery = z.object({ status: deletionRequestStatus.optional() });
export const deletionRequestParams = z.object({ id: safeText().max(100) });

export const deletionRequestJson = z.object({
  id: z.string(),
  email: z.string(),
  status: deletionRequestStatus,
  statusLabel: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** The refusal's reason, or the approval's note (both shown to the requester). */
  reason: z.string().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  /** The organisation's workers with the request's e-mail, for a pending request. */
  candidates: z.array(z.object({ patientId: z.string(), name: z.string(), cpfMasked: z.string().nullable() })),
});
export type DeletionRequestJson = z.infer<typeof deletionRequestJson>;
export const deletionRequestListResponse = z.object({ items: z.array(deletionRequestJson) });

export const approveDeletionBody = z.object({
  patientId: safeText().max(100),
  /** Optional note, shown to the requester on the status page. */
  reason: safeText().max(2000).nullish(),
});
export const refuseDeletionBody = z.object({ reason: safeText().max(2000).default('') });

export const deletionStatusQuery = z.object({ token: safeText().max(200).default('') });
export const deletionStatusResponse = z.object({
  id: z.string(),
  status: deletionRequestStatus,
  statusLabel: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DeletionStatusResponse = z.infer<typeof deletionStatusResponse>;

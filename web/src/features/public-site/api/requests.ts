import type { CONTACT_SUBJECTS } from '../../../../../adapters/src/http/contract/accounts';
import type { DeletionStatusResponse } from '../../../../../adapters/src/http/contract/privacy';
import { api } from '../../../lib/api-client';

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Subjects of the contact form, as sent (spec §2: sales, support, partnership, other). */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  vendas: 'Vendas',
  suporte: 'Suporte',
  parceria: 'Parceria',
  outro: 'Outro',
};

export interface ContactInput {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

/** What the server answers when it stored a request. */
export interface RequestReceipt {
  id: string;
  createdAt: string;
  status: string;
}

/** `POST /api/contact` → 201 (stored server-side, product.md); 429 when rate-limited. */
export function sendContactMessage(input: ContactInput): Promise<RequestReceipt> {
  return api.post<RequestReceipt>('/contact', { ...input });
}

/** A deletion request's receipt: the status link (`/data-deletion/status/{id}#token=…`) is the only way to follow it. */
export interface DeletionReceipt extends RequestReceipt {
  token: string;
  statusUrl: string;
}

/** `POST /api/data-deletion-requests {email}` → 201, a tracked request (product.md) with its status link (issue 20). */
export function requestDataDeletion(email: string): Promise<DeletionReceipt> {
  return api.post<DeletionReceipt>('/data-deletion-requests', { email });
}

export type DeletionStatus = DeletionStatusResponse;

/** `GET /api/data-deletion-requests/{id}?token=` (public) → the request's status; 404 for an unknown id or a wrong token. */
export const getDeletionStatus = (id: string, token: string, signal?: AbortSignal) =>
  api.get<DeletionStatus>(`/data-deletion-requests/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, { signal });

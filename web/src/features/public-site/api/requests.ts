import type { CONTACT_SUBJECTS } from '../../../../../adapters/src/http/contract/accounts';
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

/** `POST /api/data-deletion-requests {email}` → 201, a tracked request (product.md). */
export function requestDataDeletion(email: string): Promise<RequestReceipt> {
  return api.post<RequestReceipt>('/data-deletion-requests', { email });
}

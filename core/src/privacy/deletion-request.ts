import { fixedError } from '../shared/domain-error';

/**
 * A data-deletion request from the public site (LGPD art. 18 VI, issue 20): one field, the e-mail.
 * Public and global (no organisation): an organisation's administrator sees the pending requests whose
 * e-mail is the e-mail of one of its workers, and decides — `aprovado` anonymises that worker,
 * `recusado` states why. The requester follows it on the status page with the link received at
 * submission (id + secret token).
 */
export const DELETION_REQUEST_STATUSES = ['recebido', 'aprovado', 'recusado'] as const;
export type DeletionRequestStatus = (typeof DELETION_REQUEST_STATUSES)[number];

export const DELETION_REQUEST_STATUS_LABELS: Record<DeletionRequestStatus, string> = {
  recebido: 'Recebido — aguardando análise',
  aprovado: 'Aprovado — dados anonimizados',
  recusado: 'Recusado',
};

/**
 * The request's e-mail once approved: "c***@example.com". The request stays as the record that the
 * right was honoured (LGPD art. 37), without the e-mail that named the holder.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export const REFUSAL_REASON_MIN = 10;
export const REFUSAL_REASON_MAX = 500;
export const APPROVAL_NOTE_MAX = 500;

export class DeletionRequestNotFoundError extends fixedError('PRIVACY.REQUEST_NOT_FOUND', 'Pedido de exclusão não encontrado') {}
export class DeletionRequestDecidedError extends fixedError('PRIVACY.ALREADY_DECIDED', 'Este pedido de exclusão já foi decidido') {}
export class RefusalReasonError extends fixedError('PRIVACY.INVALID_REASON', `Informe o motivo da recusa (de ${REFUSAL_REASON_MIN} a ${REFUSAL_REASON_MAX} caracteres)`, 'reason') {}
export class ApprovalNoteError extends fixedError('PRIVACY.INVALID_NOTE', `A observação tem no máximo ${APPROVAL_NOTE_MAX} caracteres`, 'reason') {}
export class NotACandidateError extends fixedError('PRIVACY.INVALID_CANDIDATE', 'Escolha um trabalhador com o e-mail do pedido', 'patientId') {}
export class WorkerAlreadyAnonymizedError extends fixedError('PRIVACY.ALREADY_ANONYMIZED', 'Este trabalhador já foi anonimizado') {}

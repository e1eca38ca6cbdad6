import { DomainError, fixedError } from '../shared/domain-error';

/*
 * Errors of the ASO and its eSocial S-2220 event (issue 21, docs/esocial.md). Codes are stable; the HTTP
 * map (adapters/src/http/koa/error-status.ts) covers them by suffix: …NOT_FOUND 404, …INVALID 400,
 * …CONFLICT 409. Another organisation's ids are NOT_FOUND.
 */

export class AsoNotFoundError extends fixedError('ASO.NOT_FOUND', 'ASO não encontrado') {}

/** ASO input that breaks a rule, or data eSocial needs and the records lack (one pt-BR issue per field). */
export class InvalidAsoError extends DomainError {
  readonly code = 'ASO.INVALID';
}

/** The generated event did not validate against the official evtMonit.xsd: nothing is stored; the issues are xmllint's. */
export class InvalidS2220EventError extends DomainError {
  readonly code = 'ASO.INVALID_EVENT';
}

/** The receipt typed back is not an eSocial receipt number. */
export class InvalidReceiptError extends DomainError {
  readonly code = 'ASO.INVALID_RECEIPT';
}

export class AsoNotEditableError extends fixedError(
  'ASO.NOT_EDITABLE_CONFLICT',
  'O S-2220 deste ASO já foi exportado e não tem o número do recibo: informe o recibo do eSocial antes de alterar o ASO (a alteração será enviada como retificação, com o recibo do evento original).',
) {}

export class EventNotGeneratedError extends fixedError('ASO.EVENT_NOT_GENERATED_CONFLICT', 'O S-2220 deste ASO ainda não foi gerado: gere o evento antes de baixá-lo.') {}

export class ReceiptBeforeExportError extends fixedError('ASO.RECEIPT_BEFORE_EXPORT_CONFLICT', 'O S-2220 deste ASO ainda não foi exportado: baixe o XML e envie-o ao eSocial antes de informar o recibo.', 'receipt') {}

export class EventAlreadyCurrentError extends fixedError(
  'ASO.EVENT_ALREADY_EXPORTED_CONFLICT',
  'O S-2220 deste ASO já foi exportado: para enviar uma alteração, edite o ASO (será gerada uma retificação).',
) {}

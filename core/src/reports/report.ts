import { DomainError, fixedError } from '../shared/domain-error';
import type { AudiometryType, NexoAnswersInput } from './report-facts-types';
import type { Attribution } from '../accounts/attribution';

export type ReportStatus = 'Draft' | 'Finalizado';

/**
 * How a finalised version was signed (issue 20): `icp` = a PAdES signature with the professional's
 * ICP-Brasil A1 certificate; `simples` = without a certificate, an "assinatura eletrônica simples"
 * (who and when, printed on the PDF). Null for a draft, and for laudos finalised before issue 20.
 */
export type SignatureKind = 'icp' | 'simples';

/** A laudo of one exam (spec §3 Report). `draftJson` is the editable draft; facts come from the rules. */
export interface Report {
  id: string;
  organizationId: string;
  patientId: string;
  examId: string;
  doctorId: string;
  doctorName: string;
  type: AudiometryType;
  status: ReportStatus;
  consultationType: string | null;
  consultationReason: string | null;
  nexoAnswers: NexoAnswersInput | null;
  draftJson: string;
  pdfStorageKey: string | null;
  pdfSha256: string | null;
  createdAt: Date;
  updatedAt: Date;
  finalizedAt: Date | null;
  /**
   * Who organised the draft (generate; the latest organisation) and when (issue 18). Optional for
   * fixtures; the repositories always return it (null only for laudos whose drafter is unknown).
   */
  draftedBy?: Attribution | null;
  /** Who finalised it (the signer of the issued PDF) and when; null while a draft. */
  finalizedBy?: Attribution | null;
  /**
   * Versions (issue 20): 1 = the first issue; an amendment is version n + 1 of the same exam, with
   * its reason, and supersedes version n when it is finalised (`supersededAt` of version n).
   */
  version: number;
  supersedesId: string | null;
  supersededAt: Date | null;
  amendmentReason: string | null;
  /** The public verification code printed on the PDF (text and QR), set at finalisation. */
  verificationCode: string | null;
  signatureKind: SignatureKind | null;
}

export const AMENDMENT_REASON_MIN = 10;
export const AMENDMENT_REASON_MAX = 500;
export const AMENDMENT_REASON_MESSAGE = `Informe o motivo da retificação (de ${AMENDMENT_REASON_MIN} a ${AMENDMENT_REASON_MAX} caracteres).`;

/**
 * The finalised laudo's issued PDF was removed by an approved LGPD deletion request (issue 20): it is
 * never re-rendered (a new rendering would not be the signed document); the verification page still
 * states that it existed, who signed it and its hash.
 */
export class ReportPdfRemovedError extends fixedError('REPORT.PDF_REMOVED', 'O PDF deste laudo foi excluído a pedido do titular dos dados (LGPD). O registro do laudo e o seu código de verificação continuam válidos.') {}

/** Only a finalised, current version is amended; a draft is simply edited. */
export class ReportNotAmendableError extends fixedError('REPORT.NOT_AMENDABLE_CONFLICT', 'Só um laudo finalizado (a versão em vigor) pode ser retificado; um rascunho é editado diretamente.') {}

/** A version replaced by a later one: read-only, kept readable and verifiable. */
export class ReportSupersededError extends fixedError('REPORT.SUPERSEDED_CONFLICT', 'Esta versão do laudo foi substituída por uma retificação e não pode ser alterada.') {}

/**
 * The exam was corrected while the amendment was open: discarding it would leave in force a version
 * that no longer states the exam as it is. Finalise the amendment (or undo the corrections) instead.
 */
export class ReportAmendmentInUseError extends fixedError('REPORT.AMENDMENT_IN_USE_CONFLICT', 'O exame foi corrigido depois que esta retificação foi aberta: descartá-la deixaria em vigor um laudo que não corresponde ao exame. Finalize a retificação ou desfaça as correções.') {}

/** Discarding applies to an open amendment only (a first draft is discarded with its exam). */
export class ReportNotAnAmendmentError extends fixedError('REPORT.NOT_AMENDMENT_CONFLICT', 'Somente uma retificação em rascunho pode ser descartada.') {}

export interface ReportView {
  report: Report;
  patientName: string;
  patientCompany: string | null;
  examDate: string;
}

export class ReportNotFoundError extends fixedError('REPORT.NOT_FOUND', 'Laudo não encontrado') {}

/** A finalised laudo is read-only (issue 7): its PDF was issued and hashed. */
export class ReportImmutableError extends fixedError('REPORT.IMMUTABLE', 'Este laudo já foi finalizado e não pode ser alterado.') {}

export class InvalidReportError extends DomainError {
  readonly code = 'REPORT.INVALID';
}

/** Spec §7 nexoCausalData: tempoExposicaoAnos is an integer of years, 0 when not numeric (spec §5). */
export function parseNexoAnswers(raw: Record<string, unknown> | null | undefined): { ok: true; value: NexoAnswersInput | null } | { ok: false; error: InvalidReportError } {
  if (!raw) return { ok: true, value: null };
  const yn = (v: unknown) => (v === 'sim' || v === 'nao' ? v : undefined);
  const answers = {
    repousoAuditivo14h: yn(raw.repousoAuditivo14h ?? raw.pausaRuido),
    trabalhouExpostoRuido: yn(raw.trabalhouExpostoRuido ?? raw.volumeAlto),
    funcaoRuidosa: yn(raw.funcaoRuidosa),
    usoEPI: raw.usoEPI === 'sim' || raw.usoEPI === 'nao' || raw.usoEPI === 'nao-sei' ? raw.usoEPI : undefined,
  };
  const missing = Object.entries(answers).filter(([, v]) => v === undefined).map(([k]) => k);
  if (missing.length) {
    return { ok: false, error: new InvalidReportError('Por favor, responda todas as perguntas do Nexo Causal', missing.map((path) => ({ path: `nexoCausalData.${path}`, message: 'Resposta obrigatória' }))) };
  }
  const years = Math.trunc(Number(raw.tempoExposicaoAnos ?? raw.tempoExposicao));
  return { ok: true, value: { ...(answers as Omit<NexoAnswersInput, 'tempoExposicaoAnos'>), tempoExposicaoAnos: Number.isFinite(years) && years >= 0 ? years : 0 } };
}

/**
 * A draft organised from facts that changed since (the exam corrected, its thresholds edited, a
 * reading applied, the history reclassified): it is not finalised until reorganised (issue 14).
 */
export class ReportStaleError extends DomainError {
  readonly code = 'REPORT.STALE_CONFLICT';
  constructor(changes: readonly string[]) {
    super(`O exame foi alterado depois que este laudo foi organizado (${changes.join(', ')}). Reorganize o laudo com os dados atuais e revise-o antes de finalizar.`);
  }
}

/** Laudos of an archived worker are kept and readable, but none is organised, changed or finalised (issue 14). */
export class ReportPatientArchivedError extends fixedError('PATIENT.ARCHIVED_CONFLICT', 'Trabalhador arquivado: restaure-o para organizar laudos.') {}

import { DomainError, fixedError } from '../shared/domain-error';
import type { AudiometryType, NexoAnswersInput } from './report-facts-types';
import type { Attribution } from '../accounts/attribution';

export type ReportStatus = 'Draft' | 'Finalizado';

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
}

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

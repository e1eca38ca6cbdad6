import { z } from 'zod';
import { attributionResponse } from './attribution';
import { jsonText } from './text';

/** Spec §7 POST /reports/generate/{examId}. */
export const generateReportBody = z.object({
  audiometryType: z.enum(['simple', 'nexo-causal'], { error: 'Por favor, selecione o tipo de audiometria' }),
  consultationType: z.string().max(60).optional().nullable(),
  consultationReason: z.string().max(60).optional().nullable(),
  nexoCausalData: z.record(z.string(), z.unknown()).optional().nullable(),
  /** The physician's "já confirmado" per ear (NR-7 5.4, clinical-rules I6). */
  confirmedPainpse: z.object({ right: z.boolean().optional(), left: z.boolean().optional() }).optional(),
});

export const updateReportBody = z.object({ draftJson: z.string({ error: 'draftJson deve ser uma string com o JSON do rascunho' }).max(2_000_000).pipe(jsonText()) });

export const reportResponse = z.object({
  id: z.string(),
  examId: z.string(),
  examDate: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  patientCompany: z.string().nullable(),
  doctorName: z.string(),
  type: z.enum(['simple', 'nexo-causal']),
  status: z.enum(['Draft', 'Finalizado']),
  createdAt: z.string(),
  finalizedAt: z.string().nullable(),
  /** Who organised the draft and when (issue 18); `doctorName` is the same name. Null when unknown. */
  draftedBy: attributionResponse.nullable(),
  /** Who finalised the laudo (the signer of the issued PDF) and when; null while a draft. */
  finalizedBy: attributionResponse.nullable(),
  /** Present once the laudo is finalised (the issued PDF); fetch it with the bearer token. */
  pdfUrl: z.string().nullable(),
  pdfSha256: z.string().nullable(),
  draftJson: z.string(),
  /** Versions (issue 20): 1 = first issue; an amendment is n + 1 and supersedes n once finalised. */
  version: z.number().int(),
  /** The version this one amends (null for version 1). */
  supersedesId: z.string().nullable(),
  /** When a later version replaced this one (it stays readable and verifiable). */
  supersededAt: z.string().nullable(),
  amendmentReason: z.string().nullable(),
  /** The public verification code printed on the PDF (`XXXX-XXXX-XXXX`), once finalised. */
  verificationCode: z.string().nullable(),
  /** `icp` = PAdES with the professional's ICP-Brasil certificate; `simples` = assinatura eletrônica simples. */
  signatureKind: z.enum(['icp', 'simples']).nullable(),
  /**
   * The draft was organised from facts that changed since (exam corrected, thresholds edited, reading
   * applied, history reclassified): finalising is refused until POST /reports/{id}/refresh. Only on
   * single-laudo answers; always false once finalised.
   */
  stale: z.boolean().optional(),
  /** pt-BR names of the laudo sections whose facts changed since drafting. */
  staleChanges: z.array(z.string()).optional(),
  /** After a refresh: the editable fields where the professional's text was kept (to review). */
  keptEdits: z.array(z.string()).optional(),
});
export type ReportResponse = z.infer<typeof reportResponse>;

const earMap = z.record(z.string(), z.number().nullable());
/** Spec §7 GET /api/reports/patient/{patientId}: report-based evolution input. */
export const patientReportResponse = reportResponse.extend({
  exam: z.object({ rightEar: earMap, leftEar: earMap, srtRight: z.number().nullable(), lrfRight: z.number().nullable() }),
});

export const reportListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});

export const amendReportBody = z.object({
  reason: z.string({ error: 'Informe o motivo da retificação' }).max(2000),
});

export const reportVersionsResponse = z.object({
  versions: z.array(z.object({
    id: z.string(),
    version: z.number().int(),
    status: z.enum(['Draft', 'Finalizado']),
    /** The exam's version in force (the highest). */
    current: z.boolean(),
    createdAt: z.string(),
    finalizedAt: z.string().nullable(),
    finalizedBy: attributionResponse.nullable(),
    amendmentReason: z.string().nullable(),
    verificationCode: z.string().nullable(),
    signatureKind: z.enum(['icp', 'simples']).nullable(),
    supersededAt: z.string().nullable(),
    pdfSha256: z.string().nullable(),
    pdfUrl: z.string().nullable(),
  })),
});

/** The public verification of a laudo (no login): the document and its signer; of the worker, initials only. */
export const verificationResponse = z.object({
  code: z.string(),
  version: z.number().int(),
  currentVersion: z.number().int(),
  superseded: z.boolean(),
  supersededAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  signedBy: z.object({ name: z.string(), registry: z.string().nullable() }).nullable(),
  signatureKind: z.enum(['icp', 'simples']).nullable(),
  signatureLabel: z.string(),
  /** SHA-256 (hex) of the issued PDF: compare it with the file in hand. */
  documentSha256: z.string().nullable(),
  type: z.enum(['simple', 'nexo-causal']),
  examDate: z.string(),
  patientInitials: z.string(),
  organizationName: z.string(),
});
export type VerificationResponse = z.infer<typeof verificationResponse>;

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

import { z } from 'zod';
import { EXAM_TYPES } from '../../../../core/src';
import { attributionResponse } from './attribution';

/**
 * Exams, spec §3 (both creation payloads and the read shape) and product.md (air and bone
 * conduction at 250–8000 Hz incl. 3000 and 6000; thresholds on the 5 dB grid -10..120; NR).
 * A threshold on the wire is a number (dB HL), null (not measured) or `{ "nr": level }` (no
 * response up to `level` dB HL). Grid and range are checked by core (pt-BR messages with the path).
 */
export const wireThreshold = z.union([z.number(), z.null(), z.object({ nr: z.number() })]);
export type WireThreshold = z.infer<typeof wireThreshold>;

const earPairLower = z.object({ re: wireThreshold.optional(), le: wireThreshold.optional() });
const earPairUpper = z.object({ RE: wireThreshold.optional(), LE: wireThreshold.optional() });
/** Keyed by frequency in Hz ("250" … "8000"); bone "500" … "4000". */
export const audiogramWire = z.object({
  air: z.record(z.string(), earPairLower).default({}),
  bone: z.record(z.string(), earPairLower).optional().nullable(),
});

const num = z.union([z.number(), z.string()]).optional().nullable();

/**
 * Clinical fields of an exam (issue 14), printed by the laudo when present: anamnese (≤ 5000),
 * meatoscopia per ear (od = right, oe = left, ≤ 300 each), mascaramento = the masking used (≤ 500).
 * null or blank = not recorded.
 */
export const clinicalFieldsWire = {
  anamnese: z.string().max(5000).optional().nullable(),
  meatoscopia: z.object({ od: z.string().max(300).nullable().default(null), oe: z.string().max(300).nullable().default(null) }).optional().nullable(),
  mascaramento: z.string().max(500).optional().nullable(),
};
const speechTestWire = z.object({ srtRe: num, srtLe: num, wrsRe: num, wrsLe: num });

/**
 * The occupational type of the exam (NR-7 item 7.5.6, issue 19): one of admissional, periodico,
 * retorno_trabalho, mudanca_riscos, demissional, monitoracao_pontual; null or absent = not informed
 * (on creation, an Ocupacional consultation's reason gives it). Anything else: 400 on `examType`.
 */
const examTypeWire = z.string().max(40).optional().nullable();

/** Wizard payload (spec §3 "Exam, as created by the wizard"). */
export const wizardExamBody = z.object({
  patientId: z.string().uuid('paciente inválido'),
  date: z.string().max(40),
  operatorName: z.string().max(200).optional().nullable(),
  operatorRegistration: z.string().max(100).optional().nullable(),
  consultationType: z.string().max(60).optional().nullable(),
  consultationReason: z.string().max(60).optional().nullable(),
  examType: examTypeWire,
  ambiente: z.object({ ruidoDb: num, calibracaoAtual: z.string().max(40).optional().nullable(), transdutor: z.string().max(60).optional().nullable() }).optional().nullable(),
  audiogram: audiogramWire.optional().nullable(),
  speechTest: speechTestWire.optional().nullable(),
  observacoes: z.string().max(5000).optional().nullable(),
  /** Hours of acoustic rest before the exam (NR-7 Anexo II item 3.4); optional. */
  repousoHoras: num,
  ...clinicalFieldsWire,
});

/** Entry-form payload (spec §3 "Exam, as created by the entry form"), + optional patientId. */
export const entryFormExamBody = z.object({
  patientId: z.string().uuid('paciente inválido').optional().nullable(),
  paciente: z.object({ nome: z.string().max(200).default(''), idade: num, sexo: z.string().max(20).default('') }),
  data_exame: z.string().max(40),
  ambiente: z.object({ ruido_dB: num, calibracao_atual: z.string().max(40).optional().nullable(), transdutor: z.string().max(60).optional().nullable() }),
  audiograma: z.object({ air: z.record(z.string(), earPairUpper.or(earPairLower)).default({}), bone: z.record(z.string(), earPairUpper.or(earPairLower)).optional().nullable() }),
  operador: z.object({ nome: z.string().max(200).default(''), registro: z.string().max(100).default('') }),
  observacoes: z.string().max(5000).optional().nullable(),
  repouso_horas: num,
  examType: examTypeWire,
  /** Speech audiometry: SRT/LRF in dB HL, IPRF in % (per ear); optional. */
  speechTest: speechTestWire.optional().nullable(),
  ...clinicalFieldsWire,
});

export const createExamBody = z.union([wizardExamBody, entryFormExamBody]);

export const examAudiogramResponse = z.object({
  air: z.record(z.string(), z.object({ re: wireThreshold, le: wireThreshold })),
  bone: z.record(z.string(), z.object({ re: wireThreshold, le: wireThreshold })),
});

const readingConfidence = z.enum(['high', 'medium', 'low']);
const earPointConfidence = z.object({ air: z.record(z.string(), readingConfidence), bone: z.record(z.string(), readingConfidence) });
const imagePoint = z.object({ x: z.number(), y: z.number() });
const earPointPositions = z.object({ air: z.record(z.string(), imagePoint), bone: z.record(z.string(), imagePoint) });
/** Where each value's symbol sits on the picture read: fractions 0..1 of its width/height (`page`: a PDF page, 0-based). */
export const readingPositionsResponse = z.object({ page: z.number().int().optional(), right: earPointPositions, left: earPointPositions });
const levelRead = z.object({ value: z.number(), noResponse: z.boolean() });
/**
 * A second reader's opinion (issue 17 item 4): `pending` while queued, `agreed`, `disagreed` (the points
 * more than 5 dB apart, both values; they are low confidence) or `failed` (`reason`; the first reading stands).
 */
export const secondOpinionResponse = z.object({
  status: z.enum(['pending', 'agreed', 'disagreed', 'failed']),
  source: z.string().optional(),
  disagreements: z.array(z.object({ ear: z.enum(['right', 'left']), conduction: z.enum(['air', 'bone']), frequencyHz: z.number(), primary: levelRead, secondary: levelRead })).readonly(),
  reason: z.string().optional(),
});

/**
 * How the exam's audiogram was obtained from a file (core `ReadingNote`): spec §3 `ambienteJson`
 * (confidence, observations, extractedAt, extractedFrom, analysisError or analysisFailed), as a JSON
 * object, with the readers' attempts, the confidence of each value read, a held reading waiting for
 * the professional (`reviewPending`) and who applied one (`reviewedBy`, `reviewedAt`).
 */
export const readingNoteResponse = z.object({
  extractedAt: z.string().optional(),
  extractedFrom: z.string().optional(),
  attempts: z.array(z.object({ reader: z.string(), status: z.enum(['read', 'not_applicable', 'unavailable', 'failed']), reason: z.string().optional() })).readonly(),
  confidence: z.enum(['high', 'medium', 'low', 'unknown']),
  source: z.string().optional(),
  pointConfidence: z.object({ right: earPointConfidence, left: earPointConfidence }).optional(),
  positions: readingPositionsResponse.optional(),
  /** The uploaded file the positions refer to (GET /api/files/{fileId}/download). */
  fileId: z.string().optional(),
  secondOpinion: secondOpinionResponse.optional(),
  observations: z.array(z.string()).readonly(),
  analysisPending: z.boolean().optional(),
  analysisFailed: z.boolean().optional(),
  analysisError: z.string().optional(),
  reviewPending: z.object({ readingId: z.string(), fileName: z.string(), reasons: z.array(z.enum(['identity_mismatch', 'confidence', 'existing_thresholds'])).readonly() }).optional(),
  reviewedBy: z.string().optional(),
  reviewedAt: z.string().optional(),
});
export type ReadingNoteResponse = z.infer<typeof readingNoteResponse>;

/** Spec §3 "Exam, as read", plus our fields (conditions, classification). */
export const examResponse = z.object({
  id: z.string(),
  date: z.string(),
  createdAt: z.string(),
  operatorName: z.string().nullable(),
  operatorCrm: z.string().nullable(),
  operatorCrmState: z.string().nullable(),
  operatorRegistration: z.string().nullable(),
  patientId: z.string(),
  patientName: z.string(),
  patientSex: z.enum(['M', 'F', 'O']),
  patientAge: z.number().int().nullable(),
  /** Age on the exam date (birth date; else the recorded age), NR-7 Anexo II item 3.5 a. */
  patientAgeAtExam: z.number().int().nullable(),
  patientCompany: z.string().nullable(),
  observacoes: z.string().nullable(),
  anamnese: z.string().nullable(),
  meatoscopia: z.object({ od: z.string().nullable(), oe: z.string().nullable() }).nullable(),
  mascaramento: z.string().nullable(),
  audiogramDataId: z.string().nullable(),
  speechTestId: z.string().nullable(),
  audiogram: examAudiogramResponse,
  speechTest: z.object({ srtRe: z.number().nullable(), srtLe: z.number().nullable(), wrsRe: z.number().nullable(), wrsLe: z.number().nullable() }).nullable(),
  /** How the audiogram was read from a file (an object, not a JSON string); null when no file was read. */
  ambienteJson: readingNoteResponse.nullable(),
  consultationType: z.string().nullable(),
  consultationReason: z.string().nullable(),
  /** NR-7 item 7.5.6 (issue 19); null = not informed. */
  examType: z.enum(EXAM_TYPES).nullable(),
  /** pt-BR label of `examType` (e.g. "Periódico"); null when not informed. */
  examTypeLabel: z.string().nullable(),
  ambientNoiseDb: z.number().nullable(),
  calibrationDate: z.string().nullable(),
  transducer: z.string().nullable(),
  acousticRestHours: z.number().nullable(),
  /**
   * Output of the rules engine for this exam and its comparison with the patient's reference exam
   * in force: the section-10 keys of docs/clinical-rules.md (`classification_right`, `pta3_right`,
   * `desencadeamento_right`, `reference_date`, …), plus `rules_version`, `findings` (NR-7 validity)
   * and `alerts` (pt-BR texts).
   */
  classification: z.record(z.string(), z.unknown()),
  rulesVersion: z.string(),
  /** The professional's designation of this exam as the reference exam (clinical-rules I12), or null. */
  referenceDesignation: z.object({ reason: z.string(), designatedBy: z.string(), designatedAt: z.string() }).nullable(),
  /** Who recorded the exam and when (issue 18); null when it came from the bulk import (`imported`) or predates teams. */
  recordedBy: attributionResponse.nullable(),
  /** Who last changed it (details, thresholds, a reading applied on review or at upload) and when; null until then. */
  updatedBy: attributionResponse.nullable(),
  /** The exam came from the bulk import (CLI), not from a member of the organisation. */
  imported: z.boolean(),
});
export type ExamResponse = z.infer<typeof examResponse>;

export const examListQuery = z.object({
  patientId: z.string().uuid().optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const examFileResponse = z.object({ id: z.string(), storageUrl: z.string(), fileName: z.string(), fileSizeBytes: z.number().int(), mediaType: z.string(), createdAt: z.string() });

export const updateAudiogramBody = z.object({ audiogram: audiogramWire });

/**
 * PATCH /exams/:id: corrects an exam's record (issue 14). Absent fields keep their value; null (or
 * blank) clears an optional one. Thresholds keep their own path (PUT /exams/:id/audiogram). A new
 * date reclassifies the worker's whole history (order and reference depend on it).
 */
export const updateExamBody = z.object({
  date: z.string().max(40).optional(),
  operatorName: z.string().max(200).optional().nullable(),
  operatorRegistration: z.string().max(100).optional().nullable(),
  operatorCrm: z.string().max(40).optional().nullable(),
  operatorCrmState: z.string().max(2).optional().nullable(),
  consultationType: z.string().max(60).optional().nullable(),
  consultationReason: z.string().max(60).optional().nullable(),
  /** Absent = kept; null or blank = not informed. */
  examType: examTypeWire,
  /** dB, 0–140. */
  ambientNoiseDb: num,
  /** YYYY-MM-DD (or dd/mm/aaaa), not in the future. */
  calibrationDate: z.string().max(40).optional().nullable(),
  transducer: z.string().max(60).optional().nullable(),
  /** Hours, 0–720. */
  acousticRestHours: num,
  observacoes: z.string().max(5000).optional().nullable(),
  speechTest: speechTestWire.optional().nullable(),
  ...clinicalFieldsWire,
});
export type UpdateExamBody = z.infer<typeof updateExamBody>;

/** DELETE /exams/:id: the reason is mandatory (10–500 characters) and kept with the deletion record. */
export const deleteExamBody = z.object({ reason: z.string().max(2000) });

/** PUT /exams/:id/reference: designate the exam as the reference exam, with the mandatory reason. */
export const designateReferenceBody = z.object({ reason: z.string().max(2000) });

/** GET /patients/:id/exam-deletions: the record kept for each removed exam (the snapshot stays server-side). */
export const examDeletionResponse = z.object({
  id: z.string(),
  examId: z.string(),
  examDate: z.string(),
  reason: z.string(),
  deletedByName: z.string(),
  /** The membership the deletion was made under (issue 18); null for deletions from before teams. */
  deletedByMemberId: z.string().nullable(),
  deletedAt: z.string(),
  /** A draft laudo of the exam was discarded with it. */
  hadDraftReport: z.boolean(),
});
export type ExamDeletionResponse = z.infer<typeof examDeletionResponse>;

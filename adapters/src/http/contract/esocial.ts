import { z } from 'zod';
import { ASO_EVENT_STATUSES } from '../../../../core/src';

/**
 * Wire contracts of the ASO and its eSocial S-2220 event (issue 21, docs/esocial.md). JSON camelCase,
 * dates ISO YYYY-MM-DD. Field rules (dates, Tabela 27 codes, CRM/UF, CPF, what eSocial needs from the
 * records) are core's (esocial/aso.ts), reported as 400 with pt-BR issues per field.
 */

const text = (max: number) => z.string().max(max).optional().nullable();
const id = z.string().max(100);

const doctorBody = z.object({ name: text(200), crm: text(40), uf: text(10) });

/** POST /exams/:examId/asos and PUT /asos/:id (PUT keeps the fields it does not name). */
export const asoBody = z.object({
  asoDate: text(20),
  result: text(20),
  /** EXAM_TYPES key; default: the exam's type. */
  examType: text(40),
  /** The worker's employment period; default: the period in force on the ASO date. */
  employmentId: text(100),
  otherProcedures: z.array(z.object({ code: text(10), date: text(20), description: text(1000) })).max(200).optional().nullable(),
  /** Default: the calling member's name, CRM and UF. */
  physician: doctorBody.optional().nullable(),
  coordinator: doctorBody.extend({ cpf: text(20) }).optional().nullable(),
});

const doctor = z.object({ name: z.string(), crm: z.string(), uf: z.string() });

export const asoResponse = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  cpf: z.string().nullable(),
  /** The audiometry the ASO covers. */
  examId: z.string(),
  employmentId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  companyCnpj: z.string().nullable(),
  /** Matrícula. */
  registration: z.string().nullable(),
  examType: z.string(),
  /** tpExameOcup of eSocial (0 admissional, 1 periódico, 2 retorno, 3 mudança de risco, 4 monitoração pontual, 9 demissional). */
  examTypeCode: z.number().int(),
  asoDate: z.string(),
  result: z.enum(['apto', 'inapto']).nullable(),
  otherProcedures: z.array(z.object({ code: z.string(), date: z.string(), description: z.string().nullable() })),
  physician: doctor,
  coordinator: doctor.extend({ cpf: z.string().nullable() }).nullable(),
  /** null when the exam has no thresholds any more (the event cannot be generated). */
  audiometry: z.object({
    ordExame: z.union([z.literal(1), z.literal(2)]),
    /** null = undetermined (left out of the event; docs/esocial.md §2.3). */
    indResult: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable(),
    indResultLabel: z.string().nullable(),
    reasons: z.array(z.string()),
  }).nullable(),
  event: z.object({
    status: z.enum(ASO_EVENT_STATUSES),
    statusLabel: z.string(),
    eventId: z.string().nullable(),
    generatedAt: z.string().nullable(),
    exportedAt: z.string().nullable(),
    /** nrRecibo typed back by the user. */
    receipt: z.string().nullable(),
    indRetif: z.union([z.literal(1), z.literal(2)]),
    /** The ASO may be edited (after export only with the receipt typed: the edit is a retification). */
    editable: z.boolean(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AsoResponse = z.infer<typeof asoResponse>;

export const examAsoParams = z.object({ examId: id });
export const asoParams = z.object({ id });
export const asoListResponse = z.object({ items: z.array(asoResponse) });
export const asoPageResponse = z.object({ total: z.number().int(), items: z.array(asoResponse) });

const realDate = (v: string) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'data inválida: use AAAA-MM-DD').refine(realDate, 'data inválida: use uma data real no formato AAAA-MM-DD');
export const asoListQuery = z.object({
  companyId: id.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: z.enum(ASO_EVENT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

/** The generated event; `patientId` names the worker (the audit trail reads it). */
export const s2220Response = z.object({ eventId: z.string(), xml: z.string(), patientId: z.string() });
export const receiptBody = z.object({ receipt: z.string().max(100).optional().nullable() });
export const s2220BatchQuery = z.object({ companyId: id, from: isoDate, to: isoDate });

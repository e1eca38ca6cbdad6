import { z } from 'zod';
import { EXPOSURE_STATUSES, SCHEDULE_STATES } from '../../../../core/src';

/**
 * Wire contracts of the programme's records (issue 19): companies, sectors, GHEs with the noise
 * exposure, and employment periods. JSON camelCase, dates ISO YYYY-MM-DD. Field rules (CNPJ check
 * digits, ranges, dates) are core's (company-rules.ts), reported as 400 with pt-BR issues per field.
 */

const text = (max: number) => z.string().max(max).optional().nullable();
const numberish = z.union([z.number(), z.string().max(20)]).optional().nullable();
const id = z.string().max(100);

export const companyResponse = z.object({
  id: z.string(),
  /** Razão social. */
  name: z.string(),
  tradeName: z.string().nullable(),
  /** 14 characters without the mask (numeric, or the 2026 alphanumeric form), or null = not informed. */
  cnpj: z.string().nullable(),
  /** `11.222.333/0001-81`, or null. */
  cnpjFormatted: z.string().nullable(),
  address: z.string().nullable(),
  cnae: z.string().nullable(),
  /** Grau de risco (NR-4), 1–4. */
  riskGrade: z.number().int().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** No CNPJ yet (a company typed on the worker form or imported by name): flagged for completion. */
  needsCompletion: z.boolean(),
  /** Active (not archived) workers whose current employment is in this company. */
  activeWorkers: z.number().int(),
  /** = activeWorkers (the embed-token form reads this name). */
  patientCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyResponse = z.infer<typeof companyResponse>;

export const companyListQuery = z.object({ q: z.string().trim().max(200).optional() });

/** POST and PUT /companies: PUT keeps the fields it does not name; null or blank clears an optional one. */
export const companyBody = z.object({
  name: text(300),
  tradeName: text(300),
  cnpj: text(40),
  address: text(600),
  cnae: text(40),
  riskGrade: numberish,
  contactName: text(300),
  contactEmail: text(300),
  contactPhone: text(40),
});

export const sectorResponse = z.object({ id: z.string(), companyId: z.string(), name: z.string() });
export const sectorBody = z.object({ name: text(300) });

export const exposureWire = z.object({
  /** LAVG (NR-15 Anexo 1, q = 5) or NEN (NHO-01, q = 3); required with a level or a dose. */
  metric: text(10),
  /** dB(A), 0–160, one decimal. */
  levelDbA: numberish,
  /** Daily dose in % (100 = the limit), ≥ 0, one decimal. */
  dosePercent: numberish,
  /** Date of the assessment, not in the future. */
  assessedAt: text(40),
  /** E.g. "PGR 2026, dosimetria". */
  source: text(400),
});

/** POST and PUT /companies/:id/ghes: PUT keeps the fields it does not name; `exposure` replaces the whole assessment (null clears it). */
export const gheBody = z.object({
  name: text(300),
  sectorId: id.optional().nullable(),
  description: text(1200),
  exposure: exposureWire.optional().nullable(),
  /** Months between periodic audiometries, 1–12 (default 12). */
  periodicityMonths: numberish,
});

export const gheResponse = z.object({
  id: z.string(),
  companyId: z.string(),
  sectorId: z.string().nullable(),
  sectorName: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  exposure: z.object({
    metric: z.enum(['LAVG', 'NEN']), levelDbA: z.number().nullable(), dosePercent: z.number().nullable(), assessedAt: z.string().nullable(), source: z.string().nullable(),
  }).nullable(),
  /** Against the action level (80 dB(A) LAVG / 82 NEN, or 50 % dose) and the limit (85 dB(A), 100 %). */
  exposureStatus: z.enum(EXPOSURE_STATUSES),
  exposureStatusLabel: z.string(),
  /** At or above the action level: the GHE's workers are in the hearing-conservation programme. */
  exposed: z.boolean(),
  periodicityMonths: z.number().int(),
  /** Workers in the GHE today (current periods of contracts not dismissed before today). */
  workers: z.number().int(),
});

export const companyDetailsResponse = z.object({ company: companyResponse, sectors: z.array(sectorResponse), ghes: z.array(gheResponse) });

export const companyParams = z.object({ id });
export const sectorParams = z.object({ id, sectorId: id });
export const gheParams = z.object({ id, gheId: id });

export const employmentResponse = z.object({
  id: z.string(),
  patientId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  companyCnpj: z.string().nullable(),
  /** Matrícula. */
  registration: z.string().nullable(),
  /** Cargo. */
  jobTitle: z.string().nullable(),
  sectorId: z.string().nullable(),
  sectorName: z.string().nullable(),
  gheId: z.string().nullable(),
  gheName: z.string().nullable(),
  exposureStatus: z.enum(EXPOSURE_STATUSES),
  admissionDate: z.string(),
  dismissalDate: z.string().nullable(),
  /** First day of this period. */
  startDate: z.string(),
  /** The day the next period starts (exclusive end); null = the contract's current period. */
  endDate: z.string().nullable(),
  /** In force today: no end, and the contract not dismissed before today. */
  current: z.boolean(),
});
export type EmploymentResponse = z.infer<typeof employmentResponse>;

export const employmentListResponse = z.object({ employments: z.array(employmentResponse) });

/** GET /patients/:id/programme: the worker's place in the hearing-conservation programme today (core computeSchedule). */
export const workerScheduleResponse = z.object({
  today: z.string(),
  exposed: z.boolean(),
  state: z.enum(SCHEDULE_STATES).nullable(),
  stateLabel: z.string().nullable(),
  dueDate: z.string().nullable(),
  reason: z.enum(['admissao', 'mudanca_riscos', 'periodico', 'demissao']).nullable(),
  reasonLabel: z.string().nullable(),
  exposureStart: z.string().nullable(),
  lastExamDate: z.string().nullable(),
});
export type WorkerScheduleResponse = z.infer<typeof workerScheduleResponse>;
export const employmentPatientParams = z.object({ id });
export const employmentParams = z.object({ id, employmentId: id });

/** A new contract (admission). Without `sectorId`, the GHE's sector is taken. */
export const admitBody = z.object({
  companyId: id.optional().nullable(),
  registration: text(200),
  jobTitle: text(300),
  sectorId: id.optional().nullable(),
  gheId: id.optional().nullable(),
  admissionDate: text(40),
  dismissalDate: text(40),
});

/** A change of sector, GHE or cargo from `date`: absent fields keep the current period's value, null clears. */
export const transferBody = z.object({
  date: text(40),
  sectorId: id.optional().nullable(),
  gheId: id.optional().nullable(),
  jobTitle: text(300),
});

/** A correction: cargo, setor, GHE of this period; matrícula, admission and dismissal of the contract (all its periods). */
export const correctEmploymentBody = admitBody.omit({ companyId: true });

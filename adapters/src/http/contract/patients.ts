import { z } from 'zod';
import { attributionResponse } from './attribution';

/**
 * Patients (workers), spec §3/§5/§7. Sex is stored canonically as M | F | O and accepted as the
 * spec's words (product.md). `company` is the employer's name; the server finds or creates the
 * Company row of the organisation.
 */
const text = (max: number) => z.string().trim().max(max).optional().nullable();
export const sexInput = z.string().trim().max(20);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'data deve estar no formato AAAA-MM-DD');

export const patientBody = z.object({
  name: z.string().max(200).default(''),
  /** Integer 0–150 (spec §5); optional when birthDate is given. */
  age: z.union([z.number(), z.string()]).optional().nullable(),
  sex: sexInput.default(''),
  birthDate: isoDate.optional().nullable().or(z.literal('').transform(() => null)),
  cpf: text(20),
  phone: text(40),
  email: text(254),
  address: text(500),
  company: text(200),
  jobTitle: text(200),
});
export type PatientBody = z.infer<typeof patientBody>;

export const patientResponse = z.object({
  id: z.string(),
  name: z.string(),
  /** The stored age, else computed from birthDate (spec §2). */
  age: z.number().int().nullable(),
  sex: z.enum(['M', 'F', 'O']),
  birthDate: z.string().nullable(),
  /** 11 digits, no mask. */
  cpf: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  company: z.string().nullable(),
  companyId: z.string().nullable(),
  jobTitle: z.string().nullable(),
  /** ISO date-time when the worker was archived (hidden from lists, records kept); null = active. */
  archivedAt: z.string().nullable(),
  /** Who archived the worker (issue 18); null when active or archived before teams. */
  archivedBy: attributionResponse.nullable(),
  createdAt: z.string(),
  /** Number of exams of the patient (for lists). */
  examCount: z.number().int(),
});
export type PatientResponse = z.infer<typeof patientResponse>;

export const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  /** `true`: only archived workers (the "Arquivados" filter); otherwise only active ones. */
  archived: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Ids are UUIDs; anything else simply matches nothing (404), so ids never leak through 400s. */
export const idParams = z.object({ id: z.string().max(100) });

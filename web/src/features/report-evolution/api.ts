import type { z } from 'zod';
import type { patientReportResponse } from '../../../../adapters/src/http/contract/reports';
import { api } from '../../lib/api-client';

/** One laudo of the patient with the exam's thresholds (spec §3 report-based evolution input). */
export type PatientReport = z.infer<typeof patientReportResponse>;

/** Spec §7 `GET /api/reports/patient/{patientId}`, with the bearer token like every other call. */
export const getPatientReports = (patientId: string, signal?: AbortSignal) =>
  api.get<PatientReport[]>(`/reports/patient/${encodeURIComponent(patientId)}`, { signal });

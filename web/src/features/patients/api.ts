import type { PatientBody, PatientResponse } from '../../../../adapters/src/http/contract/patients';
import type { ExamDeletionResponse, ExamResponse } from '../../../../adapters/src/http/contract/exams';
import { fetchPage, queryString, type Page } from '../../components/data-table/fetch-page';
import { api } from '../../lib/api-client';

export type Patient = PatientResponse;
export type PatientExam = ExamResponse;

export const PATIENTS_PAGE_SIZE = 20;

/** Spec §9: redirect 0.5 s after a successful create or edit. */
export const REDIRECT_DELAY_MS = 500;

export const patientKeys = {
  all: ['patients'] as const,
  list: (q: string, offset: number, archived = false) => ['patients', 'list', q, offset, archived] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
  exams: (id: string) => ['patients', 'detail', id, 'exams'] as const,
  deletions: (id: string) => ['patients', 'detail', id, 'exam-deletions'] as const,
};

/** GET /api/patients?q=&limit=&offset=[&archived=true] (array + X-Total-Count). */
export function listPatients(q: string, offset: number, signal?: AbortSignal, archived = false): Promise<Page<Patient>> {
  return fetchPage<Patient>(`/patients${queryString({ q: q.trim(), limit: PATIENTS_PAGE_SIZE, offset, ...(archived ? { archived: 'true' } : {}) })}`, signal);
}

export const getPatient = (id: string, signal?: AbortSignal) => api.get<Patient>(`/patients/${encodeURIComponent(id)}`, { signal });

export const createPatient = (body: PatientBody) => api.post<Patient>('/patients', body as Record<string, unknown>);

/** PUT /api/patients/{id}: every field of the worker; null clears an optional one (issue 14). */
export const updatePatient = (id: string, body: PatientBody) => api.put<Patient>(`/patients/${encodeURIComponent(id)}`, body as Record<string, unknown>);

/** DELETE /api/patients/{id} archives the worker: records kept (NR-7 7.6.1.1), hidden from lists. */
export const archivePatient = (id: string) => api.delete<void>(`/patients/${encodeURIComponent(id)}`);

/** POST /api/patients/{id}/restore. */
export const restorePatient = (id: string) => api.post<Patient>(`/patients/${encodeURIComponent(id)}/restore`, {});

/** GET /api/exams?patientId= — the patient's exam history. */
export async function listPatientExams(id: string, signal?: AbortSignal): Promise<PatientExam[]> {
  const page = await fetchPage<PatientExam>(`/exams${queryString({ patientId: id, limit: 500 })}`, signal);
  return page.items;
}

/** GET /api/patients/{id}/exam-deletions — removed exams: who, when, why. */
export const listExamDeletions = (id: string, signal?: AbortSignal) =>
  api.get<ExamDeletionResponse[]>(`/patients/${encodeURIComponent(id)}/exam-deletions`, { signal });

import type { PatientBody, PatientResponse } from '../../../../adapters/src/http/contract/patients';
import type { ExamResponse } from '../../../../adapters/src/http/contract/exams';
import { fetchPage, queryString, type Page } from '../../components/data-table/fetch-page';
import { api } from '../../lib/api-client';

export type Patient = PatientResponse;
export type PatientExam = ExamResponse;

export const PATIENTS_PAGE_SIZE = 20;

/** Spec §9: redirect 0.5 s after a successful create or edit. */
export const REDIRECT_DELAY_MS = 500;

export const patientKeys = {
  all: ['patients'] as const,
  list: (q: string, offset: number) => ['patients', 'list', q, offset] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
  exams: (id: string) => ['patients', 'detail', id, 'exams'] as const,
};

/** GET /api/patients?q=&limit=&offset= (array + X-Total-Count). */
export function listPatients(q: string, offset: number, signal?: AbortSignal): Promise<Page<Patient>> {
  return fetchPage<Patient>(`/patients${queryString({ q: q.trim(), limit: PATIENTS_PAGE_SIZE, offset })}`, signal);
}

export const getPatient = (id: string, signal?: AbortSignal) => api.get<Patient>(`/patients/${encodeURIComponent(id)}`, { signal });

export const createPatient = (body: PatientBody) => api.post<Patient>('/patients', body as Record<string, unknown>);

/** PUT /api/patients/{id}: {name, age, sex, company|null, jobTitle|null} (spec §7). */
export const updatePatient = (id: string, body: { name: string; age: number; sex: string; company: string | null; jobTitle: string | null }) =>
  api.put<Patient>(`/patients/${encodeURIComponent(id)}`, body);

export const deletePatient = (id: string) => api.delete<void>(`/patients/${encodeURIComponent(id)}`);

/** GET /api/exams?patientId= — the patient's exam history. */
export async function listPatientExams(id: string, signal?: AbortSignal): Promise<PatientExam[]> {
  const page = await fetchPage<PatientExam>(`/exams${queryString({ patientId: id, limit: 500 })}`, signal);
  return page.items;
}

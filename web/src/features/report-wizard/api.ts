import type { PatientResponse } from '../../../../adapters/src/http/contract/patients';
import { fetchPage } from '../../components/data-table/fetch-page';
import { api } from '../../lib/api-client';
import type { ExamResponse } from '../../../../adapters/src/http/contract/exams';

export type WizardPatient = PatientResponse;

export const wizardKeys = {
  patients: ['report-wizard', 'patients'] as const,
  exams: (patientId: string) => ['report-wizard', 'exams', patientId] as const,
  exam: (id: string) => ['report-wizard', 'exam', id] as const,
};

/** The organisation's patients for the step-0 dropdown (first 500 by name). */
export const listWizardPatients = async (signal?: AbortSignal) => (await fetchPage<WizardPatient>('/patients?limit=500', signal)).items;

export type WizardExam = ExamResponse;

/** The worker's exams for step 4, newest first (date, then creation). */
export async function listWorkerExams(patientId: string, signal?: AbortSignal): Promise<WizardExam[]> {
  const items = await api.get<WizardExam[]>(`/exams?patientId=${encodeURIComponent(patientId)}&limit=500`, { signal });
  return [...items].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
}

/** One exam (the one the user came from, to preselect its worker). */
export const getWizardExam = (id: string, signal?: AbortSignal) => api.get<WizardExam>(`/exams/${encodeURIComponent(id)}`, { signal });

/** The exam of the new-exam form (issue 14): only on the user's "Criar exame", with what they typed. */
export interface WizardExamPayload {
  patientId: string;
  date: string;
  operatorName: string;
  operatorRegistration: string | null;
  consultationType: string | null;
  consultationReason: string | null;
  ambiente: { ruidoDb: number | null; transdutor: string };
}

export const createWizardExam = (payload: WizardExamPayload) => api.post<{ id: string }>('/exams', { ...payload });

import type { PatientResponse } from '../../../../adapters/src/http/contract/patients';
import { fetchPage } from '../../components/data-table/fetch-page';
import { api } from '../../lib/api-client';

export type WizardPatient = PatientResponse;

export const wizardKeys = {
  patients: ['report-wizard', 'patients'] as const,
};

/** The organisation's patients for the step-0 dropdown (first 500 by name). */
export const listWizardPatients = async (signal?: AbortSignal) => (await fetchPage<WizardPatient>('/patients?limit=500', signal)).items;

/** Spec §3 "Exam, as created by the wizard" (no thresholds yet: the upload at step 4 brings them). */
export interface WizardExamPayload {
  patientId: string;
  date: string;
  operatorName: string;
  operatorRegistration: string;
  consultationType: string | null;
  consultationReason: string | null;
  ambiente: { ruidoDb: number; transdutor: string };
}

export const createWizardExam = (payload: WizardExamPayload) => api.post<{ id: string }>('/exams', { ...payload });

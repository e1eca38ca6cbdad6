import type { PatientResponse } from '../../../../adapters/src/http/contract/patients';
import { api } from '../../lib/api-client';

/** Spec §3 "Evolution response, exam-based" (+ rulesVersion), computed by core's buildExamEvolution. */
export interface ExamEvolution {
  hasMultipleExams: boolean;
  message: string;
  totalExams: number;
  exams: { date: string; ptaRightEar: number | null; ptaLeftEar: number | null }[];
  firstExamDate: string | null;
  lastExamDate: string | null;
  monitoringPeriodDays: number;
  hasWorseningPortaria19: boolean;
  alerts: string[];
  rulesVersion: string;
}

export const getEvolution = (id: string, signal?: AbortSignal) => api.get<ExamEvolution>(`/patients/${encodeURIComponent(id)}/evolution`, { signal });
export const getPatient = (id: string, signal?: AbortSignal) => api.get<PatientResponse>(`/patients/${encodeURIComponent(id)}`, { signal });

import type { PatientResponse } from '../../../../adapters/src/http/contract/patients';
import { api } from '../../lib/api-client';

/** Spec §3 "Evolution response, exam-based" (+ rulesVersion), computed by core's buildExamEvolution. */
export interface ExamEvolution {
  hasMultipleExams: boolean;
  message: string;
  totalExams: number;
  /** In date order; `role` 'sem_limiares' = no air-conduction value (never compared, not charted). */
  exams: EvolutionExam[];
  /** Each desencadeamento/agravamento found, with its pt-BR heading (absent from older servers). */
  events?: EvolutionEvent[];
  firstExamDate: string | null;
  lastExamDate: string | null;
  monitoringPeriodDays: number;
  hasWorseningPortaria19: boolean;
  alerts: string[];
  rulesVersion: string;
}

/** PTA3 and 3–6 kHz mean per ear in dB HL, unrounded; a mean bound 'min' is a lower bound (NR, rule I11). */
export interface EvolutionExam {
  id?: string;
  date: string;
  role?: 'referencia' | 'sequencial' | 'sem_limiares';
  ptaRightEar: number | null;
  ptaLeftEar: number | null;
  mean346RightEar?: number | null;
  mean346LeftEar?: number | null;
  mean346RightBound?: 'min' | 'max' | null;
  mean346LeftBound?: 'min' | 'max' | null;
}

export interface EvolutionEvent {
  kind: 'desencadeamento' | 'agravamento';
  ears: ('right' | 'left')[];
  examDate: string;
  referenceDate: string;
  /** e.g. "Agravamento sugestivo da PAINPSE em 10/03/2026 (orelha direita), em relação ao exame de referência de 11/03/2025". */
  title: string;
}

export const getEvolution = (id: string, signal?: AbortSignal) => api.get<ExamEvolution>(`/patients/${encodeURIComponent(id)}/evolution`, { signal });
export const getPatient = (id: string, signal?: AbortSignal) => api.get<PatientResponse>(`/patients/${encodeURIComponent(id)}`, { signal });

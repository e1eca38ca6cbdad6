import type { ExamResponse, UpdateExamBody } from '../../../../adapters/src/http/contract/exams';
import type { PatientResponse } from '../../../../adapters/src/http/contract/patients';
import { fetchPage, queryString, type Page } from '../../components/data-table/fetch-page';
import { api } from '../../lib/api-client';
import type { WireThreshold } from '../../components/audiogram/audiogram-data';

/** The exam as read, with the age on the exam date and the professional's reference designation (rules 2026.11-2). */
export type Exam = ExamResponse;
export type ExamPatient = PatientResponse;

export interface ExamFile {
  id: string;
  storageUrl: string;
  fileName: string;
  fileSizeBytes: number;
  mediaType: string;
  createdAt: string;
}

export interface DashboardSummary {
  patients: number;
  exams: number;
  reports: number;
  examsThisMonth: number;
}

export const EXAMS_PAGE_SIZE = 20;

export const examKeys = {
  all: ['exams'] as const,
  list: (q: string, offset: number) => ['exams', 'list', q, offset] as const,
  detail: (id: string) => ['exams', 'detail', id] as const,
  files: (id: string) => ['exams', 'detail', id, 'files'] as const,
  summary: ['dashboard', 'summary'] as const,
  patientOptions: ['patients', 'options'] as const,
};

export const listExams = (q: string, offset: number, signal?: AbortSignal): Promise<Page<Exam>> =>
  fetchPage<Exam>(`/exams${queryString({ q: q.trim(), limit: EXAMS_PAGE_SIZE, offset })}`, signal);

export const getExam = (id: string, signal?: AbortSignal) => api.get<Exam>(`/exams/${encodeURIComponent(id)}`, { signal });

/** PUT /api/exams/{id}/reference {reason} (10–500 characters): this exam becomes the reference; later exams are recomputed. */
export const designateReference = (id: string, reason: string) => api.put<Exam>(`/exams/${encodeURIComponent(id)}/reference`, { reason });

/** DELETE /api/exams/{id}/reference: the reference follows the rules again. */
export const removeReferenceDesignation = (id: string) => api.delete<Exam>(`/exams/${encodeURIComponent(id)}/reference`);

/** PATCH /api/exams/{id}: corrects the record (absent = kept, null = cleared); the server reclassifies the history. */
export const updateExam = (id: string, body: UpdateExamBody) => api.patch<Exam>(`/exams/${encodeURIComponent(id)}`, body as Record<string, unknown>);

/** DELETE /api/exams/{id} {reason} (10–500 characters); 409 while a finalised laudo depends on the exam. */
export const deleteExam = (id: string, reason: string) => api.delete<void>(`/exams/${encodeURIComponent(id)}`, { body: { reason } });

export const getExamFiles = (id: string, signal?: AbortSignal) => api.get<ExamFile[]>(`/exams/${encodeURIComponent(id)}/files`, { signal });

export const getDashboardSummary = (signal?: AbortSignal) => api.get<DashboardSummary>('/dashboard/summary', { signal });

/** Patients for the entry form's picker (first 500 by name). */
export const listPatientOptions = async (signal?: AbortSignal) => (await fetchPage<ExamPatient>('/patients?limit=500', signal)).items;

type UpperPair = { RE: WireThreshold; LE: WireThreshold };

/** Spec §3 "Exam, as created by the entry form", + patientId and the extra fields of product.md. */
export interface EntryFormPayload {
  patientId?: string | null;
  paciente: { nome: string; idade: number | null; sexo: string };
  data_exame: string;
  ambiente: { ruido_dB: number | null; calibracao_atual: string | null; transdutor: string | null };
  audiograma: { air: Record<string, UpperPair>; bone?: Record<string, UpperPair> | null };
  operador: { nome: string; registro: string };
  observacoes: string | null;
  /** Issue 19: the occupational type (NR-7 item 7.5.6); left out when not informed. */
  examType?: string | null;
  repouso_horas: number | null;
  anamnese?: string | null;
  meatoscopia?: { od: string | null; oe: string | null } | null;
  mascaramento?: string | null;
  /** SRT/LRF in dB, IPRF in %; text is parsed by the server (decimal comma accepted). */
  speechTest?: { srtRe: string | null; srtLe: string | null; wrsRe: string | null; wrsLe: string | null } | null;
}

export const createExam = (payload: EntryFormPayload) => api.post<{ id: string }>('/exams', payload as unknown as Record<string, unknown>);

import type { ExamResponse, ReadingNoteResponse, WireThreshold } from '../../../../adapters/src/http/contract/exams';
import type { ApplyReadingResponse, ExamReadingListResponse, ExamReadingResponse } from '../../../../adapters/src/http/contract/readings';
import { api, ApiError, getToken } from '../../lib/api-client';

export type Exam = ExamResponse;

/** `POST /api/files/upload` answer (docs/api.md "Files and audiogram reading"). */
export interface UploadAnswer {
  analysisSucceeded: boolean;
  analysisPending: boolean;
  /** Read, but held for the professional (another person's file, not high confidence, exam already filled). */
  reviewPending: boolean;
  readingId: string | null;
  identityStatus: 'match' | 'mismatch' | 'not_stated' | null;
  confidence: 'high' | 'medium' | 'low' | null;
  error: string | null;
  file: { id: string; fileName: string; fileSizeBytes: number; storageUrl: string; mediaType: string };
}

/** One file as one multipart request (spec §7: file, examId, uploadedBy). */
export function uploadExamFile(examId: string, userId: string, file: File, signal?: AbortSignal): Promise<UploadAnswer> {
  const form = new FormData();
  form.set('file', file, file.name);
  form.set('examId', examId);
  form.set('uploadedBy', userId);
  return api.post<UploadAnswer>('/files/upload', form, { signal });
}

export const fetchExam = (id: string, signal?: AbortSignal) => api.get<Exam>(`/exams/${encodeURIComponent(id)}`, { signal });

export type WirePair = { re: WireThreshold; le: WireThreshold };
export interface AudiogramBody {
  air: Record<string, WirePair>;
  bone: Record<string, WirePair>;
}

/** `PUT /api/exams/{id}/audiogram`: replaces the thresholds; the answer is the re-classified exam. */
export const saveAudiogram = (examId: string, audiogram: AudiogramBody) =>
  api.put<Exam>(`/exams/${encodeURIComponent(examId)}/audiogram`, { audiogram } as unknown as Record<string, unknown>);

export type ExamReading = ExamReadingResponse;

/** `GET /api/exams/{id}/readings`: the exam's held readings, newest first. */
export const fetchReadings = (examId: string, signal?: AbortSignal) =>
  api.get<ExamReadingListResponse>(`/exams/${encodeURIComponent(examId)}/readings`, { signal }).then((r) => r.items);

/** `POST …/apply`: the professional confirms; the answer carries the re-classified exam. */
export const applyReading = (examId: string, readingId: string) =>
  api.post<ApplyReadingResponse>(`/exams/${encodeURIComponent(examId)}/readings/${encodeURIComponent(readingId)}/apply`);

/** `POST …/discard`: the exam stays as it was. */
export const discardReading = (examId: string, readingId: string) =>
  api.post<ExamReading>(`/exams/${encodeURIComponent(examId)}/readings/${encodeURIComponent(readingId)}/discard`);

/** `exam.ambienteJson` (core `ReadingNote`, typed by the contract): how the audiogram was obtained from a file. */
export type AmbienteInfo = ReadingNoteResponse;

/** True when the exam has at least one air-conduction threshold (spec §4: "data extracted"). */
export const hasAirThresholds = (exam: Exam) => Object.values(exam.audiogram.air).some((p) => p.re !== null || p.le !== null);

/** `GET /api/files/{id}/download` as a Blob (the picture beside the review grid; it needs the bearer token). */
export async function fetchExamFile(fileId: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`/api/files/${encodeURIComponent(fileId)}/download`, { signal, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, 'FILE_DOWNLOAD', 'Não foi possível baixar o arquivo do exame.', false);
  return response.blob();
}

/** The reader's short name for the review list: "Leitor de gráfico", "Ollama", "Leitura do PDF". */
export function shortSourceLabel(source: string | null): string | null {
  if (source?.startsWith('ollama')) return 'Ollama';
  return sourceLabel(source);
}

/** 'Leitura do PDF' for the text reader, 'Modelo local (qwen2.5vl:7b)' for Ollama (product.md decision 6). */
export function sourceLabel(source: string | null): string | null {
  if (!source) return null;
  if (source === 'pdf-text') return 'Leitura do PDF';
  if (source === 'chart-image') return 'Leitor de gráfico';
  if (source === 'scanned-pdf') return 'Leitor de gráfico (PDF digitalizado)';
  if (source.startsWith('ollama:')) return `Modelo local (${source.slice('ollama:'.length)})`;
  if (source === 'ollama') return 'Modelo local';
  return source;
}

export const CONFIDENCE_LABEL: Record<AmbienteInfo['confidence'], string> = {
  high: 'Alta',
  medium: 'Média',
  low: 'Baixa',
  unknown: 'Desconhecida',
};

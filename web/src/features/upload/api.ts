import type { ExamResponse, WireThreshold } from '../../../../adapters/src/http/contract/exams';
import type { ApplyReadingResponse, ExamReadingListResponse, ExamReadingResponse } from '../../../../adapters/src/http/contract/readings';
import type { PointConfidence } from '../../components/audiogram/threshold-input';
import { api } from '../../lib/api-client';

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

type EarConfidence = { air?: Record<string, PointConfidence>; bone?: Record<string, PointConfidence> };

/** `exam.ambienteJson` parsed (core `ambienteJsonFor`): how the audiogram was obtained. */
export interface AmbienteInfo {
  confidence: 'high' | 'medium' | 'low' | 'unknown';
  source: string | null;
  pointConfidence: { right?: EarConfidence; left?: EarConfidence };
  observations: string[];
  extractedAt: string | null;
  extractedFrom: string | null;
  analysisFailed: boolean;
  analysisError: string | null;
  analysisPending: boolean;
  /** A reading of a file waits for the professional (issue 14). */
  reviewPending: { readingId: string; fileName: string; reasons: string[] } | null;
}

const CONFIDENCES = ['high', 'medium', 'low', 'unknown'] as const;

/** Reads `ambienteJson` defensively (a string written by the server, possibly by older versions). */
export function parseAmbiente(raw: string | null | undefined): AmbienteInfo | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' && x !== '' ? x : null);
  const confidence = CONFIDENCES.find((c) => c === v.confidence) ?? 'unknown';
  const pc = typeof v.pointConfidence === 'object' && v.pointConfidence !== null ? (v.pointConfidence as AmbienteInfo['pointConfidence']) : {};
  return {
    confidence,
    source: str(v.source),
    pointConfidence: pc,
    observations: Array.isArray(v.observations) ? v.observations.filter((o): o is string => typeof o === 'string') : [],
    extractedAt: str(v.extractedAt),
    extractedFrom: str(v.extractedFrom),
    analysisFailed: v.analysisFailed === true || str(v.analysisError) !== null,
    analysisError: str(v.analysisError),
    analysisPending: v.analysisPending === true,
    reviewPending: reviewNote(v.reviewPending),
  };
}

function reviewNote(x: unknown): AmbienteInfo['reviewPending'] {
  if (typeof x !== 'object' || x === null) return null;
  const r = x as Record<string, unknown>;
  if (typeof r.readingId !== 'string') return null;
  return { readingId: r.readingId, fileName: typeof r.fileName === 'string' ? r.fileName : '', reasons: Array.isArray(r.reasons) ? r.reasons.filter((a): a is string => typeof a === 'string') : [] };
}

/** True when the exam has at least one air-conduction threshold (spec §4: "data extracted"). */
export const hasAirThresholds = (exam: Exam) => Object.values(exam.audiogram.air).some((p) => p.re !== null || p.le !== null);

/** 'Leitura do PDF' for the text reader, 'Modelo local (qwen2.5vl:7b)' for Ollama (product.md decision 6). */
export function sourceLabel(source: string | null): string | null {
  if (!source) return null;
  if (source === 'pdf-text') return 'Leitura do PDF';
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

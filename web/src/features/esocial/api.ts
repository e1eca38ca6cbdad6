import type { z } from 'zod';
import type { CompanyResponse, employmentResponse } from '../../../../adapters/src/http/contract/companies';
import type { asoPageResponse, asoResponse } from '../../../../adapters/src/http/contract/esocial';
import { ASO_EVENT_STATUS_LABELS, type AsoEventStatus } from '../../../../core/src/index';
import { api } from '../../lib/api-client';

/**
 * Issue 21: the ASO (Atestado de Saúde Ocupacional) and its eSocial S-2220 event as the HTTP contract
 * declares them (adapters/src/http/contract/esocial.ts, docs/esocial.md). Dates are ISO YYYY-MM-DD; the
 * event's status follows generate → export → receipt, and an edit after the receipt is a retification.
 */
export type Aso = z.infer<typeof asoResponse>;
export type AsoPage = z.infer<typeof asoPageResponse>;
export type EventStatus = AsoEventStatus;
export type AsoResult = NonNullable<Aso['result']>;
export type OtherProcedure = Aso['otherProcedures'][number];
export type Physician = Aso['physician'];
export type Coordinator = NonNullable<Aso['coordinator']>;

/** What the form sends (a subset of the contract's body, every field named). */
export interface AsoBody {
  asoDate: string;
  result: AsoResult;
  examType?: string;
  employmentId?: string;
  otherProcedures: OtherProcedure[];
  physician: Physician;
  coordinator: Coordinator | null;
}

/** One employment period of the worker (GET /api/patients/:id/employments, issue 19's contract). */
export type EmploymentPeriod = z.infer<typeof employmentResponse>;

const seg = encodeURIComponent;

export const esocialKeys = {
  all: ['esocial'] as const,
  byExam: (examId: string) => ['esocial', 'exam', examId] as const,
  exam: (examId: string) => ['esocial', 'exam-facts', examId] as const,
  employments: (patientId: string) => ['esocial', 'employments', patientId] as const,
  pending: (companyId: string, from: string, to: string) => ['esocial', 'pending', companyId, from, to] as const,
};

/** `?a=1&b=2` of the filled values. */
export function query(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
  return params.size ? `?${params}` : '';
}

export const listExamAsos = (examId: string, signal?: AbortSignal) => api.get<{ items: Aso[] }>(`/exams/${seg(examId)}/asos`, { signal });

export const listAsos = (filters: { companyId: string; from: string; to: string; status?: EventStatus; limit?: string }, signal?: AbortSignal) =>
  api.get<AsoPage>(`/asos${query({ ...filters })}`, { signal });

export const createAso = (examId: string, body: AsoBody) => api.post<Aso>(`/exams/${seg(examId)}/asos`, body as unknown as Record<string, unknown>);

export const updateAso = (id: string, body: AsoBody) => api.put<Aso>(`/asos/${seg(id)}`, body as unknown as Record<string, unknown>);

export const generateS2220 = (id: string) => api.post<{ eventId: string; xml: string }>(`/asos/${seg(id)}/s2220`);

export const saveReceipt = (id: string, receipt: string) => api.put<Aso>(`/asos/${seg(id)}/receipt`, { receipt });

/** The exam facts the form prefills (type and worker), when the page did not pass them. */
export const getExamFacts = (examId: string, signal?: AbortSignal) =>
  api.get<{ id: string; patientId: string; date: string; examType: string | null }>(`/exams/${seg(examId)}`, { signal });

export const listEmployments = (patientId: string, signal?: AbortSignal) =>
  api.get<{ employments: EmploymentPeriod[] }>(`/patients/${seg(patientId)}/employments`, { signal });

export const s2220XmlUrl = (id: string) => `/api/asos/${seg(id)}/s2220.xml`;
export const s2220ZipUrl = (companyId: string, from: string, to: string) => `/api/esocial/s2220.zip${query({ companyId, from, to })}`;

/** ordExame of the audiometry (evtMonit.xsd). */
export const ORD_EXAME_LABELS: Record<number, string> = { 1: 'Inicial (referência)', 2: 'Sequencial' };

/** indResult of the audiometry (evtMonit.xsd), for when the server's label is missing. */
export const IND_RESULT_LABELS: Record<number, string> = { 1: 'Normal', 2: 'Alterado', 3: 'Estável', 4: 'Agravamento' };

export const STATUS_LABELS: Record<EventStatus, string> = ASO_EVENT_STATUS_LABELS;

export const STATUS_TONE: Record<EventStatus, 'neutral' | 'info' | 'warning' | 'success'> = {
  pendente: 'neutral',
  gerado: 'info',
  exportado: 'info',
  recebido: 'success',
  retificacao_pendente: 'warning',
};

/**
 * The organisation's companies for the batch's picker (GET /api/companies). Read here rather than
 * through the companies feature, which mounts the batch card on its page: features do not import
 * each other both ways (tests/architecture/web-features.test.ts). Same query key, same cache.
 */
export const batchCompanyKeys = { list: ['companies', 'list', ''] as const };
export const listBatchCompanies = (signal?: AbortSignal) => api.get<CompanyResponse[]>('/companies', { signal });
/** "Razão social — 12.345.678/0001-95" (as the companies feature labels its options). */
export const batchCompanyLabel = (c: Pick<CompanyResponse, 'name' | 'cnpjFormatted'>): string => (c.cnpjFormatted ? `${c.name} — ${c.cnpjFormatted}` : c.name);

import { api } from '../../lib/api-client';

/**
 * Issue 21: the ASO (Atestado de Saúde Ocupacional) and its eSocial S-2220 event as the API answers them
 * (docs/esocial.md). Dates are ISO YYYY-MM-DD; the event's status follows generate → export → receipt.
 */
export type EventStatus = 'pendente' | 'gerado' | 'exportado' | 'recebido' | 'retificacao_pendente';
export type AsoResult = 'apto' | 'inapto';

export interface OtherProcedure {
  /** eSocial Tabela 27 code, 4 digits. */
  code: string;
  date: string;
  description: string | null;
}

export interface Physician {
  name: string;
  crm: string;
  uf: string;
}

export interface Coordinator extends Physician {
  cpf: string | null;
}

export interface Aso {
  id: string;
  patientId: string;
  patientName: string;
  cpf: string | null;
  examId: string;
  employmentId: string;
  companyId: string;
  companyName: string;
  companyCnpj: string | null;
  registration: string | null;
  examType: string;
  examTypeCode: number;
  asoDate: string;
  result: AsoResult | null;
  otherProcedures: OtherProcedure[];
  physician: Physician;
  coordinator: Coordinator | null;
  audiometry: { ordExame: number; indResult: number; indResultLabel: string; reasons: string[] };
  event: {
    status: EventStatus;
    statusLabel: string;
    eventId: string | null;
    generatedAt: string | null;
    exportedAt: string | null;
    receipt: string | null;
    indRetif: number;
    editable: boolean;
  };
  createdAt: string;
  updatedAt: string;
}

export interface AsoBody {
  asoDate: string;
  result: AsoResult;
  examType?: string;
  employmentId?: string;
  otherProcedures: OtherProcedure[];
  physician: Physician;
  coordinator: Coordinator | null;
}

export interface AsoPage {
  total: number;
  items: Aso[];
}

/** One employment period of the worker (GET /api/patients/:id/employments), the fields the ASO form shows. */
export interface EmploymentPeriod {
  id: string;
  companyId: string;
  companyName: string;
  companyCnpj: string | null;
  registration: string | null;
  jobTitle: string | null;
  startDate: string;
  endDate: string | null;
  dismissalDate: string | null;
  current: boolean;
}

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

export const listAsos = (filters: { companyId: string; from: string; to: string; status?: EventStatus }, signal?: AbortSignal) =>
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

/** eSocial receipt number (nrRecibo, tipos.xsd TS_nrRecibo): "1.X." and 19 digits, 23 characters. */
export const RECEIPT_PATTERN = /^1\.\d\.\d{19}$/;

/** ordExame of the audiometry (evtMonit.xsd). */
export const ORD_EXAME_LABELS: Record<number, string> = { 1: 'Inicial (referência)', 2: 'Sequencial' };

/** indResult of the audiometry (evtMonit.xsd), for when the server's label is missing. */
export const IND_RESULT_LABELS: Record<number, string> = { 1: 'Normal', 2: 'Alterado', 3: 'Estável', 4: 'Agravamento' };

export const STATUS_LABELS: Record<EventStatus, string> = {
  pendente: 'Pendente',
  gerado: 'Gerado',
  exportado: 'Exportado',
  recebido: 'Recebido',
  retificacao_pendente: 'Retificação pendente',
};

export const STATUS_TONE: Record<EventStatus, 'neutral' | 'info' | 'warning' | 'success'> = {
  pendente: 'neutral',
  gerado: 'info',
  exportado: 'info',
  recebido: 'success',
  retificacao_pendente: 'warning',
};

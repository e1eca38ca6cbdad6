import type { ExposureStatus } from '../../../../core/src/index';
import { api } from '../../lib/api-client';

/** Issue 19: the compliance dashboard's answers (GET /api/programme/*). */
export interface Figures {
  exposedWorkers: number;
  dueIn30: number;
  dueIn60: number;
  dueIn90: number;
  overdue: number;
  withoutReference: number;
  /** % 0..100, one decimal; null without exposed workers. */
  coverage: number | null;
}

export interface CompanyRow extends Figures {
  companyId: string;
  name: string;
  cnpj: string | null;
  needsCompletion: boolean;
}

export interface GheRow extends Figures {
  gheId: string;
  companyId: string;
  companyName: string;
  sectorId: string | null;
  sectorName: string | null;
  name: string;
  exposureStatus: ExposureStatus;
}

export interface Overview {
  today: string;
  totals: Figures;
  companies: CompanyRow[];
  ghes: GheRow[];
}

export interface PrevalenceFigures {
  workersExamined: number;
  sugestivo: number;
  desencadeamento: number;
  agravamento: number;
  sugestivoPercent: number | null;
  desencadeamentoPercent: number | null;
  agravamentoPercent: number | null;
}

export interface Prevalence {
  window: { from: string; to: string };
  current: PrevalenceFigures;
  byYear: (PrevalenceFigures & { year: number })[];
}

export type WorkerState = 'vencido' | 'vence_30' | 'due60' | 'due90' | 'em_dia' | 'sem_referencia';

export interface ProgrammeWorkerRow {
  patientId: string;
  name: string;
  cpf: string | null;
  companyId: string;
  companyName: string;
  sectorName: string | null;
  gheId: string | null;
  gheName: string | null;
  registration: string | null;
  lastExamDate: string | null;
  dueDate: string | null;
  reason: string | null;
  reasonLabel: string | null;
  state: string | null;
  stateLabel: string | null;
}

export interface WorkersPage {
  total: number;
  items: ProgrammeWorkerRow[];
}

export interface ProgrammeFilters {
  companyId?: string;
  sectorId?: string;
  gheId?: string;
}

export const WORKERS_PAGE_SIZE = 50;

/** `?a=1&b=2` of the filled values (empty ones left out). */
export function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(Object.entries(values).filter((e): e is [string, string | number] => e[1] !== undefined && String(e[1]).trim() !== '').map(([k, v]) => [k, String(v)]));
  return params.size ? `?${params}` : '';
}

export const programmeKeys = {
  all: ['programme'] as const,
  overview: (f: ProgrammeFilters) => ['programme', 'overview', f] as const,
  prevalence: (f: ProgrammeFilters, from: string, to: string) => ['programme', 'prevalence', f, from, to] as const,
  workers: (f: ProgrammeFilters, state: string, offset: number) => ['programme', 'workers', f, state, offset] as const,
};

export const getOverview = (f: ProgrammeFilters, signal?: AbortSignal) => api.get<Overview>(`/programme/overview${query({ ...f })}`, { signal });

export const getPrevalence = (f: ProgrammeFilters, from: string, to: string, signal?: AbortSignal) =>
  api.get<Prevalence>(`/programme/prevalence${query({ ...f, from, to })}`, { signal });

export const listProgrammeWorkers = (f: ProgrammeFilters, state: string, offset: number, signal?: AbortSignal) =>
  api.get<WorkersPage>(`/programme/workers${query({ ...f, state, limit: WORKERS_PAGE_SIZE, offset })}`, { signal });

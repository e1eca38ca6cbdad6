import type { z } from 'zod';
import type {
  programmeOverviewResponse, programmePrevalenceResponse, programmeWorkerItem, programmeWorkerState, ProgrammeWorkersResponse,
} from '../../../../adapters/src/http/contract/programme';
import { api } from '../../lib/api-client';

/** Issue 19: the compliance dashboard's answers (GET /api/programme/*), as the HTTP contract declares them. */
export type Overview = z.infer<typeof programmeOverviewResponse>;
export type Figures = Overview['totals'];
export type CompanyRow = Overview['companies'][number];
export type GheRow = Overview['ghes'][number];
export type Prevalence = z.infer<typeof programmePrevalenceResponse>;
export type PrevalenceFigures = Prevalence['current'];
export type WorkerState = z.infer<typeof programmeWorkerState>;
export type ProgrammeWorkerRow = z.infer<typeof programmeWorkerItem>;
export type WorkersPage = ProgrammeWorkersResponse;

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

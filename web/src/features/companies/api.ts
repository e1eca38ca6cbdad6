import type { ExposureMetric, ExposureStatus } from '../../../../core/src/index';
import { api } from '../../lib/api-client';

/**
 * Issue 19: companies, sectors and GHEs as the API answers them (docs/api.md, the programme's HTTP
 * contract). Dates are ISO YYYY-MM-DD; cnpj is the 14 stored characters or null ("cadastro incompleto").
 */
export interface Company {
  id: string;
  name: string;
  tradeName: string | null;
  cnpj: string | null;
  cnpjFormatted: string | null;
  address: string | null;
  cnae: string | null;
  riskGrade: number | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  needsCompletion: boolean;
  activeWorkers: number;
  patientCount?: number;
  createdAt: string;
  updatedAt: string;
}

export interface Sector {
  id: string;
  companyId: string;
  name: string;
}

export interface NoiseExposure {
  metric: ExposureMetric;
  levelDbA: number | null;
  dosePercent: number | null;
  assessedAt: string | null;
  source: string | null;
}

export interface Ghe {
  id: string;
  companyId: string;
  sectorId: string | null;
  sectorName: string | null;
  name: string;
  description: string | null;
  exposure: NoiseExposure | null;
  exposureStatus: ExposureStatus;
  exposureStatusLabel: string;
  exposed: boolean;
  periodicityMonths: number;
  workers: number;
}

export interface CompanyDetail {
  company: Company;
  sectors: Sector[];
  ghes: Ghe[];
}

export interface CompanyBody {
  name: string;
  tradeName: string | null;
  cnpj: string | null;
  address: string | null;
  cnae: string | null;
  riskGrade: number | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
}

export interface GheBody {
  name: string;
  sectorId: string | null;
  description: string | null;
  exposure: { metric: ExposureMetric; levelDbA: number | null; dosePercent: number | null; assessedAt: string | null; source: string | null } | null;
  periodicityMonths: number;
}

const seg = encodeURIComponent;

/** How a company is named in a picker: a matriz and its filiais share the razão social, so the CNPJ tells them apart. */
export const companyOptionLabel = (c: Pick<Company, 'name' | 'cnpjFormatted'>): string => (c.cnpjFormatted ? `${c.name} — ${c.cnpjFormatted}` : c.name);

export const companyKeys = {
  all: ['companies'] as const,
  list: (q: string) => ['companies', 'list', q] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
};

export const listCompanies = (q: string, signal?: AbortSignal) =>
  api.get<Company[]>(`/companies${q.trim() ? `?q=${seg(q.trim())}` : ''}`, { signal });

export const getCompany = (id: string, signal?: AbortSignal) => api.get<CompanyDetail>(`/companies/${seg(id)}`, { signal });

export const createCompany = (body: CompanyBody) => api.post<Company>('/companies', body as unknown as Record<string, unknown>);

export const updateCompany = (id: string, body: CompanyBody) => api.put<Company>(`/companies/${seg(id)}`, body as unknown as Record<string, unknown>);

export const createSector = (companyId: string, name: string) => api.post<Sector>(`/companies/${seg(companyId)}/sectors`, { name });

export const renameSector = (companyId: string, sectorId: string, name: string) =>
  api.put<Sector>(`/companies/${seg(companyId)}/sectors/${seg(sectorId)}`, { name });

export const createGhe = (companyId: string, body: GheBody) => api.post<Ghe>(`/companies/${seg(companyId)}/ghes`, body as unknown as Record<string, unknown>);

export const updateGhe = (companyId: string, gheId: string, body: GheBody) =>
  api.put<Ghe>(`/companies/${seg(companyId)}/ghes/${seg(gheId)}`, body as unknown as Record<string, unknown>);

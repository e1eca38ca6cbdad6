import type { z } from 'zod';
import type { CompanyResponse } from '../../../../adapters/src/http/contract/companies';
import type { createdEmbedTokenResponse, embedTokenResponse } from '../../../../adapters/src/http/contract/embed';
import type { PatientResponse } from '../../../../adapters/src/http/contract/patients';
import { api } from '../../lib/api-client';

export type EmbedToken = z.infer<typeof embedTokenResponse>;
export type CreatedEmbedToken = z.infer<typeof createdEmbedTokenResponse>;
export type Company = CompanyResponse;

export interface CreateEmbedTokenInput {
  name: string;
  scope: 'company' | 'patient';
  companyId?: string;
  patientId?: string;
  allowedOrigins: string[];
  /** ISO timestamp, or null for no expiry. */
  expiresAt: string | null;
  initialsOnly: boolean;
}

export const embedTokensKey = ['embed-tokens'] as const;

export const listEmbedTokens = (signal?: AbortSignal) => api.get<EmbedToken[]>('/embed-tokens', { signal });
export const createEmbedToken = (input: CreateEmbedTokenInput) => api.post<CreatedEmbedToken>('/embed-tokens', { ...input });
export const revokeEmbedToken = (id: string) => api.delete<void>(`/embed-tokens/${encodeURIComponent(id)}`);
export const listCompanies = (signal?: AbortSignal) => api.get<Company[]>('/companies', { signal });
export const searchPatients = (q: string, signal?: AbortSignal) =>
  api.get<PatientResponse[]>(`/patients?q=${encodeURIComponent(q)}&limit=20`, { signal });

import type { AuditEntryResponse, AuditPageResponse } from '../../../../adapters/src/http/contract/audit';
import { api } from '../../lib/api-client';

/** One entry of the audit trail (GET /api/audit, GET /api/patients/:id/access-log). */
export type AuditEntry = AuditEntryResponse;
export type AuditPage = AuditPageResponse;

/** The screen's filters, as they travel in the address bar and to the API (empty = not filtered). */
export interface AuditFilters {
  patientId: string;
  actorId: string;
  action: string;
  from: string;
  to: string;
}

export const PAGE_SIZE = 50;

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, page: number) => ['audit', 'list', filters, page] as const,
  accessLog: (patientId: string) => ['audit', 'access-log', patientId] as const,
  members: ['audit', 'members'] as const,
  worker: (id: string) => ['audit', 'worker', id] as const,
};

export const filterParams = (f: AuditFilters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')) as Record<string, string>;

export const listAudit = (filters: AuditFilters, page: number, signal?: AbortSignal) => {
  const params = new URLSearchParams({ ...filterParams(filters), limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
  return api.get<AuditPage>(`/audit?${params}`, { signal });
};

export const accessLog = (patientId: string, limit: number, signal?: AbortSignal) =>
  api.get<AuditPage>(`/patients/${encodeURIComponent(patientId)}/access-log?limit=${limit}`, { signal });

/** The team, for the member filter (the trail names members by their user id). */
export const listMembers = (signal?: AbortSignal) =>
  api.get<{ members: Array<{ userId: string; name: string; status: string }> }>('/team/members', { signal }).then((b) => b.members);

/** The worker a link opened the screen for (name for the filter's text). */
export const getWorker = (id: string, signal?: AbortSignal) =>
  api.get<{ id: string; name: string; cpf: string | null; company: string | null }>(`/patients/${encodeURIComponent(id)}`, { signal });

/** Who, in words: the member's name, the widget's token, or the public verification page. */
export const actorText = (e: AuditEntry) =>
  e.actorKind === 'widget' ? `Widget: ${e.actorName}` : e.actorKind === 'publico' ? 'Público (verificação do laudo)' : e.actorName;

/** How the request ended, in words. */
export function outcomeText(status: number): string {
  if (status >= 200 && status < 300) return 'Concluído';
  if (status === 403) return 'Recusado: sem permissão';
  if (status === 404) return 'Não encontrado';
  if (status === 409) return 'Recusado: conflito';
  if (status >= 400 && status < 500) return 'Recusado: dados inválidos';
  return `Erro (${status})`;
}

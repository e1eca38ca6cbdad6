import type { DeletionRequestJson } from '../../../../adapters/src/http/contract/privacy';
import { api, getToken } from '../../lib/api-client';

/** A data-deletion request as the administrator sees it (GET /api/privacy/deletion-requests). */
export type DeletionRequest = DeletionRequestJson;
export type DeletionRequestStatus = DeletionRequest['status'];

export const privacyKeys = {
  all: ['privacy'] as const,
  requests: (status: string) => ['privacy', 'requests', status] as const,
};

export const listDeletionRequests = (status: DeletionRequestStatus | '', signal?: AbortSignal) =>
  api.get<{ items: DeletionRequest[] }>(`/privacy/deletion-requests${status ? `?status=${status}` : ''}`, { signal }).then((r) => r.items);

export const approveDeletionRequest = (id: string, patientId: string, reason: string) =>
  api.post<DeletionRequest>(`/privacy/deletion-requests/${encodeURIComponent(id)}/approve`, { patientId, reason: reason.trim() || null });

export const refuseDeletionRequest = (id: string, reason: string) =>
  api.post<DeletionRequest>(`/privacy/deletion-requests/${encodeURIComponent(id)}/refuse`, { reason });

/**
 * GET /api/patients/{id}/lgpd-export with the bearer token (a plain link cannot send it), saved under
 * the server's file name. Throws an Error with the server's pt-BR message on a refusal.
 */
export async function downloadLgpdExport(patientId: string): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api/patients/${encodeURIComponent(patientId)}/lgpd-export`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new Error('Não foi possível baixar a exportação. Verifique sua conexão.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'Não foi possível gerar a exportação. Tente novamente.');
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'dados-lgpd.zip';
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

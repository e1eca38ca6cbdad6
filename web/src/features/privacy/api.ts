import type { DeletionRequestJson } from '../../../../adapters/src/http/contract/privacy';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

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
 * GET /api/patients/{id}/lgpd-export with the bearer token, saved under the server's file name.
 * Throws an Error with the server's pt-BR message on a refusal.
 */
export async function downloadLgpdExport(patientId: string): Promise<void> {
  await downloadFile(`/api/patients/${encodeURIComponent(patientId)}/lgpd-export`, 'dados-lgpd.zip', {
    offline: 'Não foi possível baixar a exportação. Verifique sua conexão.',
    refused: 'Não foi possível gerar a exportação. Tente novamente.',
  });
}

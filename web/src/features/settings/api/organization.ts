import { useQuery } from '@tanstack/react-query';
import type { OrganizationResponse, UpdateOrganizationBody } from '../../../../../adapters/src/http/contract/organization';
import { ApiError, api, getToken } from '../../../lib/api-client';

export type Organization = OrganizationResponse;

export const organizationKeys = {
  detail: ['organization'] as const,
  logo: (url: string) => ['organization', 'logo', url] as const,
};

export const getOrganization = (signal?: AbortSignal) => api.get<Organization>('/organization', { signal });
export const updateOrganization = (input: UpdateOrganizationBody) => api.put<Organization>('/organization', { ...input });
export const deleteOrganizationLogo = () => api.delete<Organization>('/organization/logo');

export const useOrganization = () => useQuery({ queryKey: organizationKeys.detail, queryFn: ({ signal }) => getOrganization(signal) });

/** The logo's bytes are the request body (PNG or JPEG ≤ 1 MB; the server checks the magic bytes). */
export async function uploadOrganizationLogo(file: Blob): Promise<Organization> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch('/api/organization/logo', { method: 'PUT', headers, body: file });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Não foi possível conectar ao servidor', false);
  }
  const body = (await response.json().catch(() => ({}))) as Organization & { message?: string; code?: string };
  if (!response.ok) throw new ApiError(response.status, body.code ?? 'UPLOAD_FAILED', body.message ?? 'Erro ao enviar o logotipo', Boolean(body.message));
  return body;
}

/** The logo as an object URL (the image needs the bearer token, so it cannot be a plain <img src>). */
export function useOrganizationLogo(url: string | null | undefined) {
  return useQuery({
    queryKey: organizationKeys.logo(url ?? ''),
    enabled: Boolean(url),
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const token = getToken();
      const response = await fetch(url!, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
      if (!response.ok) throw new ApiError(response.status, 'LOGO_FAILED', 'Erro ao carregar o logotipo', false);
      return URL.createObjectURL(await response.blob());
    },
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AuthConfig {
  /** The Google OAuth client id, or null when Google sign-in is not configured (button hidden). */
  googleClientId: string | null;
}

/** `GET /api/auth/config`. */
export async function getAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  const body = await api.get<Partial<AuthConfig> | undefined>('/auth/config', { signal });
  const id = body?.googleClientId;
  return { googleClientId: typeof id === 'string' && id.trim() !== '' ? id : null };
}

/** The sign-in configuration, fetched once per visit; a failure simply hides the Google button. */
export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth', 'config'],
    queryFn: ({ signal }) => getAuthConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

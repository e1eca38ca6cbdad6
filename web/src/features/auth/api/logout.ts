import { api } from '../../../lib/api-client';

/** `POST /api/auth/logout`: revokes the server session. Callers ignore its failure (spec §4). */
export async function logoutOnServer(): Promise<void> {
  await api.post<unknown>('/auth/logout');
}

import { api, ApiError } from '../../../lib/api-client';
import { messageFor } from '../../../i18n/error-messages';
import { isAuthUser, type AuthUser } from '../types';

/** `GET /api/auth/me`: the professional the stored token belongs to. */
export async function getCurrentUser(signal?: AbortSignal): Promise<AuthUser> {
  const body = await api.get<unknown>('/auth/me', { signal });
  if (!isAuthUser(body)) {
    throw new ApiError(200, 'INVALID_RESPONSE', messageFor('INVALID_RESPONSE'), false);
  }
  return body;
}

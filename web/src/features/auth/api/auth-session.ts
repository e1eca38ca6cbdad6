import type { AuthResponse } from '../../../../../adapters/src/http/contract/accounts';
import { ApiError } from '../../../lib/api-client';
import { messageFor } from '../../../i18n/error-messages';
import { isAuthUser, type AuthUser } from '../types';

/** What login, Google sign-in and registration answer: the token, the user and the session end. */
export interface AuthSession {
  token: string;
  user: AuthUser;
  /** ISO date-time when the server session ends (30 days with "Lembrar de mim", else 12 hours). */
  expiresAt: string | null;
}

/** Checks the `{ token, user, expiresAt }` answer and turns a malformed one into an ApiError. */
export function toAuthSession(body: Partial<AuthResponse> | undefined): AuthSession {
  if (!body || typeof body.token !== 'string' || !isAuthUser(body.user)) {
    throw new ApiError(200, 'INVALID_RESPONSE', messageFor('INVALID_RESPONSE'), false);
  }
  return { token: body.token, user: body.user, expiresAt: typeof body.expiresAt === 'string' ? body.expiresAt : null };
}

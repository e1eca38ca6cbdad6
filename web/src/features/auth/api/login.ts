import { api, ApiError } from '../../../lib/api-client';
import { messageFor } from '../../../i18n/error-messages';
import { isAuthUser, type AuthUser } from '../types';

export interface LoginInput {
  email: string;
  password: string;
  /** Chooses a long or a short server session (product.md, decision 3). */
  rememberMe: boolean;
}

export interface LoginResult {
  token: string;
  user: AuthUser;
}

/** `POST /api/auth/login` → `{ token, user }`. */
export async function login(input: LoginInput): Promise<LoginResult> {
  const body = await api.post<Partial<LoginResult> | undefined>('/auth/login', { ...input });
  if (!body || typeof body.token !== 'string' || !isAuthUser(body.user)) {
    throw new ApiError(200, 'INVALID_RESPONSE', messageFor('INVALID_RESPONSE'), false);
  }
  return { token: body.token, user: body.user };
}

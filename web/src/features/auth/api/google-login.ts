import type { AuthResponse } from '../../../../../adapters/src/http/contract/accounts';
import { api } from '../../../lib/api-client';
import { toAuthSession, type AuthSession } from './auth-session';

/** `POST /api/auth/google {credential, rememberMe}`: the server verifies the Google ID token. */
export async function loginWithGoogle(credential: string, rememberMe: boolean): Promise<AuthSession> {
  const body = await api.post<Partial<AuthResponse> | undefined>('/auth/google', { credential, rememberMe });
  return toAuthSession(body);
}

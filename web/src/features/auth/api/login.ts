import type { AuthResponse } from '../../../../../adapters/src/http/contract/accounts';
import { api } from '../../../lib/api-client';
import { toAuthSession, type AuthSession } from './auth-session';

export interface LoginInput {
  email: string;
  password: string;
  /** Chooses a long (30 days) or a short (12 hours) server session (product.md, decision 3). */
  rememberMe: boolean;
}

export type LoginResult = AuthSession;

/** `POST /api/auth/login` → `{ token, user, expiresAt }`. */
export async function login(input: LoginInput): Promise<LoginResult> {
  const body = await api.post<Partial<AuthResponse> | undefined>('/auth/login', { ...input });
  return toAuthSession(body);
}

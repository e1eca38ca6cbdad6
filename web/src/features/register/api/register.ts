import type { AuthResponse, RegisterBody } from '../../../../../adapters/src/http/contract/accounts';
import { api } from '../../../lib/api-client';
import { toAuthSession, type AuthSession } from '../../auth';

export type RegisterPayload = Required<{ [K in keyof RegisterBody]: NonNullable<RegisterBody[K]> | null }>;

/** `POST /api/auth/register` → 201 `{ token, user, expiresAt }` (spec §3 registration payload). */
export async function registerAccount(payload: RegisterPayload): Promise<AuthSession> {
  const body = await api.post<Partial<AuthResponse> | undefined>('/auth/register', { ...payload });
  return toAuthSession(body);
}

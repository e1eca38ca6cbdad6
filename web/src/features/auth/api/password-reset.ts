import type { ForgotPasswordResponse } from '../../../../../adapters/src/http/contract/accounts';
import { api } from '../../../lib/api-client';

/** `POST /api/auth/forgot-password`: neutral answer when mail is configured, else the link itself. */
export function requestPasswordReset(email: string): Promise<ForgotPasswordResponse> {
  return api.post<ForgotPasswordResponse>('/auth/forgot-password', { email });
}

/** `POST /api/auth/reset-password/check`: the e-mail the link is for, or a 400 with the server's text. */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<{ email: string; expiresAt: string }> {
  return api.post('/auth/reset-password/check', { token }, { signal });
}

/** `POST /api/auth/reset-password`: sets the password; every session of the account ends. */
export function resetPassword(input: { token: string; password: string; confirmPassword: string }): Promise<{ email: string; message: string }> {
  return api.post('/auth/reset-password', input);
}

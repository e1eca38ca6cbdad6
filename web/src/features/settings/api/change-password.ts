import { api } from '../../../lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** `POST /api/auth/change-password` → 204; the server ends the account's other sessions. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post<unknown>('/auth/change-password', { ...input });
}

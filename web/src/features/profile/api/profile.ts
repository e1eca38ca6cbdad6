import { useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../../adapters/src/http/contract/accounts';
import { api } from '../../../lib/api-client';

/** The professional profile of spec §3 (`GET /api/users/me/profile`). */
export type Profile = ProfileResponse;

/** Settings profile form payload (spec §7 `PUT /users/me/profile`). */
export interface UpdateProfileInput {
  name: string;
  email: string;
  professionalType: string;
  specialization: string | null;
  phoneNumber: string | null;
  crm?: string | null;
  crmState?: string | null;
  crfa?: string | null;
  crfaRegion?: string | null;
  crea?: string | null;
  creaState?: string | null;
}

/** Profile-completion modal payload, PascalCase as spec §3 has it. */
export interface CompleteProfileInput {
  Crm: string;
  CrmState: string;
  /** A fonoaudiólogo completes with the CRFa and its region (issue 18). */
  Crfa?: string;
  CrfaRegion?: string;
  Specialization: string;
  ProfessionalId: string | null;
}

export const profileQueryKey = ['users', 'me', 'profile'] as const;

export function getMyProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>('/users/me/profile', { signal });
}

export function updateMyProfile(input: UpdateProfileInput): Promise<Profile> {
  return api.put<Profile>('/users/me/profile', { ...input });
}

/** `PUT /api/users/me/profile?userId={userId}`: another user's id answers 404. */
export function completeMyProfile(userId: string, input: CompleteProfileInput): Promise<Profile> {
  return api.put<Profile>(`/users/me/profile?userId=${encodeURIComponent(userId)}`, { ...input });
}

/** The logged-in professional's profile, shared by settings, the completion modal and its hook. */
export function useMyProfile(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getMyProfile(signal),
    enabled: options.enabled ?? true,
  });
}

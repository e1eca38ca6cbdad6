import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError, errorMessage } from '../../../lib/api-client';
import { messageFor } from '../../../i18n/error-messages';
import { useAuth } from '../auth-context';
import { isAuthUser, type AuthUser } from '../types';

/** `POST /api/auth/switch-organization`: the same token now carries that organisation; answers the profile there. */
export async function switchOrganization(organizationId: string): Promise<AuthUser> {
  const body = await api.post<unknown>('/auth/switch-organization', { organizationId });
  if (!isAuthUser(body)) throw new ApiError(200, 'INVALID_RESPONSE', messageFor('INVALID_RESPONSE'), false);
  return body;
}

const SWITCH_FAILED = 'Não foi possível trocar de organização. Tente novamente.';

/**
 * Switches the session's organisation (issue 18): the stored user becomes the profile in the new
 * organisation and every cached query is reset, so each page reloads its data there.
 */
export function useSwitchOrganization() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function switchTo(organizationId: string): Promise<boolean> {
    setBusyId(organizationId);
    setProblem(null);
    try {
      const user = await switchOrganization(organizationId);
      auth.updateUser(user);
      void queryClient.resetQueries();
      return true;
    } catch (failure) {
      setProblem(errorMessage(failure, SWITCH_FAILED));
      return false;
    } finally {
      setBusyId(null);
    }
  }

  return { switchTo, busyId, problem };
}

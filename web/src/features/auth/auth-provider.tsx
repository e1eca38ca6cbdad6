import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError, clearToken, FORBIDDEN_EVENT, getToken, setToken } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { getCurrentUser } from './api/get-current-user';
import { logoutOnServer } from './api/logout';
import { AuthContext, type AuthContextValue } from './auth-context';
import type { AuthStatus, AuthUser } from './types';

/** Waits before asking again for the current user when the call got no answer (network, 5xx): then logged out. */
const SESSION_CHECK_RETRIES_MS = [500, 1500, 3000];

/**
 * Authentication state machine of spec §4: loading (a token exists, `GET /api/auth/me` running),
 * then authenticated (token stored, user loaded) or unauthenticated (token removed).
 * Must sit inside the router: logout navigates.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (getToken() ? 'loading' : 'unauthenticated'));
  const [user, setUser] = useState<AuthUser | null>(null);

  useEffect(() => {
    if (!getToken()) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = (attempt: number) => {
      getCurrentUser(controller.signal)
        .then((current) => {
          setUser(current);
          setStatus('authenticated');
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // spec §4: a failed current-user call logs out. A 401 is final (the API client has already cleared
          // the token); a call that did not get an answer (the page reloaded or left while it ran, the network
          // or the server blinked) is asked again before the session is given up (ADR 0028).
          const refused = error instanceof ApiError && error.status > 0 && error.status < 500 && error.status !== 429;
          if (!refused && attempt < SESSION_CHECK_RETRIES_MS.length) {
            timer = setTimeout(() => check(attempt + 1), SESSION_CHECK_RETRIES_MS[attempt]);
            return;
          }
          clearToken();
          setUser(null);
          setStatus('unauthenticated');
        });
    };
    check(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, []);

  // Issue 18: a refusal means the member's roles may have changed: reload the profile so the UI offers only what is allowed.
  useEffect(() => {
    const refresh = () => {
      if (!getToken()) return;
      getCurrentUser()
        .then((current) => setUser((previous) => (previous ? { ...previous, ...current } : previous)))
        .catch(() => {
          // a failed reload keeps the current profile; a 401 is handled by the API client
        });
    };
    window.addEventListener(FORBIDDEN_EVENT, refresh);
    return () => window.removeEventListener(FORBIDDEN_EVENT, refresh);
  }, []);

  const login = useCallback((token: string, nextUser: AuthUser) => {
    setToken(token);
    setUser(nextUser);
    setStatus('authenticated');
  }, []);

  const updateUser = useCallback((nextUser: AuthUser) => {
    setUser((current) => (current ? { ...current, ...nextUser } : current));
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutOnServer();
    } catch {
      // spec §4: a failed server logout still logs the user out locally.
    }
    clearToken();
    queryClient.clear();
    setUser(null);
    setStatus('unauthenticated');
    toast.success('Logout realizado com sucesso!');
    navigate(paths.login.getHref(), { replace: true });
  }, [navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, login, updateUser, logout }),
    [status, user, login, updateUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../../web/src/features/auth/auth-context';
import type { AuthUser } from '../../../web/src/features/auth/types';
import { permissionsOf, type Role } from '../../../core/src/index';

/**
 * Component tests of the web app (issue 16): the real component under a memory router, a fresh
 * query client and a stand-in auth context; the network is a table of fake API answers so each
 * test says what the server answers and checks what the form sent.
 */

/** The founder of a solo practice (issue 18: roles administrador + médico, and every permission they give). */
export const doctor: AuthUser = {
  id: 'u1',
  name: 'Dra. Ana',
  email: 'ana@clinica.test',
  professionalType: 'Medico',
  crm: '123456',
  crmState: 'SP',
  memberId: 'm1',
  roles: ['administrador', 'medico'],
  permissions: permissionsOf(['administrador', 'medico']),
  organizations: [{ organizationId: 'o1', organizationName: 'Clínica Ana', roles: ['administrador', 'medico'] }],
};

/** A member of the same organisation holding `roles`, with the permissions the server would send. */
export function memberWith(roles: Role[], over: Partial<AuthUser> = {}): AuthUser {
  return { ...doctor, id: `u-${roles.join('-')}`, memberId: `m-${roles.join('-')}`, roles, permissions: permissionsOf(roles), ...over };
}

export interface ApiCall { method: string; path: string; body: unknown }
type Answer = { status?: number; body?: unknown } | ((call: ApiCall) => { status?: number; body?: unknown });

/** Replaces fetch: `answers['POST /auth/login']` answers that call (200 `{}` when missing); returns the calls made. */
export function fakeApi(answers: Record<string, Answer> = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(url).replace(/^\/api/, '').split('?')[0];
    const call = { method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body };
    calls.push(call);
    const answer = answers[`${method} ${path}`];
    const { status = 200, body = {} } = typeof answer === 'function' ? answer(call) : (answer ?? {});
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

/** Shows where the router is, so a test can see the page navigated. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderApp(ui: ReactElement, { path = '/', route = path, user = doctor }: { path?: string; route?: string; user?: AuthUser | null } = {}) {
  const auth: AuthContextValue = {
    status: user ? 'authenticated' : 'unauthenticated',
    user,
    login: vi.fn(),
    updateUser: vi.fn(),
    logout: vi.fn(async () => {}),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, auth, queryClient, location: () => view.getByTestId('location').textContent };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

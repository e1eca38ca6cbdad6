import { expect } from 'vitest';
import type { TestServer } from './test-server';

let seq = 0;

export interface Account {
  token: string;
  user: { id: string; organizationId: string; email: string; name: string };
  email: string;
  password: string;
}

export const json = (body: unknown, token?: string, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

export const bearer = (token: string, method = 'GET'): RequestInit => ({ method, headers: { authorization: `Bearer ${token}` } });

/** Registers a new professional (and so a new organisation) through the real API. */
export async function registerAccount(t: TestServer, over: Record<string, unknown> = {}): Promise<Account> {
  const email = `prof${Date.now()}${++seq}@clinica.com.br`;
  const password = 'segredo1';
  const res = await t.request('/api/auth/register', json({
    name: `Profissional ${seq}`, email, password, confirmPassword: password, professionalType: 'Medico', crm: '123456', crmState: 'SP', ...over,
  }));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { token: body.token, user: body.user, email: (over.email as string) ?? email, password };
}

/**
 * The cross-organisation check every endpoint must pass (product decision 2): organisation B's
 * token asking for organisation A's resource gets 404 — never 403, never the data.
 */
export async function expectHiddenFromOtherOrganisation(t: TestServer, other: Account, request: { path: string; method?: string; body?: unknown }) {
  const init = request.body !== undefined ? json(request.body, other.token, request.method ?? 'POST') : bearer(other.token, request.method ?? 'GET');
  const res = await t.request(request.path, init);
  const text = await res.text();
  expect(res.status, `${request.method ?? 'GET'} ${request.path} → ${res.status} ${text}`).toBe(404);
  return text;
}

/** Two professionals of two organisations. */
export async function twoOrganisations(t: TestServer): Promise<[Account, Account]> {
  return [await registerAccount(t), await registerAccount(t)];
}

const TYPE_OF_ROLE: Record<string, Record<string, unknown>> = {
  medico: { professionalType: 'Medico', crm: '654321', crmState: 'SP' },
  fonoaudiologo: { professionalType: 'Fonoaudiologo', crfa: '12345', crfaRegion: '2' },
  seguranca: { professionalType: 'Engenheiro', crea: '998877', creaState: 'SP' },
  tecnico: { professionalType: '' },
  administrador: { professionalType: '' },
};

/**
 * A new member of the admin's organisation with the given roles (issue 18): the admin invites through the
 * API and the invitee accepts as a new account with the register form's fields of the matching type.
 */
export async function inviteMember(t: TestServer, admin: Account, roles: string[], over: Record<string, unknown> = {}): Promise<Account & { memberId: string }> {
  const email = `membro${Date.now()}${++seq}@clinica.com.br`;
  const password = 'segredo1';
  const invited = await t.request('/api/team/invitations', json({ email, roles }, admin.token));
  const invitation = await invited.json();
  expect(invited.status, JSON.stringify(invitation)).toBe(201);
  const token = new URLSearchParams(invitation.acceptPath.split('#')[1]).get('token');
  const professional = roles.find((r) => r !== 'administrador') ?? 'administrador';
  const res = await t.request('/api/invitations/accept', json({
    mode: 'new', token, name: `Membro ${seq}`, password, confirmPassword: password, ...TYPE_OF_ROLE[professional], ...over,
  }));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { token: body.token, user: body.user, email, password, memberId: body.user.memberId };
}

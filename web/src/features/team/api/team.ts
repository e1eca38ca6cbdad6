import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  createdInvitationResponse, invitationPreviewResponse, invitationResponse, MemberResponse,
} from '../../../../../adapters/src/http/contract/team';
import type { AuthResponse } from '../../../../../adapters/src/http/contract/accounts';
import type { Role } from '../../../../../core/src/index';
import { api } from '../../../lib/api-client';
import { toAuthSession, type AuthSession } from '../../auth';

/** Configurações › Equipe and the invitation link (issue 18): the wire shapes of adapters/src/http/contract/team.ts. */
export type Member = MemberResponse;
export type PendingInvitation = z.infer<typeof invitationResponse>;
export type CreatedInvitation = z.infer<typeof createdInvitationResponse>;
export type InvitationPreview = z.infer<typeof invitationPreviewResponse>;

export const teamKeys = {
  members: ['team', 'members'] as const,
  invitations: ['team', 'invitations'] as const,
};

export const getMembers = (signal?: AbortSignal) => api.get<{ members: Member[] }>('/team/members', { signal }).then((b) => b.members);
export const getInvitations = (signal?: AbortSignal) =>
  api.get<{ invitations: PendingInvitation[] }>('/team/invitations', { signal }).then((b) => b.invitations);

export const useMembers = () => useQuery({ queryKey: teamKeys.members, queryFn: ({ signal }) => getMembers(signal) });
export const useInvitations = () => useQuery({ queryKey: teamKeys.invitations, queryFn: ({ signal }) => getInvitations(signal) });

const memberPath = (id: string) => `/team/members/${encodeURIComponent(id)}`;
export const changeMemberRoles = (id: string, roles: Role[]) => api.put<Member>(`${memberPath(id)}/roles`, { roles });
export const deactivateMember = (id: string) => api.post<Member>(`${memberPath(id)}/deactivate`);
export const reactivateMember = (id: string) => api.post<Member>(`${memberPath(id)}/reactivate`);

export const inviteMember = (email: string, roles: Role[]) => api.post<CreatedInvitation>('/team/invitations', { email, roles });
export const revokeInvitation = (id: string) => api.delete<void>(`/team/invitations/${encodeURIComponent(id)}`);

/** `POST /api/invitations/check` (public): what the link invites to, or a 400 with the server's pt-BR text. */
export const checkInvitation = (token: string, signal?: AbortSignal) => api.post<InvitationPreview>('/invitations/check', { token }, { signal });

export type AcceptInvitationInput =
  | {
      mode: 'new'; name: string; password: string; confirmPassword: string; professionalType: string;
      crm: string | null; crmState: string | null; crfa: string | null; crfaRegion: string | null; crea: string | null; creaState: string | null;
    }
  | { mode: 'existing'; password: string }
  | { mode: 'session' };

/** `POST /api/invitations/accept`: answers like login (`{ token, user, expiresAt }`) in the inviting organisation. */
export async function acceptInvitation(token: string, input: AcceptInvitationInput): Promise<AuthSession> {
  const body = await api.post<Partial<AuthResponse> | undefined>('/invitations/accept', { token, ...input });
  return toAuthSession(body);
}

/**
 * The link to hand over: the server's `link` when it is absolute (PUBLIC_URL configured), else this
 * site's origin + `acceptPath` (`/convite#token=…`).
 */
export function absoluteInvitationLink(created: Pick<CreatedInvitation, 'link' | 'acceptPath'>, origin = window.location.origin): string {
  if (/^https?:\/\//i.test(created.link)) return created.link;
  const path = created.link.startsWith('/') ? created.link : created.acceptPath;
  return `${origin}${path}`;
}

import type { Context } from 'koa';
import type { AcceptInvitation, Authenticate, ManageProfile, ManageTeam, MemberView, PendingInvitationView, SwitchOrganization } from '../../../../../core/src';
import {
  acceptInvitationBody, acceptInvitationResponse, changeRolesBody, createdInvitationResponse, invitationListResponse, invitationPreviewResponse,
  invitationTokenBody, inviteBody, memberListResponse, memberParams, memberResponse, switchOrganizationBody, type MemberResponse,
} from '../../contract/team';
import { profileResponse } from '../../contract/accounts';
import type { ApiRoutes } from '../api-routes';
import { unwrap } from '../request-errors';
import { bearerToken, originOf, requireAuth } from '../auth';
import { sessionBody, toProfileResponse } from './accounts.routes';

export interface TeamDeps {
  authenticate: Authenticate;
  team: ManageTeam;
  acceptInvitation: AcceptInvitation;
  switchOrganization: SwitchOrganization;
  profile: ManageProfile;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toMember(m: MemberView): MemberResponse {
  return {
    id: m.id, userId: m.userId, name: m.name, email: m.email, professionalType: m.professionalType as MemberResponse['professionalType'],
    registry: m.registry, roles: m.roles, status: m.status, createdAt: m.createdAt.toISOString(), lastAccessAt: iso(m.lastAccessAt), deactivatedAt: iso(m.deactivatedAt),
  };
}

function toInvitation(i: PendingInvitationView) {
  return { id: i.id, email: i.email, roles: i.roles, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString(), invitedByName: i.invitedByName };
}

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

/** The path of the acceptance page; the secret travels in the fragment, never in a server log. */
export const invitationPath = (token: string) => `/convite#token=${token}`;

/** Configurações › Equipe, the invitation link and the organisation switcher (issue 18). */
export function teamRoutes(routes: ApiRoutes, d: TeamDeps): void {
  const tag = 'Equipe';
  const withAuth = (ctx: Context) => requireAuth(ctx, d.authenticate);

  routes.add({ method: 'get', path: '/team/members', tag, summary: 'Membros da organização (administrador)', responses: { 200: { description: 'ok', schema: memberListResponse } } },
    async (ctx) => {
      noStore(ctx);
      ctx.body = { members: unwrap(await d.team.members(await withAuth(ctx))).map(toMember) };
    });

  routes.add({ method: 'put', path: '/team/members/:id/roles', tag, summary: 'Altera os papéis do membro (a organização mantém ao menos um administrador ativo)', params: memberParams, body: changeRolesBody, responses: { 200: { description: 'ok', schema: memberResponse } } },
    async (ctx, { params, body }) => {
      ctx.body = toMember(unwrap(await d.team.changeRoles(await withAuth(ctx), params.id, body.roles)));
    });

  routes.add({ method: 'post', path: '/team/members/:id/deactivate', tag, summary: 'Desativa o membro: as sessões dele nesta organização são revogadas na hora', params: memberParams, responses: { 200: { description: 'ok', schema: memberResponse } } },
    async (ctx, { params }) => {
      ctx.body = toMember(unwrap(await d.team.deactivate(await withAuth(ctx), params.id)));
    });

  routes.add({ method: 'post', path: '/team/members/:id/reactivate', tag, summary: 'Reativa o membro', params: memberParams, responses: { 200: { description: 'ok', schema: memberResponse } } },
    async (ctx, { params }) => {
      ctx.body = toMember(unwrap(await d.team.reactivate(await withAuth(ctx), params.id)));
    });

  routes.add({ method: 'get', path: '/team/invitations', tag, summary: 'Convites pendentes', responses: { 200: { description: 'ok', schema: invitationListResponse } } },
    async (ctx) => {
      noStore(ctx);
      ctx.body = { invitations: unwrap(await d.team.invitations(await withAuth(ctx))).map(toInvitation) };
    });

  routes.add({ method: 'post', path: '/team/invitations', tag, summary: 'Convida por e-mail: link de uso único, válido por 7 dias, exibido uma vez (e enviado por e-mail com SMTP_URL)', body: inviteBody, responses: { 201: { description: 'Convite criado', schema: createdInvitationResponse } } },
    async (ctx, { body }) => {
      const auth = await withAuth(ctx);
      const issued = unwrap(await d.team.invite(auth, body));
      noStore(ctx);
      ctx.status = 201;
      ctx.body = {
        invitation: toInvitation({ ...issued.invitation, invitedByName: '' }), link: issued.link, acceptPath: invitationPath(issued.token), emailSent: issued.emailSent,
      };
    });

  routes.add({ method: 'delete', path: '/team/invitations/:id', tag, summary: 'Revoga um convite pendente', params: memberParams, responses: { 204: { description: 'Revogado' } } },
    async (ctx, { params }) => {
      unwrap(await d.team.revokeInvitation(await withAuth(ctx), params.id));
      ctx.status = 204;
    });

  routes.add({ method: 'post', path: '/invitations/check', auth: 'public', tag, summary: 'Diz se o link de convite vale, de qual organização e para qual e-mail', body: invitationTokenBody, responses: { 200: { description: 'Convite válido', schema: invitationPreviewResponse } } },
    async (ctx, { body }) => {
      noStore(ctx);
      const p = unwrap(await d.acceptInvitation.check(body.token));
      ctx.body = { ...p, expiresAt: p.expiresAt.toISOString() };
    });

  routes.add({ method: 'post', path: '/invitations/accept', auth: 'public', tag, summary: 'Aceita o convite: cria a conta ou vincula a conta existente, e abre a sessão na organização', body: acceptInvitationBody, responses: { 200: { description: 'Sessão aberta', schema: acceptInvitationResponse } } },
    async (ctx, { body }) => {
      noStore(ctx);
      // an open session of the invited account may accept without typing the password again
      const current = bearerToken(ctx) ? await d.authenticate.execute(bearerToken(ctx)) : undefined;
      const auth = current?.ok ? current.value : undefined;
      const input = body.mode === 'new' ? { ...body, mode: 'new' as const } : body.mode === 'existing' ? { mode: 'existing' as const, password: body.password } : { mode: 'existing' as const, password: '' };
      ctx.body = sessionBody(unwrap(await d.acceptInvitation.accept(body.token, input, originOf(ctx), auth)));
    });

  routes.add({ method: 'post', path: '/auth/switch-organization', tag: 'Contas', summary: 'Troca a organização da sessão (o mesmo token passa a valer na outra organização)', body: switchOrganizationBody, responses: { 200: { description: 'Perfil na nova organização', schema: profileResponse } } },
    async (ctx, { body }) => {
      noStore(ctx);
      const auth = unwrap(await d.switchOrganization.execute(await withAuth(ctx), body.organizationId));
      ctx.body = toProfileResponse(unwrap(await d.profile.get(auth)), await d.profile.membership(auth));
    });
}

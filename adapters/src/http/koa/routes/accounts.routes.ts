import type { Context } from 'koa';
import { z } from 'zod';
import {
  isProfileCompleted, permissionsOf, type MemberContext, type Authenticate, type ChangePassword, type LogIn, type LogInWithGoogle, type LogOut,
  type ManageProfile, type OpenedSession, type Professional, type RegisterProfessional, type SubmitPublicRequest,
  PASSWORD_RESET_MESSAGES, type RequestPasswordReset, type ResetPassword,
} from '../../../../../core/src';
import {
  authConfigResponse, authResponse, changePasswordBody, completeProfileBody, completeProfileQuery, contactBody,
  dataDeletionBody, deletionReceiptResponse, googleLoginBody, loginBody, notificationPreferences, profileResponse, receiptResponse, registerBody,
  updateProfileBody, type ProfileResponse,
  forgotPasswordBody, forgotPasswordResponse, resetPasswordBody, resetPasswordResponse, resetTokenBody, resetTokenResponse,
} from '../../contract/accounts';
import type { ApiRoutes } from '../api-routes';
import { parseOr400, unwrap } from '../request-errors';
import { originOf, requireAuth } from '../auth';

export interface AccountDeps {
  authenticate: Authenticate;
  register: RegisterProfessional;
  logIn: LogIn;
  logInWithGoogle: LogInWithGoogle;
  logOut: LogOut;
  changePassword: ChangePassword;
  profile: ManageProfile;
  publicRequests: SubmitPublicRequest;
  googleClientId: string | undefined;
  requestPasswordReset: RequestPasswordReset;
  resetPassword: ResetPassword;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The request comes from the server's own machine: a loopback socket and no proxy header (behind a
 * local reverse proxy every client would look local, so any forwarding header disqualifies). ADR 0013.
 */
function isLocalRequest(ctx: Context): boolean {
  const forwarded = ctx.get('x-forwarded-for') || ctx.get('forwarded') || ctx.get('x-real-ip');
  return !forwarded && LOOPBACK.test(ctx.req.socket.remoteAddress ?? '');
}

export function toProfileResponse(p: Professional, m: MemberContext): ProfileResponse {
  return {
    memberId: m.memberId, roles: m.roles, permissions: permissionsOf(m.roles),
    organizations: m.organizations.map((o) => ({ organizationId: o.organizationId, organizationName: o.organizationName, roles: o.roles })),
    id: p.id, name: p.name, email: p.email, professionalType: p.professionalType,
    crm: p.crm, crmState: p.crmState, crfa: p.crfa, crfaRegion: p.crfaRegion, crea: p.crea, creaState: p.creaState,
    specialization: p.specialization, phoneNumber: p.phoneNumber, profileCompleted: isProfileCompleted(p),
    organizationId: p.organizationId, organizationName: p.organizationName,
  };
}

export const sessionBody = (s: OpenedSession) => ({
  token: s.token, expiresAt: s.expiresAt.toISOString(),
  user: toProfileResponse(s.professional, { memberId: s.membership.id, roles: s.membership.roles, organizations: s.organizations }),
});
const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

/** Spec §7 auth and profile calls, plus the public site's stored forms (product.md). */
export function accountRoutes(routes: ApiRoutes, d: AccountDeps): void {
  const tag = 'Contas';
  const withAuth = (ctx: Context) => requireAuth(ctx, d.authenticate);

  routes.add({ method: 'get', path: '/auth/config', auth: 'public', tag, summary: 'Métodos de login disponíveis', responses: { 200: { description: 'ok', schema: authConfigResponse } } },
    (ctx) => void (ctx.body = { googleClientId: d.googleClientId ?? null }));

  routes.add({ method: 'post', path: '/auth/register', auth: 'public', tag, summary: 'Cadastro do profissional (cria a organização)', body: registerBody, responses: { 201: { description: 'Conta criada', schema: authResponse } } },
    async (ctx, { body }) => {
      const opened = unwrap(await d.register.execute({ ...body, professionalType: body.professionalType }, originOf(ctx)));
      noStore(ctx);
      ctx.status = 201;
      ctx.body = sessionBody(opened);
    });

  routes.add({ method: 'post', path: '/auth/login', auth: 'public', tag, summary: 'Login com e-mail e senha', body: loginBody, responses: { 200: { description: 'Sessão aberta', schema: authResponse } } },
    async (ctx, { body }) => {
      noStore(ctx);
      ctx.body = sessionBody(unwrap(await d.logIn.execute(body, originOf(ctx))));
    });

  routes.add({ method: 'post', path: '/auth/google', auth: 'public', tag, summary: 'Login com Google (ID token)', body: googleLoginBody, responses: { 200: { description: 'Sessão aberta', schema: authResponse } } },
    async (ctx, { body }) => {
      noStore(ctx);
      ctx.body = sessionBody(unwrap(await d.logInWithGoogle.execute(body.credential, body.rememberMe, originOf(ctx))));
    });

  routes.add({ method: 'post', path: '/auth/logout', tag, summary: 'Encerra a sessão (revoga o token)', responses: { 204: { description: 'Sessão encerrada' } } },
    async (ctx) => {
      await d.logOut.execute(await withAuth(ctx));
      ctx.status = 204;
    });

  routes.add({ method: 'get', path: '/auth/me', tag, summary: 'Usuário da sessão', responses: { 200: { description: 'ok', schema: profileResponse } } },
    async (ctx) => {
      noStore(ctx);
      const auth = await withAuth(ctx);
      ctx.body = toProfileResponse(unwrap(await d.profile.get(auth)), await d.profile.membership(auth));
    });

  routes.add({ method: 'post', path: '/auth/change-password', tag, summary: 'Troca a senha e encerra as outras sessões', body: changePasswordBody, responses: { 204: { description: 'Senha alterada' } } },
    async (ctx, { body }) => {
      const auth = await withAuth(ctx);
      unwrap(await d.changePassword.execute(auth, {
        currentPassword: body.currentPassword, newPassword: body.newPassword, confirmNewPassword: body.confirmNewPassword ?? body.confirmPassword ?? '',
      }, originOf(ctx)));
      ctx.status = 204;
    });

  routes.add({ method: 'post', path: '/auth/forgot-password', auth: 'public', tag, summary: 'Esqueci minha senha: envia o link por e-mail (SMTP_URL) ou, sem e-mail configurado, devolve o link (só na própria máquina do servidor)', body: forgotPasswordBody, responses: { 200: { description: 'Pedido aceito', schema: forgotPasswordResponse } } },
    async (ctx, { body }) => {
      noStore(ctx);
      const sent = unwrap(await d.requestPasswordReset.execute(body, { ...originOf(ctx), local: isLocalRequest(ctx) }));
      ctx.body = sent.delivery === 'email'
        ? { delivery: 'email', message: PASSWORD_RESET_MESSAGES.sent }
        : { delivery: 'screen', message: PASSWORD_RESET_MESSAGES.shownOnScreen, resetPath: `/reset-password#token=${sent.token}`, expiresAt: sent.expiresAt.toISOString() };
    });

  routes.add({ method: 'post', path: '/auth/reset-password/check', auth: 'public', tag, summary: 'Diz se um link de redefinição ainda vale (e para qual e-mail)', body: resetTokenBody, responses: { 200: { description: 'Link válido', schema: resetTokenResponse } } },
    async (ctx, { body }) => {
      noStore(ctx);
      const valid = unwrap(await d.resetPassword.check(body.token));
      ctx.body = { email: valid.email, expiresAt: valid.expiresAt.toISOString() };
    });

  routes.add({ method: 'post', path: '/auth/reset-password', auth: 'public', tag, summary: 'Define a nova senha pelo link (uso único) e encerra todas as sessões da conta', body: resetPasswordBody, responses: { 200: { description: 'Senha redefinida', schema: resetPasswordResponse } } },
    async (ctx, { body }) => {
      noStore(ctx);
      const done = unwrap(await d.resetPassword.execute(body));
      ctx.body = { email: done.email, message: PASSWORD_RESET_MESSAGES.done };
    });

  routes.add({ method: 'get', path: '/users/me/profile', tag, summary: 'Perfil profissional', responses: { 200: { description: 'ok', schema: profileResponse } } },
    async (ctx) => {
      noStore(ctx);
      const auth = await withAuth(ctx);
      ctx.body = toProfileResponse(unwrap(await d.profile.get(auth)), await d.profile.membership(auth));
    });

  routes.add({ method: 'put', path: '/users/me/profile', tag, summary: 'Atualiza o perfil; com ?userId= e {Crm, CrmState, Specialization, ProfessionalId} (fonoaudiólogo: {Crfa, CrfaRegion, Specialization}), completa o perfil (modal)', query: completeProfileQuery, body: z.union([completeProfileBody.strict(), updateProfileBody]), responses: { 200: { description: 'Perfil atualizado', schema: profileResponse } } },
    async (ctx, { body, query }) => {
      const auth = await withAuth(ctx);
      const raw = (ctx.request as { body?: Record<string, unknown> }).body ?? {};
      const isCompletion = query.userId !== undefined || 'Crm' in raw || 'Specialization' in raw;
      const result = isCompletion
        ? await (() => {
            // the body matched the union as a profile update but asks for completion (?userId=): its own 400, never a 500
            const c = parseOr400(completeProfileBody, raw);
            return d.profile.complete(auth, query.userId, { crm: c.Crm, crmState: c.CrmState, specialization: c.Specialization, crfa: c.Crfa, crfaRegion: c.CrfaRegion });
          })()
        : await d.profile.update(auth, parseOr400(updateProfileBody, body));
      ctx.body = toProfileResponse(unwrap(result), await d.profile.membership(auth));
    });

  routes.add({ method: 'get', path: '/users/me/notification-preferences', tag, summary: 'Preferências de notificação', responses: { 200: { description: 'ok', schema: notificationPreferences } } },
    async (ctx) => {
      ctx.body = unwrap(await d.profile.get(await withAuth(ctx))).notificationPreferences;
    });

  routes.add({ method: 'put', path: '/users/me/notification-preferences', tag, summary: 'Salva as preferências de notificação', body: notificationPreferences, responses: { 200: { description: 'ok', schema: notificationPreferences } } },
    async (ctx, { body }) => {
      ctx.body = unwrap(await d.profile.setNotificationPreferences(await withAuth(ctx), body));
    });

  routes.add({ method: 'post', path: '/contact', auth: 'public', tag: 'Site público', summary: 'Mensagem de contato (armazenada)', body: contactBody, responses: { 201: { description: 'Recebida', schema: receiptResponse } } },
    async (ctx, { body }) => {
      const saved = unwrap(await d.publicRequests.contact(body, originOf(ctx)));
      ctx.status = 201;
      ctx.body = { id: saved.id, createdAt: saved.createdAt.toISOString(), status: 'recebido' };
    });

  routes.add({ method: 'post', path: '/data-deletion-requests', auth: 'public', tag: 'Site público', summary: 'Pedido de exclusão de dados (rastreado): responde o link secreto da página de acompanhamento', body: dataDeletionBody, responses: { 201: { description: 'Recebido', schema: deletionReceiptResponse } } },
    async (ctx, { body }) => {
      const saved = unwrap(await d.publicRequests.dataDeletion(body, originOf(ctx)));
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      // the token in the fragment: never sent to a server, never in a Referer (GET /api/data-deletion-requests/:id?token=)
      ctx.body = {
        id: saved.id, createdAt: saved.createdAt.toISOString(), status: saved.status, token: saved.token,
        statusUrl: `/data-deletion/status/${saved.id}#token=${saved.token}`,
      };
    });
}

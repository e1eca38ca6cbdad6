import type { Context } from 'koa';
import { z } from 'zod';
import type { Authenticate, EmbedToken, EmbedTokens } from '../../../../../core/src';
import { createdEmbedTokenResponse, createEmbedTokenBody, embeddedEvolutionResponse, embedTokenResponse } from '../../contract/embed';
import type { ApiRoutes } from '../api-routes';
import { unwrap } from '../request-errors';
import { bearerToken, requireAuth } from '../auth';

function toResponse(t: EmbedToken, now: Date) {
  return {
    id: t.id, name: t.name, scope: t.scope.kind, companyId: t.scope.kind === 'company' ? t.scope.companyId : null,
    patientId: t.scope.kind === 'patient' ? t.scope.patientId : null, allowedOrigins: t.allowedOrigins, expiresAt: t.expiresAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null, initialsOnly: t.initialsOnly, createdAt: t.createdAt.toISOString(),
    status: t.revokedAt ? 'revogado' as const : t.expiresAt && t.expiresAt <= now ? 'expirado' as const : 'ativo' as const,
  };
}

export interface EmbedDeps {
  authenticate: Authenticate;
  embed: EmbedTokens;
  now: () => Date;
}

/**
 * Embed tokens (settings › Integrações, session auth) and the widget's data route, which accepts
 * embed tokens only and answers CORS only to the token's origins (issue 9).
 */
export function embedRoutes(routes: ApiRoutes, d: EmbedDeps): void {
  const tag = 'Integrações';
  // GET /api/companies (the token form's company list) lives in companies.routes.ts (issue 19)
  routes.add({ method: 'get', path: '/embed-tokens', tag, summary: 'Tokens de integração (sem o segredo)', responses: { 200: { description: 'ok', schema: z.array(embedTokenResponse) } } },
    async (ctx) => {
      const tokens = unwrap(await d.embed.list(await requireAuth(ctx, d.authenticate)));
      ctx.body = tokens.map((t) => toResponse(t, d.now()));
    });

  routes.add({ method: 'post', path: '/embed-tokens', tag, summary: 'Cria um token de integração somente leitura (exibido uma única vez)', body: createEmbedTokenBody, responses: { 201: { description: 'Criado', schema: createdEmbedTokenResponse } } },
    async (ctx, { body }) => {
      const created = unwrap(await d.embed.create(await requireAuth(ctx, d.authenticate), body));
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { ...toResponse(created.token, d.now()), token: created.plaintext };
    });

  routes.add({ method: 'delete', path: '/embed-tokens/:id', tag, summary: 'Revoga o token', params: z.object({ id: z.string().max(100) }), responses: { 204: { description: 'Revogado' } } },
    async (ctx, { params }) => {
      unwrap(await d.embed.revoke(await requireAuth(ctx, d.authenticate), params.id));
      ctx.status = 204;
    });

  const cors = (ctx: Context, origin: string | null) => {
    if (!origin) return;
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Vary', 'Origin');
  };

  // preflight carries no token, so it reveals nothing and grants nothing: the GET answers CORS only to the token's origins
  routes.router.options('/embed/evolution/:patientId', (ctx) => {
    const origin = ctx.get('origin');
    if (origin) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Methods', 'GET');
      ctx.set('Access-Control-Allow-Headers', 'authorization');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.set('Vary', 'Origin');
    }
    ctx.status = 204;
  });

  routes.add({ method: 'get', path: '/embed/evolution/:patientId', auth: 'embed', tag, summary: 'Dados do widget de evolução (somente token de integração)', params: z.object({ patientId: z.string().max(100) }), responses: { 200: { description: 'ok', schema: embeddedEvolutionResponse } } },
    async (ctx, { params }) => {
      const origin = ctx.get('origin') || null;
      const meta = { origin, ip: ctx.ip || null, patientId: params.patientId };
      const auth = await d.embed.authenticate(bearerToken(ctx), origin);
      if (!auth.ok) {
        await d.embed.recordRefusal(meta, auth.error.message);
        // the refusal (its pt-BR reason, no data) is readable cross-origin, so the widget can say
        // 'Origem não autorizada…' instead of a network failure; only the 200 carries data
        cors(ctx, origin);
        throw auth.error;
      }
      cors(ctx, origin);
      ctx.state.embedToken = auth.value; // the audit trail names the token (audit-middleware.ts)
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = unwrap(await d.embed.evolution(auth.value, params.patientId, meta));
    });
}

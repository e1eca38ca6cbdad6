import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AuditLog, AuthContext, EmbedToken } from '../../../../../core/src';
import { auditEntryFor, auditRuleFor, type AuditActor, type AuditRule } from './audit-routes';

/** Who made the request: the member of the session, the embed token of the widget, or the public (verification page). */
function actorOf(ctx: Context, rule: AuditRule): AuditActor | undefined {
  const auth = ctx.state.auth as AuthContext | undefined;
  if (auth) return { kind: 'membro', organizationId: auth.organizationId, id: auth.userId, name: null };
  const token = ctx.state.embedToken as EmbedToken | undefined;
  if (token) return { kind: 'widget', organizationId: token.organizationId, id: token.id, name: token.name };
  if (rule.public) return { kind: 'publico', organizationId: null, id: null, name: 'Público' };
  return undefined; // 401: nobody to name
}

/** A JSON body names records; a stream or a file names nothing. */
const jsonBody = (ctx: Context) => (ctx.body !== null && typeof ctx.body === 'object' && !ArrayBuffer.isView(ctx.body) && typeof (ctx.body as { pipe?: unknown }).pipe !== 'function' ? ctx.body : undefined);

/**
 * The audit trail of the records (issue 20, docs/audit.md): after the handler (and the error middleware,
 * so the status is the one answered), ONE entry per request of an audited route (AUDITED_ROUTES) — a list
 * once, not once per row — by an identified caller. A request without one (401) is not recorded.
 * `record` of the buffered store only queues the entry: the insert happens after the response.
 */
export function auditTrail(d: { audit: AuditLog; now: () => Date; logger: Logger }): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const routePattern = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const rule = typeof routePattern === 'string' ? auditRuleFor(ctx.method, routePattern) : undefined;
      const actor = rule && actorOf(ctx, rule);
      if (rule && actor) {
        const entry = auditEntryFor(rule, {
          method: ctx.method, routePattern: routePattern as string, params: (ctx as { params?: Record<string, unknown> }).params ?? {}, query: ctx.query,
          body: jsonBody(ctx), status: ctx.status, ip: ctx.ip || null, at: d.now(),
        }, actor);
        try {
          await d.audit.record([entry]);
        } catch (error) {
          d.logger.error({ err: error, route: entry.route }, 'trilha de auditoria: falha ao gravar');
        }
      }
    }
  };
}

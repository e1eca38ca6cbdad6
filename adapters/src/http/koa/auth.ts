import type { Context } from 'koa';
import type { Authenticate, AuthContext, RequestOrigin } from '../../../../core/src';

/** Reads `Authorization: Bearer <token>`; undefined when absent or malformed. */
export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

/** The caller's identity, or a thrown `UnauthenticatedError` (→ 401, the web app goes to /login). */
export async function requireAuth(ctx: Context, authenticate: Authenticate): Promise<AuthContext> {
  const cached = ctx.state.auth as AuthContext | undefined;
  if (cached) return cached;
  const result = await authenticate.execute(bearerToken(ctx));
  if (!result.ok) throw result.error;
  ctx.state.auth = result.value;
  return result.value;
}

export function originOf(ctx: Context): RequestOrigin {
  return { ip: ctx.ip || null, userAgent: ctx.get('user-agent') || null };
}

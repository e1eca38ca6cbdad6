import type { Middleware } from 'koa';

/** Google Identity Services origins the sign-in button needs (script, its iframe, its style and calls). */
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * The web app's Content-Security-Policy. Scripts only from the app's own origin (the built
 * index.html has no inline script). Styles allow 'unsafe-inline' because Plotly injects its own
 * `<style>` rules at run time and React sets `style` attributes; no script can run from a style.
 * Images may be `data:` (the favicon) or `blob:` (logo, exam images fetched with the session token).
 */
export function contentSecurityPolicy(options: { googleSignIn: boolean }): string {
  const google = options.googleSignIn ? ` ${GOOGLE_SIGN_IN}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${google}`,
    `style-src 'self' 'unsafe-inline'${google}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${google}`,
    `frame-src 'self' blob:${google}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Hardening headers on every answer except the embeddable widget's own files (`/widget/…`), which
 * partner portals load cross-origin (CORS set by `staticMount`). API answers are never stored by a
 * cache (`no-store`, replacing any weaker value) and carry a CSP that allows nothing, so a JSON or
 * PDF answer opened directly can run nothing.
 */
export function securityHeaders(options: { googleSignIn: boolean; widgetPrefix: string }): Middleware {
  const appPolicy = contentSecurityPolicy(options);
  // Google's sign-in refuses pages sent with no referrer; without it, nothing leaves at all
  const referrer = options.googleSignIn ? 'strict-origin-when-cross-origin' : 'no-referrer';
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const widget = ctx.path === options.widgetPrefix || ctx.path.startsWith(`${options.widgetPrefix}/`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Referrer-Policy', referrer);
      if (!widget) {
        const api = ctx.path === '/api' || ctx.path.startsWith('/api/');
        ctx.set('Content-Security-Policy', api ? "default-src 'none'; frame-ancestors 'none'" : appPolicy);
        ctx.set('X-Frame-Options', 'DENY');
        if (api && !/\bno-store\b/.test(ctx.response.get('Cache-Control'))) ctx.set('Cache-Control', 'no-store');
      }
    }
  };
}

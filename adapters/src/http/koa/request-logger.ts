import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** One pino line per request: id, method, path, status, duration. Never bodies, query strings or tokens. */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const id = ctx.get('x-request-id') || randomUUID();
    ctx.set('X-Request-Id', id);
    try {
      await next();
      // time spent in the server before the body is sent (benchmarks read it; browsers show it)
      ctx.set('Server-Timing', `app;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`);
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { reqId: id, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 };
      if (ctx.status >= 500) logger.error(line, 'request');
      else if (ctx.path.startsWith('/api')) logger.info(line, 'request');
      else logger.debug(line, 'request');
    }
  };
}

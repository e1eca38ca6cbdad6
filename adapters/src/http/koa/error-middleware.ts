import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { DomainError } from '../../../../core/src';
import type { ErrorBody } from '../contract/errors';
import { isDatabaseUnavailable } from '../../persistence/connection';
import { statusForCode } from './error-status';

/** Errors thrown by Koa, koa-body or raw-body carry an HTTP status and sometimes a `type`. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
}

const body = (code: string, message: string, issues?: ErrorBody['issues']): ErrorBody => ({
  error: message,
  message,
  code,
  ...(issues && issues.length ? { issues } : {}),
});

/** Maps what a transport error means to a stable code and a pt-BR text. */
function fromHttpError(error: HttpLikeError & Error): { status: number; body: ErrorBody } | undefined {
  const status = error.status ?? error.statusCode;
  if (!status || status >= 500) return undefined;
  if (status === 400 && (error.type === 'entity.parse.failed' || /json/i.test(error.message))) {
    return { status, body: body('REQUEST.MALFORMED_JSON', 'Corpo da requisição inválido: JSON malformado.') };
  }
  if (status === 413) return { status, body: body('REQUEST.TOO_LARGE', 'Corpo da requisição grande demais.') };
  if (status === 415) return { status, body: body('REQUEST.UNSUPPORTED_MEDIA_TYPE', 'Tipo de conteúdo não suportado.') };
  if (status === 404) return { status, body: body('ROUTE.NOT_FOUND', 'Recurso não encontrado.') };
  if (status === 405) return { status, body: body('ROUTE.METHOD_NOT_ALLOWED', 'Método não permitido para este recurso.') };
  return { status, body: body('REQUEST.INVALID', 'Requisição inválida.') };
}

/**
 * The one error middleware: domain codes → status + `{error, message, code, issues}` in pt-BR.
 * Never a stack trace in a response; unexpected errors are logged and answered 500.
 */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        ctx.status = 404;
        ctx.body = body('ROUTE.NOT_FOUND', 'Rota não encontrada.');
      }
    } catch (caught) {
      const error = caught as Error & HttpLikeError;
      if (error instanceof DomainError) {
        ctx.status = statusForCode(error.code);
        ctx.body = body(error.code, error.message, error.issues as ErrorBody['issues']);
        const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
        if (retryAfter) ctx.set('Retry-After', String(retryAfter));
        if (ctx.status >= 500) logger.error({ err: error }, 'domain error mapped to 5xx');
        return;
      }
      const mapped = fromHttpError(error);
      if (mapped) {
        ctx.status = mapped.status;
        ctx.body = mapped.body;
        return;
      }
      if (isDatabaseUnavailable(error)) {
        // the embedded server is being restarted or DATABASE_URL is down: a retryable 503, not a bug
        logger.warn({ code: (error as { code?: string }).code, method: ctx.method, path: ctx.path }, 'banco de dados indisponível');
        ctx.status = statusForCode('DATABASE.UNAVAILABLE');
        ctx.set('Retry-After', '5');
        ctx.body = body('DATABASE.UNAVAILABLE', 'Banco de dados indisponível no momento. Tente novamente em alguns segundos.');
        return;
      }
      // the path only: a query string may carry a name or CPF (`?q=`); the error is redacted by the logger's serializer
      logger.error({ err: error, method: ctx.method, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = body('INTERNAL', 'Erro interno do servidor. Tente novamente.');
    }
  };
}

import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { NoReportsError } from '../../../../core/src';
import { errorMiddleware } from './error-middleware';
import { FileNotFoundError, UploadError } from './request-errors';

/** What the one error middleware answers when a handler throws `error`. */
async function answerTo(error: Error) {
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(() => {
    throw error;
  });
  const server = app.listen(0);
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/x`);
    return { status: res.status, body: await res.json() };
  } finally {
    server.close();
  }
}

describe('the error map answers the edge errors of uploads and exports (no route sets a status itself)', () => {
  it.each([
    [new UploadError('UPLOAD.INVALID', 'Nenhum arquivo enviado.'), 400],
    [new UploadError('UPLOAD.TOO_LARGE', 'O arquivo é muito grande. Tamanho máximo: 10MB.'), 413],
    [new UploadError('UPLOAD.UNSUPPORTED_TYPE', "O arquivo 'a.txt' não é suportado. Apenas PDF, JPEG e PNG são aceitos."), 415],
    [new FileNotFoundError(), 404],
    [new NoReportsError(), 404],
  ])('%s → %i with its code and pt-BR message at the top level', async (error, status) => {
    const res = await answerTo(error);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code: (error as UploadError).code, message: error.message });
  });
});

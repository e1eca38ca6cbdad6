import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Middleware } from 'koa';
import { acceptedEncodings } from './static-web-app';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses JSON API responses of at least `thresholdBytes` (issue 14): brotli (quality 4: most of
 * the gain for a fraction of quality 11's time, since each response is compressed on the fly) or
 * gzip, as the request's Accept-Encoding allows. Only JSON bodies that Koa would serialise: streams
 * (CSV export) and buffers (PDF, files; PDFs are compressed inside already) pass untouched, and so
 * does a response that already has a Content-Encoding.
 */
export function compressJson(thresholdBytes = 1024): Middleware {
  return async (ctx, next) => {
    await next();
    const body = ctx.body as unknown;
    if (ctx.method === 'HEAD' || body === null || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
    if (!ctx.response.is('json') || ctx.response.get('Content-Encoding')) return;
    const json = Buffer.from(JSON.stringify(body));
    ctx.vary('Accept-Encoding');
    const accepted = acceptedEncodings(ctx.get('accept-encoding'));
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
    if (json.length < thresholdBytes || !encoding) {
      ctx.body = json; // serialised once; Koa keeps the JSON type already set
      return;
    }
    const packed = encoding === 'br'
      ? await brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length } })
      : await gzip(json, { level: 6 });
    ctx.set('Content-Encoding', encoding);
    ctx.body = packed;
  };
}

import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Serves the built web app from `webDist`: files as they are (hashed `/assets/*` cached for a
 * year), and `index.html` for any other GET outside `/api` (SPA fallback, client-side routes).
 */
export function staticWebApp(webDist: string): Middleware {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    let requested: string;
    try {
      requested = path.resolve(root, `.${decodeURIComponent(ctx.path)}`);
    } catch {
      return next();
    }
    if (!requested.startsWith(root + path.sep) && requested !== root) return next();
    const file = isFile(requested) ? requested : isFile(indexFile) && !path.extname(ctx.path) ? indexFile : undefined;
    if (!file) {
      if (!isFile(indexFile)) {
        ctx.status = 503;
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = 'Aplicação web não compilada. Rode "npm run build" (ou "npm start", que compila quando necessário).';
        return;
      }
      return next();
    }
    ctx.type = types[path.extname(file)] ?? 'application/octet-stream';
    ctx.set('Cache-Control', file === indexFile ? 'no-cache' : ctx.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.length = fs.statSync(file).size;
    ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
  };
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves a built folder under a URL prefix (the embeddable widget at `/widget/…`). The widget is
 * public code loaded by partner portals as an ES module, so it answers CORS to any origin; it
 * holds no data (the data route checks embed tokens). `/widget/demo` serves `demo.html`.
 */
export function staticMount(prefix: string, dir: string, pages: Record<string, string> = {}): Middleware {
  const root = path.resolve(dir);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !(ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))) return next();
    const rest = ctx.path.slice(prefix.length) || '/';
    const relative = pages[rest] ?? rest;
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(relative)}`);
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep) || !isFile(file)) {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = isFile(path.join(root, Object.values(pages)[0] ?? 'x')) || fs.existsSync(root) ? 'Arquivo não encontrado.' : 'Widget não compilado. Rode "npm run build".';
      return;
    }
    ctx.type = types[path.extname(file)] ?? 'application/octet-stream';
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', /-[A-Za-z0-9_-]{8,}\.(js|css)$/.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    ctx.length = fs.statSync(file).size;
    ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
  };
}

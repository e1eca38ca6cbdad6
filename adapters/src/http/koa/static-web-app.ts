import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';

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
 * Serves the built web app from `webDist`: files as they are, pre-compressed when the browser
 * accepts it (hashed `/assets/*` cached for a year), and `index.html` for any other GET outside
 * `/api` (SPA fallback, client-side routes).
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
    ctx.set('Cache-Control', file === indexFile ? 'no-cache' : ctx.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    sendFile(ctx, file);
  };
}

/** Pre-compressed siblings written by scripts/compress-assets.mjs, in order of preference. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|ico|webmanifest)$/;

/** The encodings the request accepts (q > 0), from its Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  let wildcard = false;
  const refused = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name === '*') wildcard = weight > 0;
    else if (weight > 0) accepted.add(name === 'x-gzip' ? 'gzip' : name);
    else refused.add(name);
  }
  if (wildcard) for (const e of ENCODINGS) if (!refused.has(e.name)) accepted.add(e.name);
  return accepted;
}

/**
 * Sends a built file: its pre-compressed `.br`/`.gz` when the browser accepts it and it is at least
 * as new as the file (a stale one from an older build is never sent), else the file itself. The
 * type is the file's; `Vary: Accept-Encoding` on every compressible file, since the bytes depend
 * on that header. A weak ETag and Last-Modified of the original file (one per content, whatever
 * its encoding) answer revalidations with 304.
 */
function sendFile(ctx: Context, file: string): void {
  const stat = fs.statSync(file);
  ctx.type = types[path.extname(file)] ?? 'application/octet-stream';
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('ETag', `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`);
  ctx.lastModified = stat.mtime;
  let chosen = { path: file, size: stat.size };
  if (COMPRESSIBLE.test(file)) {
    ctx.vary('Accept-Encoding');
    const accepted = acceptedEncodings(ctx.get('accept-encoding'));
    for (const encoding of ENCODINGS) {
      if (!accepted.has(encoding.name)) continue;
      const sibling = statFile(file + encoding.ext);
      if (!sibling || sibling.mtimeMs < stat.mtimeMs) continue;
      ctx.set('Content-Encoding', encoding.name);
      chosen = { path: file + encoding.ext, size: sibling.size };
      break;
    }
  }
  ctx.status = 200; // `ctx.fresh` compares validators only on a 2xx
  if (ctx.fresh) {
    ctx.status = 304;
    ctx.remove('Content-Encoding');
    return;
  }
  ctx.length = chosen.size;
  // HEAD: no body at all (a null body would turn the answer into a 204); Koa sends the headers only
  if (ctx.method !== 'HEAD') ctx.body = fs.createReadStream(chosen.path);
}

function statFile(p: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(p);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * A file vite named after its content (`chunks/charts-DiHzZk8Z.js`): in a chunk folder, with a
 * hash of 8+ URL-safe characters that is not a plain lowercase word. The widget's entry
 * `limiar-evolucao.js` keeps a fixed name across releases, so it must never be cached as immutable.
 */
export function isContentHashed(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/);
  if (parts.length < 2 || !['chunks', 'assets'].includes(parts[parts.length - 2]!)) return false;
  const hash = /-([A-Za-z0-9_-]{8,})\.(js|mjs|css)$/.exec(parts[parts.length - 1]!)?.[1];
  return hash !== undefined && !/^[a-z]+$/.test(hash);
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
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('Cache-Control', isContentHashed(path.relative(root, file)) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    sendFile(ctx, file);
  };
}

// Pre-compresses built static files (issue 14): next to each compressible file of the given folders
// it writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9), which the server sends when
// the browser accepts them (adapters/src/http/koa/static-web-app.ts). Node built-ins only: it runs
// from `npm run build` and from scripts/lib/prepare.mjs before anything else is guaranteed.
//   node scripts/compress-assets.mjs web/dist widget/dist
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** Text formats only: images and fonts (png, jpg, woff2) are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|ico|webmanifest)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

const encoders = {
  br: (data) => zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }),
  gz: (data) => zlib.gzipSync(data, { level: 9 }),
};

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Compresses what is missing or older than its source (so a rebuild refreshes it and a second run
 * does nothing); removes a stale `.br`/`.gz` whose compression would not be smaller. Returns totals.
 */
export function compressAssets(dir) {
  const totals = { files: 0, written: 0, raw: 0, br: 0, gz: 0 };
  if (!fs.existsSync(dir)) return totals;
  for (const file of files(dir)) {
    const stat = fs.statSync(file);
    if (stat.size < MIN_BYTES) continue;
    totals.files++;
    totals.raw += stat.size;
    let data;
    for (const [ext, encode] of Object.entries(encoders)) {
      const target = `${file}.${ext}`;
      const existing = fs.existsSync(target) ? fs.statSync(target) : undefined;
      if (existing && existing.mtimeMs >= stat.mtimeMs) {
        totals[ext] += existing.size;
        continue;
      }
      data ??= fs.readFileSync(file);
      const packed = encode(data);
      if (packed.length >= data.length) {
        fs.rmSync(target, { force: true });
        totals[ext] += data.length;
        continue;
      }
      fs.writeFileSync(target, packed);
      totals.written++;
      totals[ext] += packed.length;
    }
  }
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (!dirs.length) {
    process.stderr.write('uso: node scripts/compress-assets.mjs <pasta> [<pasta>...]\n');
    process.exit(2);
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  for (const dir of dirs) {
    const t = compressAssets(path.resolve(dir));
    process.stderr.write(`[limiar] ${dir}: ${t.files} arquivo(s) ${kb(t.raw)} → brotli ${kb(t.br)}, gzip ${kb(t.gz)} (${t.written} gravado(s))\n`);
  }
}

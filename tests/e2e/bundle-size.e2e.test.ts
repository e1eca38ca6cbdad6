import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { webDist } from './support/browser';

/**
 * The initial JavaScript of a page is the entry script of web/dist/index.html with its
 * modulepreloads, plus the lazily imported route chunks the page renders first, each with its
 * static-import closure. Budget: < 200 kB gzip (docs/ui.md §7); Plotly only in lazy chunks.
 */
const LIMIT_BYTES = 200 * 1024;
const assets = path.join(webDist, 'assets');
const read = (file: string) => fs.readFileSync(path.join(assets, file));
const gzipSize = (file: string) => zlib.gzipSync(read(file), { level: 9 }).length;

function entryFiles(): string[] {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  expect(entry.length, 'index.html has no module entry script').toBe(1);
  return [...entry, ...preloads];
}

/** Static imports (`from"./x.js"`, `import"./x.js"`), never the lazy `import(...)`. */
function staticClosure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = read(file).toString('utf8');
    for (const m of code.matchAll(/(?:from\s*|import\s*)["'`]\.\/([^"'`]+\.js)["'`]/g)) queue.push(m[1]);
  }
  return seen;
}

/** The lazily loaded chunk whose file name starts with `prefix` (e.g. "dashboard-page-"). */
function lazyChunk(entry: string, prefix: string): string {
  const code = read(entry).toString('utf8');
  const found = [...code.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]).find((f) => f.startsWith(prefix));
  expect(found, `no lazy chunk ${prefix}* imported by ${entry}`).toBeDefined();
  return found as string;
}

function initialJs(routeChunkPrefixes: string[]): { files: string[]; gzip: number } {
  const start = entryFiles();
  const routeChunks = routeChunkPrefixes.map((p) => lazyChunk(start[0], p));
  const files = [...staticClosure([...start, ...routeChunks])].sort();
  return { files, gzip: files.reduce((sum, f) => sum + gzipSize(f), 0) };
}

describe('bundle size of the built web app (web/dist)', () => {
  it.each([
    ['/login', ['login-']],
    ['/dashboard', ['app-layout-', 'dashboard-page-']],
  ])('initial JS of %s is under 200 kB gzip and holds no Plotly', (route, chunks) => {
    const { files, gzip } = initialJs(chunks);
    console.log(`${route}: ${(gzip / 1024).toFixed(1)} kB gzip in ${files.length} files (${files.join(', ')})`);
    expect(gzip).toBeLessThan(LIMIT_BYTES);
    const withPlotly = files.filter((f) => /plotly/i.test(read(f).toString('utf8').slice(0, 200_000)) || f.startsWith('plot-'));
    expect(withPlotly).toEqual([]);
  });

  it('Plotly is built into a lazily loaded chunk', () => {
    const plotChunks = fs.readdirSync(assets).filter((f) => f.endsWith('.js') && /Plotly|plotly/.test(read(f).toString('utf8').slice(0, 400_000)));
    console.log(`Plotly chunks: ${plotChunks.map((f) => `${f} ${(gzipSize(f) / 1024).toFixed(1)} kB gzip`).join(', ')}`);
    expect(plotChunks.length).toBeGreaterThan(0);
    const initial = new Set([...initialJs(['login-']).files, ...initialJs(['app-layout-', 'dashboard-page-']).files]);
    expect(plotChunks.filter((f) => initial.has(f))).toEqual([]);
  });
});

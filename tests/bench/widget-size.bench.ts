/**
 * Widget download sizes (issue 9): `node --import tsx tests/bench/widget-size.bench.ts`.
 * Reads widget/dist (build it first: `npx vite build --config widget/vite.config.ts`), gzips each
 * file with node:zlib (level 9) and prints the initial download (the entry + the chunks it imports
 * statically) against the lazy chunks (dynamic `import()`, i.e. Plotly). Exits 1 when the initial
 * download reaches 80 kB gzip.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 80 * 1024;
const dist = path.resolve(import.meta.dirname, '..', '..', 'widget', 'dist');
const entryName = 'limiar-evolucao.js';

if (!fs.existsSync(path.join(dist, entryName))) {
  console.error(`widget/dist/${entryName} não existe: rode "npx vite build --config widget/vite.config.ts".`);
  process.exit(1);
}

const files = fs.readdirSync(dist, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.js')).map((e) => path.relative(dist, path.join(e.parentPath, e.name)));
const sizes = new Map(files.map((f) => {
  const raw = fs.readFileSync(path.join(dist, f));
  return [f, { raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length, text: raw.toString('utf8') }];
}));

/** Static imports of a module, followed transitively: what the browser must fetch before running it. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = sizes.get(file)?.text ?? '';
  for (const m of text.matchAll(/(?:^|[;\s}])import\s*(?:[^'"`()]*?from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
    staticClosure(path.normalize(path.join(path.dirname(file), m[1])), seen);
  }
  return seen;
}

const initial = staticClosure(entryName);
const lazy = files.filter((f) => !initial.has(f));
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const total = (list: Iterable<string>) => [...list].reduce((sum, f) => sum + (sizes.get(f)?.gzip ?? 0), 0);

console.log('widget/dist — gzip -9 (raw)');
for (const f of files) console.log(`  ${initial.has(f) ? 'initial' : 'lazy   '}  ${f.padEnd(40)} ${kb(sizes.get(f)!.gzip).padStart(10)}  (${kb(sizes.get(f)!.raw)})`);
const initialGzip = total(initial);
console.log(`initial: ${kb(initialGzip)} gzip in ${initial.size} file(s) — budget ${kb(BUDGET_BYTES)}`);
console.log(`lazy:    ${kb(total(lazy))} gzip in ${lazy.length} file(s)`);
if (initialGzip >= BUDGET_BYTES) {
  console.error(`FALHOU: o script inicial do widget tem ${kb(initialGzip)} gzip (limite ${kb(BUDGET_BYTES)}).`);
  process.exit(1);
}

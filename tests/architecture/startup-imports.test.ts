import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 16 item 7: the server starts without loading the heavy packages it needs only for some
 * requests (pdfjs for PDF text, Puppeteer for laudo PDFs, the Ollama client, sharp and tesseract for
 * chart images). They are imported with `import()` on first use; this walks the static import graph
 * from the server's entry point and names any package of that list reached eagerly.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const HEAVY = /^(pdfjs-dist|puppeteer|ollama|sharp|tesseract\.js)(\/|$)/;

/** Static value imports of a source text (type-only imports and `import()` are not loaded eagerly). */
function staticImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s+['"]([^'"]+)['"]/g)) {
    if (m[2]) continue;
    // `import { type A, type B } from` loads nothing either
    if (m[1] === 'import' && /^\{[^}]*\}$/.test(m[3].trim()) && m[3].slice(1, -1).split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    found.push(m[4]);
  }
  for (const m of text.matchAll(/(?:^|[\n;])\s*import\s+['"]([^'"]+)['"]/g)) found.push(m[1]);
  return found;
}

/** A source file's text, or undefined when there is no such file. */
type ReadSource = (file: string) => string | undefined;
const fromDisk: ReadSource = (f) => (fs.existsSync(f) && fs.statSync(f).isFile() ? fs.readFileSync(f, 'utf8') : undefined);

/** `packages` reached from `entry` through static imports: package → the chain of files that loads it. */
function eagerPackages(entry: string, read: ReadSource = fromDisk): Map<string, string[]> {
  const resolveSource = (from: string, spec: string) => {
    const base = path.resolve(path.dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => read(f) !== undefined);
  };
  const seen = new Set<string>();
  const packages = new Map<string, string[]>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(read(file)!)) {
      if (spec.startsWith('.')) {
        const next = resolveSource(file, spec);
        if (next) walk(next, [...chain, path.relative(root, next)]);
      } else if (!packages.has(spec)) packages.set(spec, chain);
    }
  };
  walk(entry, [path.relative(root, entry)]);
  return packages;
}

const heavyOf = (packages: Map<string, string[]>) => [...packages].filter(([p]) => HEAVY.test(p)).map(([p, chain]) => `${p} ← ${chain.join(' ← ')}`);

describe('the server loads pdfjs, Puppeteer, Ollama, sharp and tesseract on first use, not at start-up', () => {
  it('none of them is reached by a static import from the server entry point (limiar serve)', () => {
    const packages = eagerPackages(path.join(root, 'adapters/src/composition/server.ts'));
    expect(packages.has('koa')).toBe(true); // the walk does reach the server's real dependencies
    expect(heavyOf(packages)).toEqual([]);
  });

  it('the walk names a package imported eagerly, and skips type-only and dynamic imports', () => {
    const files: Record<string, string> = {
      [path.join(root, 'entry.ts')]: "import { a } from './a';\nimport type { Browser } from 'puppeteer';\nimport { type Page } from 'puppeteer';",
      [path.join(root, 'a.ts')]: "import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';\nexport const b = () => import('ollama');",
    };
    expect(heavyOf(eagerPackages(path.join(root, 'entry.ts'), (f) => files[f]))).toEqual(['pdfjs-dist/legacy/build/pdf.mjs ← entry.ts ← a.ts']);
  });
});

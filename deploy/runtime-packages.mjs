// The packages the image's runtime needs (Dockerfile, stage prod-deps; docs/deployment.md §The image).
// `npm ci --omit=dev` still installs what only the web app's bundle uses (React, Plotly and its map libraries:
// ~230 MB) and the embedded PostgreSQL; none of it is loaded by `limiar`. This finds the packages the server,
// worker and CLI import (core/src, adapters/src, cli/src: `from '…'`, `import('…')`, `require('…')`,
// `require.resolve('…')`, and tsx, the entrypoint's loader), follows package-lock.json's dependency graph from
// them (dependencies, optional and peer dependencies, with node's lookup up the node_modules folders), and
// removes every installed package it does not reach.
//   node deploy/runtime-packages.mjs --prune <app folder>     (in the image; prints what it removed)
//   node deploy/runtime-packages.mjs                          (lists what would go, nothing removed)
// tests/ops/deployment.test.ts checks the result: every import is reachable, the web-only packages and the
// embedded PostgreSQL are not.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const SOURCE_DIRS = ['core/src', 'adapters/src', 'cli/src'];
/** The entrypoint runs `node --import tsx cli/src/main.ts`. */
const LOADERS = ['tsx'];
const SPECIFIERS = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+'([^'.][^']*)'|import\(\s*'([^'.][^']*)'\s*\)|require(?:\.resolve)?\(\s*'([^'.][^']*)'\s*\)/gm;

const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);

/** Package name → the first source file that imports it (tests and in-memory twins excluded). */
export function runtimeImports(root) {
  const builtins = new Set(builtinModules);
  const found = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !/\.test\.(ts|mts|js|mjs)$/.test(entry.name)) {
        for (const m of fs.readFileSync(full, 'utf8').matchAll(SPECIFIERS)) {
          const specifier = m[1] ?? m[2] ?? m[3];
          if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
          const name = packageOf(specifier);
          if (!found.has(name)) found.set(name, path.relative(root, full));
        }
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  for (const loader of LOADERS) if (!found.has(loader)) found.set(loader, 'the image entrypoint (node --import tsx)');
  return found;
}

/**
 * Lockfile keys (`node_modules/…`) reachable from `roots`, and the installed (non-dev) ones that are not.
 * Resolution follows node: `a/node_modules/b` first, then up to the top `node_modules/b`.
 */
export function runtimeClosure(lock, roots) {
  const packages = lock.packages;
  const resolve = (from, name) => {
    let dir = from;
    for (;;) {
      const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (packages[key]) return key;
      if (!dir) return undefined;
      const i = dir.lastIndexOf('/node_modules/');
      dir = i < 0 ? '' : dir.slice(0, i);
    }
  };
  const reached = new Set();
  const missing = [];
  const visit = (key) => {
    if (reached.has(key)) return;
    reached.add(key);
    const p = packages[key];
    for (const dep of Object.keys({ ...p.dependencies, ...p.optionalDependencies, ...p.peerDependencies })) {
      const target = resolve(key, dep);
      if (target) visit(target);
    }
  };
  for (const name of roots) {
    const key = resolve('', name);
    if (key) visit(key);
    else missing.push(name);
  }
  const unreachable = Object.keys(packages).filter((k) => k && !packages[k].dev && !reached.has(k));
  return { reached, unreachable, missing };
}

/** Removes the unreachable packages under `appDir` (deepest first); returns what was removed. */
export function prune(appDir) {
  const lock = JSON.parse(fs.readFileSync(path.join(appDir, 'package-lock.json'), 'utf8'));
  const imports = runtimeImports(appDir);
  const { unreachable, missing } = runtimeClosure(lock, imports.keys());
  if (missing.length) throw new Error(`not in package-lock.json: ${missing.join(', ')}`);
  const removed = [];
  for (const key of [...unreachable].sort((a, b) => b.length - a.length)) {
    const dir = path.join(appDir, key);
    if (fs.existsSync(dir)) {
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(key);
    }
  }
  return removed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args[0] === '--prune') {
    const removed = prune(path.resolve(args[1] ?? '.'));
    process.stdout.write(`runtime-packages: ${removed.length} packages not loaded by limiar removed (${removed.filter((k) => k.split('node_modules/').length === 2).map((k) => k.slice('node_modules/'.length)).join(', ')})\n`);
  } else {
    const root = path.resolve(import.meta.dirname, '..');
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    const { unreachable } = runtimeClosure(lock, runtimeImports(root).keys());
    process.stdout.write(`${unreachable.join('\n')}\n`);
  }
}

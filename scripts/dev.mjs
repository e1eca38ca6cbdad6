#!/usr/bin/env node
// `npm run dev`: the API in watch mode (tsx watch) and the Vite dev server, which proxies /api to it.
// Output lines are prefixed with [api] / [web]; Ctrl-C (or either process exiting) stops both.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

/** Absolute path of a package's bin script, run with this same node (no shell, no npx lookup). */
function binOf(pkg, name = pkg) {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name];
  return join(root, 'node_modules', pkg, bin);
}

const tasks = [
  { name: 'api', colour: 36, args: [binOf('tsx'), 'watch', 'cli/src/main.ts', 'serve'] },
  { name: 'web', colour: 35, args: [binOf('vite'), '--config', 'web/vite.config.ts'] },
];

const children = new Map();
let stopping = false;
let exitCode = 0;

/** Children write to pipes, so tell them explicitly whether to colour (picocolors reads FORCE_COLOR/NO_COLOR). */
function colourEnv() {
  const env = { ...process.env, PORT: port };
  delete env.FORCE_COLOR;
  if (useColour) env.FORCE_COLOR = '1';
  else env.NO_COLOR = '1';
  return env;
}

function prefix(task) {
  const label = `[${task.name}]`;
  return useColour ? `\x1b[${task.colour}m${label}\x1b[0m ` : `${label} `;
}

function pipe(stream, task, out) {
  createInterface({ input: stream }).on('line', (line) => out.write(`${prefix(task)}${line}\n`));
}

function stopAll(code, signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  // Forward the signal received (Ctrl-C → SIGINT) so tsx watch lets the API shut down cleanly.
  for (const child of children.values()) child.kill(signal);
  // A child that ignores SIGTERM must not keep the terminal busy.
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 5000).unref();
}

for (const task of tasks) {
  const child = spawn(process.execPath, task.args, {
    cwd: root,
    env: colourEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(task.name, child);
  pipe(child.stdout, task, process.stdout);
  pipe(child.stderr, task, process.stderr);
  child.on('error', (error) => {
    process.stderr.write(`${prefix(task)}failed to start: ${error.message}\n`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    children.delete(task.name);
    if (!stopping) {
      process.stderr.write(`${prefix(task)}exited (${signal ?? code}); stopping the other process\n`);
      stopAll(code ?? 1);
    }
    if (children.size === 0) process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(0, signal));
}

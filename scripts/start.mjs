// `npm start`: install if needed, build the web app if stale, then `limiar serve` (embedded PostgreSQL
// unless DATABASE_URL, migrations, API + web app), in a child process that has MALLOC_ARENA_MAX=2.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkNode, ensureDependencies, ensureSystemPackages, ensureWebBuild, root, START_SYSTEM_PACKAGES } from './lib/prepare.mjs';

// glibc gives each thread that allocates (libuv's and libvips' for sharp, the OCR worker's) a malloc arena
// of its own, and memory freed in one is not reused by the others: the chart reader's peak grew by
// 40–80 MB. Two arenas keep it under its 300 MB (docs/audiogram-reading.md, ADR 0029); the variable is
// read when the process starts, so `npm start` runs the server in a child that has it (the Docker image
// sets it in its environment). The child stops with this process, even on kill -9 (its IPC channel closes).
if (process.platform === 'linux' && !process.env.MALLOC_ARENA_MAX) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.once('error', (e) => {
    process.stderr.write(`Erro ao iniciar o Limiar: ${e.message}\n`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
} else {
  if (process.send) {
    // the parent is gone (even by kill -9): stop as on SIGTERM, so the embedded PostgreSQL stops too
    process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    process.channel?.unref(); // the channel alone must not keep the server alive
  }
  checkNode();
  ensureDependencies();
  // Chromium renders the laudo PDFs: installed as `npm test` does (root + apt), else one line says how
  ensureSystemPackages(START_SYSTEM_PACKAGES);
  ensureWebBuild();
  const { register } = await import('tsx/esm/api');
  register();
  process.argv = [process.argv[0], path.join(root, 'cli/src/main.ts'), 'serve', ...process.argv.slice(2)];
  await import(pathToFileURL(path.join(root, 'cli/src/main.ts')).href);
}

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface ChildServer {
  process: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/**
 * Runs `limiar <args>` (default `serve`) as a separate OS process, exactly as a user would,
 * and resolves once it prints its URL.
 */
export async function spawnServer(env: Record<string, string>, args: string[] = ['serve'], timeoutMs = 60_000): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), ...args], {
    cwd: root,
    env: { ...process.env, LIMIAR_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`servidor não ficou pronto em ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = () => {
      const m = out.match(/Limiar pronto em (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`servidor saiu (${code}) antes de ficar pronto:\n${out}`));
    });
  });
  return { process: child, url, output: () => out, exited };
}

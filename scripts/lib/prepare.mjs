// Preparation shared by `npm start` and `npm test`: only Node built-ins here, since it runs
// before dependencies are installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compressAssets } from '../compress-assets.mjs';

export const root = path.resolve(import.meta.dirname, '..', '..');

export function say(message) {
  process.stderr.write(`[limiar] ${message}\n`);
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    say(`Node ${process.versions.node} é antigo demais: instale o Node 20.19+ (ou 22.12+).`);
    process.exit(1);
  }
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    say(`Falhou: ${command} ${args.join(' ')} (código ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/** `npm ci` when node_modules is missing or was installed from another package-lock.json. */
export function ensureDependencies() {
  const lock = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.limiar-lock-hash');
  const hash = createHash('sha256').update(fs.readFileSync(lock)).digest('hex');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return;
  say('Instalando dependências (npm ci)...');
  const started = Date.now();
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: 'true' } });
  fs.writeFileSync(stamp, hash);
  say(`Dependências instaladas em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIfStale(name, configFile, builtFile, sources) {
  if (!fs.existsSync(path.join(root, configFile))) return;
  const built = path.join(root, builtFile);
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestSource) return;
  say(`Compilando ${name} (vite build)...`);
  run(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', configFile, '--logLevel', 'warn']);
}

/**
 * Builds the web app and the embeddable widget when missing or older than their sources, then
 * writes the pre-compressed .br/.gz of every built file that lacks a fresh one (issue 14: also
 * for a build made before compression existed, or by a bare `vite build`). Staleness is still
 * judged on index.html / the widget entry: compressing never touches the built files themselves.
 */
export function ensureWebBuild() {
  const shared = ['core/src', 'adapters/src/http/contract', 'package-lock.json'];
  buildIfStale('o app web', 'web/vite.config.ts', 'web/dist/index.html', ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', ...shared]);
  buildIfStale('o widget', 'widget/vite.config.ts', 'widget/dist/limiar-evolucao.js', ['widget/src', 'widget/vite.config.ts', 'widget/demo', ...shared]);
  for (const dist of ['web/dist', 'widget/dist']) {
    const written = compressAssets(path.join(root, dist)).written;
    if (written) say(`${dist}: ${written} arquivo(s) pré-comprimido(s) (brotli e gzip).`);
  }
}

/** Debian packages and the binary that tells whether each is installed. */
const SYSTEM_PACKAGES = { chromium: '/usr/bin/chromium', 'poppler-utils': '/usr/bin/pdftotext' };

/**
 * What to do about missing Debian packages, decided without side effects (unit-tested with a fake
 * file system): nothing, install them with apt-get (only as root with apt-get present), or tell the
 * user in one line what to run.
 * @param {{ packages: string[], purpose: string, rerun: string, exists?: (file: string) => boolean, uid?: number }} options
 * @returns {{ action: 'none' } | { action: 'install', missing: string[] } | { action: 'advise', missing: string[], message: string }}
 */
export function planSystemPackages({ packages, purpose, rerun, exists = fs.existsSync, uid = process.getuid?.() }) {
  const missing = packages.filter((pkg) => !exists(SYSTEM_PACKAGES[pkg]));
  if (!missing.length) return { action: 'none' };
  if (uid === 0 && exists('/usr/bin/apt-get')) return { action: 'install', missing };
  return {
    action: 'advise',
    missing,
    message: `Faltam pacotes do sistema para ${purpose}: instale-os com "sudo apt-get install -y ${missing.join(' ')}" (Debian/Ubuntu) e rode "${rerun}" de novo.`,
  };
}

/** What `npm start` needs from the system: Chromium for the laudo PDFs; never a reason to stop. */
export const START_SYSTEM_PACKAGES = { packages: ['chromium'], purpose: 'gerar os PDFs dos laudos (Chromium)', rerun: 'npm start', required: false };

/**
 * Installs the missing packages with apt-get when we are root, or says what to run.
 * `required`: stop (exit 1) when they cannot be had (`npm test`); otherwise go on without them
 * (`npm start`: the server runs, only PDFs wait for Chromium).
 * @param {{ packages: string[], purpose: string, rerun: string, required: boolean, exists?: (file: string) => boolean, uid?: number,
 *   exec?: (command: string, args: string[], options: object) => number | null, log?: (message: string) => void, exit?: (code: number) => void }} options
 * @returns {'present' | 'installed' | 'missing'}
 */
export function ensureSystemPackages({
  packages = Object.keys(SYSTEM_PACKAGES), purpose = 'os testes de navegador e PDF', rerun = 'npm test', required = true,
  exists, uid, exec = (command, args, options) => spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status,
  log = say, exit = (code) => process.exit(code),
} = {}) {
  const plan = planSystemPackages({ packages, purpose, rerun, exists, uid });
  if (plan.action === 'none') return 'present';
  if (plan.action === 'install') {
    log(`Instalando ${plan.missing.join(' ')} com apt-get (${purpose})...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const ok = exec('apt-get', ['update', '-qq'], { env }) === 0
      && exec('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...plan.missing], { env }) === 0;
    if (ok) return 'installed';
    log(`A instalação de ${plan.missing.join(' ')} com apt-get falhou; rode "apt-get install -y ${plan.missing.join(' ')}" e depois "${rerun}".`);
  } else {
    log(plan.message);
  }
  if (required) exit(1);
  return 'missing';
}

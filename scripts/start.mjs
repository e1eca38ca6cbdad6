// `npm start`: install if needed, build the web app if stale, then `limiar serve` in this process
// (embedded PostgreSQL unless DATABASE_URL, migrations, API + web app).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkNode, ensureDependencies, ensureSystemPackages, ensureWebBuild, root, START_SYSTEM_PACKAGES } from './lib/prepare.mjs';

checkNode();
ensureDependencies();
// Chromium renders the laudo PDFs: installed as `npm test` does (root + apt), else one line says how
ensureSystemPackages(START_SYSTEM_PACKAGES);
ensureWebBuild();
const { register } = await import('tsx/esm/api');
register();
process.argv = [process.argv[0], path.join(root, 'cli/src/main.ts'), 'serve', ...process.argv.slice(2)];
await import(pathToFileURL(path.join(root, 'cli/src/main.ts')).href);

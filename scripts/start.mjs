// `npm start`: install if needed, build the web app if stale, then `limiar serve` in this process
// (embedded PostgreSQL unless DATABASE_URL, migrations, API + web app).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkNode, ensureDependencies, ensureWebBuild, root } from './lib/prepare.mjs';

checkNode();
ensureDependencies();
ensureWebBuild();
const { register } = await import('tsx/esm/api');
register();
process.argv = [process.argv[0], path.join(root, 'cli/src/main.ts'), 'serve', ...process.argv.slice(2)];
await import(pathToFileURL(path.join(root, 'cli/src/main.ts')).href);

// `npm test`: install what is missing (npm dependencies; Debian chromium and poppler-utils when
// root), build the web app for the browser tests, then run every test with vitest.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { checkNode, ensureDependencies, ensureSystemPackages, ensureWebBuild, root } from './lib/prepare.mjs';

checkNode();
ensureDependencies();
ensureSystemPackages();
ensureWebBuild();
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);

// `npm run bench [filter]`: runs every tests/bench/*.bench.ts (standalone tsx scripts that
// print their figures and ratios against a baseline measured in the same run), one at a time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkNode, ensureDependencies, ensureWebBuild, root } from './lib/prepare.mjs';

checkNode();
ensureDependencies();
ensureWebBuild();
const filter = process.argv[2];
const dir = path.join(root, 'tests', 'bench');
const benches = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter))).sort();
if (!benches.length) {
  process.stderr.write(`Nenhum benchmark encontrado${filter ? ` para "${filter}"` : ''} em tests/bench.\n`);
  process.exit(1);
}
let failed = 0;
for (const bench of benches) {
  process.stdout.write(`\n=== ${bench} ===\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, bench)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.stdout.write(`\n${benches.length - failed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** `limiar <args>` (cli/src/main.ts through tsx) against a test database, from the project root, silent logs. */
export function runLimiar(databaseUrl: string, args: string[], input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), ...args], {
    cwd: root, encoding: 'utf8', input, env: { ...process.env, DATABASE_URL: databaseUrl, LIMIAR_LOG_LEVEL: 'silent' },
  });
}

/** The `--json` summary a bulk command prints as its last stdout line. */
export const jsonSummaryOf = (r: { stdout: string }) => JSON.parse(r.stdout.trim().split('\n').pop()!);

/** Writes `text` to `dir/name` and gives its path. */
export function writeIn(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

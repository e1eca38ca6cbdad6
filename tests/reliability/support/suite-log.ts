import fs from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createLogger } from '../../../adapters/src/composition/logger';

/**
 * The reliability suite's shared log (issue 15, defect 6): the sweeps run their servers with an
 * `info` logger writing to files in one folder per `npm test` run (LIMIAR_RELIABILITY_LOG_DIR, set
 * by vitest.config.ts), and record the secrets and personal data they used. suite-logs.int.test.ts
 * runs after every other test (its own vitest project, groupOrder 1) and greps the whole folder.
 */
export function suiteLogDir(): string {
  const dir = process.env.LIMIAR_RELIABILITY_LOG_DIR;
  if (!dir) throw new Error('LIMIAR_RELIABILITY_LOG_DIR não definido: rode pelo vitest.config.ts (npm test).');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** An `info` logger, with the product's redaction, writing to `<dir>/<name>-<pid>.log`. */
export function suiteLogger(name: string): Logger {
  const dest = pino.destination({ dest: path.join(suiteLogDir(), `${name}-${process.pid}.log`), sync: true });
  return createLogger({ logLevel: 'info' }, dest);
}

/** Records what must never appear in any log line (passwords, tokens, CPFs, names, e-mails). */
export function recordSecrets(name: string, secrets: readonly string[]): void {
  const kept = secrets.filter((s) => typeof s === 'string' && s.length >= 4);
  fs.appendFileSync(path.join(suiteLogDir(), 'secrets.jsonl'), `${JSON.stringify({ name, secrets: kept })}\n`);
}

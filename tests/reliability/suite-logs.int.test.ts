import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteLogDir } from './support/suite-log';

/**
 * Issue 15, defect 6: the log of the whole reliability suite holds no password, token, password
 * hash, CPF, name or e-mail. Runs last (vitest project "suite-logs", groupOrder 1): the sweeps'
 * servers wrote `info` logs into LIMIAR_RELIABILITY_LOG_DIR and recorded what they used.
 */
const PATTERNS: [string, RegExp][] = [
  ['argon2 hash', /\$argon2id\$/],
  ['JWT', /eyJ[\w-]{10,}\.eyJ[\w-]{10,}/],
  ['formatted CPF', /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/],
  ['Bearer token', /Bearer\s+[\w-]{16,}/],
];

describe('the reliability suite log (all sweeps)', () => {
  it('carries no secret or personal data any sweep used', () => {
    const dir = suiteLogDir();
    const logs = fs.readdirSync(dir).filter((f) => f.endsWith('.log'));
    const text = logs.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
    const sweeps = new Set(logs.map((f) => f.replace(/-\d+\.log$/, '')));
    // the check must not pass on an empty log: the sweeps that serve HTTP wrote theirs
    for (const sweep of ['fuzz', 'tenant', 'concurrency']) expect(sweeps, `log of the ${sweep} sweep missing in ${dir}`).toContain(sweep);
    const lines = text.split('\n').filter(Boolean).length;
    expect(lines).toBeGreaterThan(500);
    const recorded = fs.existsSync(path.join(dir, 'secrets.jsonl'))
      ? fs.readFileSync(path.join(dir, 'secrets.jsonl'), 'utf8').split('\n').filter(Boolean).flatMap((l) => (JSON.parse(l) as { secrets: string[] }).secrets)
      : [];
    expect(recorded.length, 'no secret recorded by the sweeps').toBeGreaterThan(5);
    const found = [
      ...new Set(recorded.filter((s) => text.includes(s))),
      ...PATTERNS.filter(([, re]) => re.test(text)).map(([name]) => name),
    ];
    const tried = recorded.length + PATTERNS.length;
    console.log(`RELIABILITY logs-suite tried=${tried} held=${tried - found.length} failed=${found.length}`);
    console.log(`suite log: ${lines} lines from ${logs.length} files (${[...sweeps].join(', ')}), ${recorded.length} recorded secrets`);
    expect(found, 'secrets found in the reliability suite log').toEqual([]);
  });
});

import type { UserConsoleLog } from 'vitest';
import type { Reporter } from 'vitest/node';

const LINE = /^RELIABILITY (\S+) tried=(\d+) held=(\d+) failed=(\d+)/m;

/**
 * Collects the `RELIABILITY <sweep> tried= held= failed=` lines the sweeps in tests/reliability
 * print, and prints them as one table when the run ends — before the default reporter's summary,
 * which stays the last line of `npm test` (it is listed first in vitest.config.ts).
 */
export default class ReliabilitySummaryReporter implements Reporter {
  private readonly rows = new Map<string, { tried: number; held: number; failed: number }>();

  onUserConsoleLog(log: UserConsoleLog): void {
    const m = LINE.exec(log.content);
    if (m) this.rows.set(m[1], { tried: Number(m[2]), held: Number(m[3]), failed: Number(m[4]) });
  }

  onTestRunEnd(): void {
    if (this.rows.size === 0) return;
    const pad = (s: string | number, n: number) => String(s).padStart(n);
    const out = ['', 'Reliability sweeps (tests/reliability)', `  ${'sweep'.padEnd(12)}${pad('tried', 7)}${pad('held', 7)}${pad('failed', 8)}`];
    let tried = 0, held = 0, failed = 0;
    for (const [sweep, r] of [...this.rows].sort(([a], [b]) => a.localeCompare(b))) {
      out.push(`  ${sweep.padEnd(12)}${pad(r.tried, 7)}${pad(r.held, 7)}${pad(r.failed, 8)}`);
      tried += r.tried; held += r.held; failed += r.failed;
    }
    out.push(`  ${'total'.padEnd(12)}${pad(tried, 7)}${pad(held, 7)}${pad(failed, 8)}`, '');
    process.stdout.write(`${out.join('\n')}\n`);
  }
}

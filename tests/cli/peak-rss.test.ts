import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { peakRssMb } from '../../cli/src/peak-rss';

describe('peakRssMb', () => {
  it('is this process\'s own peak, at least its current RSS', () => {
    expect(peakRssMb()).toBeGreaterThanOrEqual(process.memoryUsage().rss / 2 ** 20 - 1);
  });

  it('a process started by a large one reports its own peak, not its parent\'s copied at fork (getrusage\'s maxRSS does)', () => {
    const hold = Buffer.alloc(300 * 2 ** 20, 1); // this process: ≥ 300 MB resident
    const script = `import { peakRssMb } from ${JSON.stringify(path.resolve('cli/src/peak-rss.ts'))};
      console.log(JSON.stringify({ own: peakRssMb(), rusage: process.resourceUsage().maxRSS / 1024, rss: process.memoryUsage().rss / 2 ** 20 }));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(hold[hold.length - 1]).toBe(1);
    const child = JSON.parse(run.stdout.trim()) as { own: number; rusage: number; rss: number };
    expect(child.own).toBeLessThan(200);
    expect(child.own).toBeGreaterThanOrEqual(child.rss - 1);
    // (on this Linux, getrusage's figure for the same child is > 300 MB: what the bench's memory child used to print)
  });
});

import type { Clock } from '../../ports/clock';
import type { HealthProbe } from '../../ports/health-probe';

export interface HealthReport {
  status: 'ok' | 'degraded';
  checkedAt: string;
  uptimeSeconds: number;
  checks: Record<string, { status: 'up' | 'down'; reason?: string; latencyMs: number }>;
}

/** Asks every probe at once; the system is `ok` only when every dependency is up. */
export class CheckHealth {
  constructor(
    private readonly probes: readonly HealthProbe[],
    private readonly clock: Clock,
    private readonly startedAt: Date,
  ) {}

  async execute(): Promise<HealthReport> {
    const results = await Promise.all(this.probes.map(async (p) => [p.name, await p.check()] as const));
    const now = this.clock.now();
    return {
      status: results.every(([, r]) => r.status === 'up') ? 'ok' : 'degraded',
      checkedAt: now.toISOString(),
      uptimeSeconds: Math.round((now.getTime() - this.startedAt.getTime()) / 1000),
      checks: Object.fromEntries(results),
    };
  }
}

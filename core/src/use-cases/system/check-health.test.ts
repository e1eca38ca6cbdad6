import { describe, expect, it } from 'vitest';
import type { HealthProbe } from '../../ports/health-probe';
import { CheckHealth } from './check-health';

const probe = (name: string, status: 'up' | 'down'): HealthProbe => ({
  name,
  check: async () => ({ status, latencyMs: 1, ...(status === 'down' ? { reason: 'offline' } : {}) }),
});
const clock = { now: () => new Date('2026-11-22T12:00:10Z') };
const startedAt = new Date('2026-11-22T12:00:00Z');

describe('CheckHealth', () => {
  it('is ok when every probe is up, and reports uptime', async () => {
    const report = await new CheckHealth([probe('database', 'up')], clock, startedAt).execute();
    expect(report).toMatchObject({ status: 'ok', uptimeSeconds: 10, checks: { database: { status: 'up' } } });
  });

  it('is degraded when one probe is down, and keeps its reason', async () => {
    const report = await new CheckHealth([probe('database', 'down'), probe('files', 'up')], clock, startedAt).execute();
    expect(report.status).toBe('degraded');
    expect(report.checks.database).toMatchObject({ status: 'down', reason: 'offline' });
    expect(report.checks.files.status).toBe('up');
  });
});

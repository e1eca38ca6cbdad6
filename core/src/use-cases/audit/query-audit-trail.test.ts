import { describe, expect, it } from 'vitest';
import type { NewAuditEntry } from '../../audit/audit-entry';
import type { PatientRepository } from '../../ports/patient-ports';
import { InMemoryAuditLog } from '../../testing/in-memory-audit-log';
import { testAuth, TEST_ORG } from '../../testing/recorded-worker';
import { AUDIT_CSV_HEADER, formatAuditDateTime, QueryAuditTrail } from './query-audit-trail';

const WORKER = 'w-1';
const patients = { findById: async (org: string, id: string) => (org === TEST_ORG && id === WORKER ? { id } : undefined) } as unknown as PatientRepository;
const entry = (over: Partial<NewAuditEntry>): NewAuditEntry => ({
  at: new Date('2026-11-25T13:05:00Z'), organizationId: TEST_ORG, actorId: 'u-1', actorName: 'Dra. Helena', actorKind: 'membro', action: 'read', entity: 'patient',
  recordId: WORKER, patientId: WORKER, route: 'GET /api/patients/:id', status: 200, ip: '10.0.0.1', lookup: null, ...over,
});

async function trail() {
  const audit = new InMemoryAuditLog(({ kind, id }) => (kind === 'file' && id === 'f-1' ? { organizationId: TEST_ORG, patientId: WORKER } : kind === 'file' && id === 'f-x' ? { organizationId: 'other', patientId: 'w-x' } : undefined));
  await audit.record([
    entry({ at: new Date('2026-11-20T10:00:00Z'), action: 'create', route: 'POST /api/patients', status: 201 }),
    entry({ at: new Date('2026-11-21T10:00:00Z'), action: 'list', recordId: null, patientId: null, route: 'GET /api/patients', actorId: 'u-2', actorName: 'Dr. Rafael' }),
    entry({ at: new Date('2026-11-22T10:00:00Z'), action: 'download', entity: 'file', recordId: 'f-1', patientId: null, route: 'GET /api/files/:id/download', lookup: { kind: 'file', id: 'f-1' } }),
    entry({ at: new Date('2026-11-23T10:00:00Z'), action: 'download', entity: 'file', recordId: 'f-x', patientId: null, route: 'GET /api/files/:id/download', status: 404, lookup: { kind: 'file', id: 'f-x' } }),
    entry({ organizationId: 'other', patientId: 'w-x', recordId: 'w-x' }),
    entry({ organizationId: null, actorKind: 'publico', actorId: null, actorName: 'Público', action: 'verify', entity: 'report', recordId: 'NOPE', patientId: null, lookup: { kind: 'verification', id: 'NOPE' } }),
  ]);
  return { audit, query: new QueryAuditTrail({ audit, patients }) };
}

describe('QueryAuditTrail', () => {
  it('is the administrator\'s: another role gets 403 with the pt-BR reason', async () => {
    const { query } = await trail();
    const refused = await query.list({ ...testAuth, roles: ['medico'] }, {});
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('AUTH.FORBIDDEN');
    expect((await query.csv({ ...testAuth, roles: ['tecnico'] }, {})).ok).toBe(false);
  });

  it('lists the organisation\'s entries newest first; a worker of another organisation (or none) is 404', async () => {
    const { query } = await trail();
    const all = await query.list(testAuth, {});
    expect(all.ok && all.value.items.map((e) => e.action)).toEqual(['download', 'download', 'list', 'create']);
    const missing = await query.accessLog(testAuth, 'w-x');
    expect(!missing.ok && missing.error.code).toBe('PATIENT.NOT_FOUND');
  });

  it('completes the worker from the record only within the same organisation; the access log is his entries', async () => {
    const { query } = await trail();
    const log = await query.accessLog(testAuth, WORKER);
    expect(log.ok && log.value.items.map((e) => e.route)).toEqual(['GET /api/files/:id/download', 'POST /api/patients']);
    const foreign = await query.list(testAuth, { action: 'download' });
    expect(foreign.ok && foreign.value.items.map((e) => [e.recordId, e.patientId])).toEqual([['f-x', null], ['f-1', WORKER]]);
  });

  it('filters by member, action and period, and pages within bounds', async () => {
    const { query } = await trail();
    const byMember = await query.list(testAuth, { actorId: 'u-2' });
    expect(byMember.ok && byMember.value.items.map((e) => e.actorName)).toEqual(['Dr. Rafael']);
    const period = await query.list(testAuth, { from: new Date('2026-11-21T00:00:00Z'), to: new Date('2026-11-22T23:59:59Z') });
    expect(period.ok && period.value.total).toBe(2);
    const page = await query.list(testAuth, {}, { limit: 100_000, offset: -5 });
    expect(page.ok && page.value.items.length).toBe(4);
    const second = await query.list(testAuth, {}, { limit: 1, offset: 1 });
    expect(second.ok && [second.value.total, second.value.items[0]!.recordId]).toEqual([4, 'f-1']);
  });

  it('gives the CSV rows in pt-BR with Brazil\'s time', async () => {
    const { query } = await trail();
    const csv = await query.csv(testAuth, { patientId: WORKER });
    expect(csv.ok).toBe(true);
    if (!csv.ok) return;
    expect(csv.value.header).toEqual(AUDIT_CSV_HEADER);
    expect(csv.value.rows).toEqual([
      ['22/11/2026 07:00', 'Dra. Helena', 'Membro', 'Download', 'Arquivo de exame', 'f-1', WORKER, 'GET /api/files/:id/download', '200', '10.0.0.1'],
      ['20/11/2026 07:00', 'Dra. Helena', 'Membro', 'Criação', 'Trabalhador', WORKER, WORKER, 'POST /api/patients', '201', '10.0.0.1'],
    ]);
    expect(csv.value.truncated).toBe(false);
    expect(formatAuditDateTime(new Date('2026-01-01T02:59:00Z'))).toBe('31/12/2025 23:59');
  });
});

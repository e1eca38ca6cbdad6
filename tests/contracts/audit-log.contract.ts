import { beforeEach, expect, it } from 'vitest';
import type { AuditLog, NewAuditEntry } from '../../core/src';
import { anExam, aWorker, nextId } from '../support/builders';
import { withTwoOrganizations, type TenantFixtures } from './tenant-fixtures';

export interface AuditStores extends TenantFixtures {
  audit: AuditLog;
}

/** What every audit log must do (in memory and PostgreSQL alike; the append-only guard: tests/api/audit.int.test.ts). */
export function auditLogContract(make: () => Promise<AuditStores>) {
  let s: AuditStores;
  let org: string;
  let other: string;
  const member = nextId();
  beforeEach(async () => {
    ({ s, org, other } = await withTwoOrganizations(await make()));
    await s.addProfessional(org, member);
  });
  const entry = (over: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
    at: new Date('2026-11-25T12:00:00Z'), organizationId: org, actorId: member, actorName: 'Dra. Helena Prado', actorKind: 'membro', action: 'list', entity: 'patient',
    recordId: null, patientId: null, route: 'GET /api/patients', status: 200, ip: '10.0.0.7', lookup: null, ...over,
  });
  const page = { limit: 50, offset: 0 };

  it('reads entries back whole, newest first (time, then order of writing), within the organisation only', async () => {
    const worker = nextId();
    await s.audit.record([entry({ at: new Date('2026-11-25T11:00:00Z') })]);
    await s.audit.record([
      entry({ action: 'read', recordId: worker, patientId: worker, route: 'GET /api/patients/:id' }),
      entry({ action: 'create', recordId: worker, patientId: worker, route: 'POST /api/patients', status: 409, ip: null }),
      entry({ organizationId: other, actorName: 'Outro' }),
    ]);
    const got = await s.audit.query({ organizationId: org }, page);
    expect(got.total).toBe(3);
    expect(got.items.map((e) => [e.action, e.status])).toEqual([['create', 409], ['read', 200], ['list', 200]]);
    const [latest] = got.items;
    expect(latest).toEqual({
      id: expect.any(String), at: new Date('2026-11-25T12:00:00Z'), organizationId: org, actorId: member, actorName: 'Dra. Helena Prado', actorKind: 'membro',
      action: 'create', entity: 'patient', recordId: worker, patientId: worker, route: 'POST /api/patients', status: 409, ip: null,
    });
    expect((await s.audit.query({ organizationId: other }, page)).items.map((e) => e.actorName)).toEqual(['Outro']);
  });

  it('filters by worker, member, action and period (bounds included) and pages', async () => {
    const worker = nextId();
    const colleague = nextId();
    await s.audit.record([
      entry({ at: new Date('2026-11-01T00:00:00Z') }),
      entry({ at: new Date('2026-11-02T00:00:00Z'), action: 'read', patientId: worker, recordId: worker }),
      entry({ at: new Date('2026-11-03T00:00:00Z'), actorId: colleague, actorName: 'Dr. Rafael Lima', action: 'read', patientId: worker, recordId: worker }),
      entry({ at: new Date('2026-11-04T00:00:00Z'), actorId: colleague, actorName: 'Dr. Rafael Lima', action: 'export', entity: 'patient', route: 'GET /api/patients/export.csv' }),
    ]);
    const q = async (f: Record<string, unknown>, p = page) => (await s.audit.query({ organizationId: org, ...f }, p)).items.map((e) => e.at.toISOString().slice(5, 10));
    expect(await q({ patientId: worker })).toEqual(['11-03', '11-02']);
    expect(await q({ actorId: colleague })).toEqual(['11-04', '11-03']);
    expect(await q({ action: 'read' })).toEqual(['11-03', '11-02']);
    expect(await q({ from: new Date('2026-11-02T00:00:00Z'), to: new Date('2026-11-03T00:00:00Z') })).toEqual(['11-03', '11-02']);
    expect(await q({}, { limit: 2, offset: 1 })).toEqual(['11-03', '11-02']);
    expect((await s.audit.query({ organizationId: org }, { limit: 1, offset: 10 })).total).toBe(4);
    expect(await q({ patientId: 'not-a-uuid' })).toEqual([]);
  });

  it('completes the worker from the record named (an exam), in the same organisation only; an unknown organisation is not stored', async () => {
    const worker = aWorker(org);
    await s.patients.insert(worker);
    const exam = anExam(org, worker.id);
    await s.exams.insert(exam);
    await s.audit.record([
      entry({ action: 'read', entity: 'exam', recordId: exam.id, route: 'GET /api/exams/:id', lookup: { kind: 'exam', id: exam.id } }),
      entry({ organizationId: other, action: 'read', entity: 'exam', recordId: exam.id, route: 'GET /api/exams/:id', status: 404, lookup: { kind: 'exam', id: exam.id } }),
      entry({ organizationId: null, actorKind: 'publico', actorId: null, actorName: 'Público', action: 'verify', entity: 'report', recordId: 'ZZZZZZZZZZZZ', lookup: { kind: 'verification', id: 'ZZZZZZZZZZZZ' } }),
      entry({ action: 'read', entity: 'exam', recordId: 'garbage', route: 'GET /api/exams/:id', status: 404, lookup: { kind: 'exam', id: 'garbage' } }),
    ]);
    expect((await s.audit.query({ organizationId: org }, page)).items.map((e) => [e.recordId, e.patientId])).toEqual([['garbage', null], [exam.id, worker.id]]);
    expect((await s.audit.query({ organizationId: other }, page)).items.map((e) => [e.recordId, e.patientId, e.status])).toEqual([[exam.id, null, 404]]);
  });
}

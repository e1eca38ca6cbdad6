import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../../../core/src';
import { AUDITED_ROUTES, NOT_AUDITED_ROUTES, auditEntryFor, auditRuleFor, type AuditActor, type AuditedRequest } from './audit-routes';

const P = '5f1d7c2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
const X = '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
const member: AuditActor = { kind: 'membro', organizationId: 'org', id: 'user', name: null };
const request = (over: Partial<AuditedRequest>): AuditedRequest => ({
  method: 'GET', routePattern: '/api/patients/:id', params: {}, query: {}, body: undefined, status: 200, ip: '10.0.0.1', at: new Date('2026-11-25T12:00:00Z'), ...over,
});
const entry = (method: string, routePattern: string, over: Partial<AuditedRequest> = {}, actor = member) =>
  auditEntryFor(auditRuleFor(method, routePattern)!, request({ method, routePattern, ...over }), actor);

describe('the audited route table', () => {
  it('names each route once, with a known action and entity, and no route is both audited and not audited', () => {
    for (const [route, rule] of Object.entries(AUDITED_ROUTES)) {
      expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\//);
      expect(AUDIT_ACTIONS).toContain(rule.action);
      expect(AUDIT_ENTITIES).toContain(rule.entity);
      expect(NOT_AUDITED_ROUTES[route], route).toBeUndefined();
    }
  });

  it('finds the rule of the matched route by method and pattern; others are not audited', () => {
    expect(auditRuleFor('get', '/api/patients/:id')).toMatchObject({ action: 'read', entity: 'patient' });
    expect(auditRuleFor('GET', '/api/patients/export.csv')).toMatchObject({ action: 'export', entity: 'patient' });
    expect(auditRuleFor('OPTIONS', '/api/embed/evolution/:patientId')).toBeUndefined();
    expect(auditRuleFor('GET', '/api/team/members')).toBeUndefined();
    expect(auditRuleFor('GET', undefined)).toBeUndefined();
  });
});

describe('auditEntryFor', () => {
  it('takes the record and the worker from the path', () => {
    expect(entry('GET', '/api/patients/:id', { params: { id: P } })).toEqual({
      at: new Date('2026-11-25T12:00:00Z'), organizationId: 'org', actorId: 'user', actorName: null, actorKind: 'membro', action: 'read', entity: 'patient',
      recordId: P, patientId: P, route: 'GET /api/patients/:id', status: 200, ip: '10.0.0.1', lookup: null,
    });
  });

  it('takes a created record from the JSON response, and the worker from its patientId', () => {
    const e = entry('POST', '/api/exams', { body: { id: X, patientId: P }, status: 201 });
    expect(e).toMatchObject({ action: 'create', entity: 'exam', recordId: X, patientId: P, lookup: null });
    expect(entry('POST', '/api/patients', { body: { id: P, name: 'José' }, status: 201 })).toMatchObject({ recordId: P, patientId: P });
    expect(entry('POST', '/api/files/upload', { body: { file: { id: X } }, status: 201 })).toMatchObject({ recordId: X, patientId: null, lookup: { kind: 'file', id: X } });
  });

  it('asks the store for the worker of a record the request does not tie to one (file download, laudo PDF)', () => {
    expect(entry('GET', '/api/files/:id/download', { params: { id: X }, body: undefined })).toMatchObject({ recordId: X, patientId: null, lookup: { kind: 'file', id: X } });
    expect(entry('GET', '/api/reports/:id', { params: { id: X }, body: { id: X, patientId: P } })).toMatchObject({ patientId: P, lookup: null });
    expect(entry('GET', '/api/exams/:id', { params: { id: X }, body: { exam: { patientId: P } } })).toMatchObject({ patientId: P, lookup: null });
  });

  it('records a list once, with the worker of its filter when it has one', () => {
    expect(entry('GET', '/api/patients', { body: [{ id: P }, { id: X }] })).toMatchObject({ action: 'list', recordId: null, patientId: null });
    expect(entry('GET', '/api/exams', { query: { patientId: P }, body: [{ id: X, patientId: P }] })).toMatchObject({ action: 'list', patientId: P });
  });

  it('keeps only well-formed ids: garbage in a path is kept as the record (cut to 100), never as a worker', () => {
    const e = entry('GET', '/api/patients/:id', { params: { id: `abc${'x'.repeat(200)}` }, status: 404 });
    expect(e.patientId).toBeNull();
    expect(e.recordId).toHaveLength(100);
    expect(e.status).toBe(404);
  });

  it('a public verification asks the store for the organisation and the worker by the code', () => {
    const e = entry('GET', '/api/verify/:code', { params: { code: '7k3m-qx2p-9d4t' } }, { kind: 'publico', organizationId: null, id: null, name: 'Público' });
    expect(e).toMatchObject({ actorKind: 'publico', organizationId: null, action: 'verify', recordId: '7K3MQX2P9D4T', lookup: { kind: 'verification', id: '7K3MQX2P9D4T' } });
    expect(entry('GET', '/api/verify/:code', { params: { code: 'not-a-code' } }, { kind: 'publico', organizationId: null, id: null, name: 'Público' }).recordId).toBe('not-a-code');
    expect(auditRuleFor('GET', '/api/verify/:code')?.public).toBe(true);
  });

  it('a widget read names the token and the worker of the path', () => {
    const e = entry('GET', '/api/embed/evolution/:patientId', { params: { patientId: P } }, { kind: 'widget', organizationId: 'org', id: 'token', name: 'Portal RH' });
    expect(e).toMatchObject({ actorKind: 'widget', actorId: 'token', actorName: 'Portal RH', entity: 'embed', patientId: P });
  });
});

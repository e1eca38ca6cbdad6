import { normalizeVerificationCode, type AuditAction, type AuditActorKind, type AuditEntity, type AuditLookup, type NewAuditEntry } from '../../../../../core/src';

/**
 * THE table of audited routes (issue 20, docs/audit.md): method + route pattern (as koa-router matched it,
 * `/api` included) → what the request does to which kind of record. Every route of the OpenAPI document is
 * either here or in NOT_AUDITED with its reason (tests/api/audit-routes.int.test.ts), so a new route cannot
 * be forgotten.
 */
export interface AuditRule {
  action: AuditAction;
  entity: AuditEntity;
  /** Where the record's id is: a path parameter, or a field of the JSON response (`body.id`, `body.file.id`). */
  record?: string;
  /** The path parameter or query field (`query.patientId`) holding the worker's id. */
  patient?: string;
  /** The record the store reads the worker from (and the organisation, for public requests), by the record id. */
  lookup?: AuditLookup['kind'];
  /** A public route (no login): recorded as `publico`, its organisation read from the record. */
  public?: boolean;
}

const rule = (action: AuditAction, entity: AuditEntity, more: Omit<AuditRule, 'action' | 'entity'> = {}): AuditRule => ({ action, entity, ...more });
const exam = (action: AuditAction, param = 'params.id') => rule(action, 'exam', { record: param, lookup: 'exam' });
const report = (action: AuditAction) => rule(action, 'report', { record: 'params.id', lookup: 'report' });
const worker = (action: AuditAction, entity: AuditEntity = 'patient', record = 'params.id') => rule(action, entity, { record, patient: 'params.id' });

export const AUDITED_ROUTES: Readonly<Record<string, AuditRule>> = {
  // workers
  'GET /api/patients': rule('list', 'patient'),
  'POST /api/patients': rule('create', 'patient', { record: 'body.id', patient: 'body.id' }),
  'GET /api/patients/:id': worker('read'),
  'PUT /api/patients/:id': worker('update'),
  'DELETE /api/patients/:id': worker('delete'),
  'POST /api/patients/:id/restore': worker('restore'),
  'GET /api/patients/:id/evolution': worker('read'),
  'GET /api/patients/:id/exam-deletions': rule('list', 'exam', { patient: 'params.id' }),
  'GET /api/patients/:id/employments': rule('list', 'employment', { patient: 'params.id' }),
  'GET /api/patients/:id/programme': worker('read'),
  'POST /api/patients/:id/employments': rule('create', 'employment', { record: 'body.id', patient: 'params.id' }),
  'PUT /api/patients/:id/employments/:employmentId': rule('update', 'employment', { record: 'params.employmentId', patient: 'params.id' }),
  'POST /api/patients/:id/employments/:employmentId/transfer': rule('update', 'employment', { record: 'params.employmentId', patient: 'params.id' }),
  'GET /api/programme/workers': rule('list', 'patient'),
  // exams
  'GET /api/exams': rule('list', 'exam', { patient: 'query.patientId' }),
  'POST /api/exams': rule('create', 'exam', { record: 'body.id', lookup: 'exam' }),
  'GET /api/exams/:id': exam('read'),
  'PATCH /api/exams/:id': exam('update'),
  'DELETE /api/exams/:id': exam('delete'),
  'PUT /api/exams/:id/reference': exam('update'),
  'DELETE /api/exams/:id/reference': exam('update'),
  'PUT /api/exams/:id/audiogram': exam('update'),
  'GET /api/worklist': rule('list', 'exam'),
  // files and their automatic readings
  'POST /api/files/upload': rule('upload', 'file', { record: 'body.file.id', lookup: 'file' }),
  'GET /api/files/:id/download': rule('download', 'file', { record: 'params.id', lookup: 'file' }),
  'GET /api/exams/:id/files': rule('list', 'file', { record: 'params.id', lookup: 'exam' }),
  'GET /api/exams/:id/readings': rule('list', 'reading', { record: 'params.id', lookup: 'exam' }),
  'POST /api/exams/:id/readings/:readingId/apply': rule('update', 'reading', { record: 'params.readingId', lookup: 'reading' }),
  'POST /api/exams/:id/readings/:readingId/discard': rule('update', 'reading', { record: 'params.readingId', lookup: 'reading' }),
  // laudos (and their PDFs, every version)
  'GET /api/reports': rule('list', 'report'),
  'POST /api/reports/generate/:examId': rule('create', 'report', { record: 'body.id', lookup: 'report' }),
  'GET /api/reports/exam/:examId': rule('read', 'report', { record: 'body.id' }),
  'GET /api/reports/patient/:patientId': rule('list', 'report', { patient: 'params.patientId' }),
  'GET /api/reports/:id': report('read'),
  'PUT /api/reports/:id': report('update'),
  'POST /api/reports/:id/refresh': report('update'),
  'POST /api/reports/:id/finalize': report('finalize'),
  'POST /api/reports/:id/amend': rule('amend', 'report', { record: 'params.id', lookup: 'report' }),
  'POST /api/reports/:id/discard-amendment': report('delete'),
  'GET /api/reports/:id/versions': rule('list', 'report', { record: 'params.id', lookup: 'report' }),
  'GET /api/reports/:id/download': report('download'),
  'GET /api/verify/:code': rule('verify', 'report', { record: 'params.code', lookup: 'verification', public: true }),
  // exports
  'GET /api/patients/export.csv': rule('export', 'patient', { patient: 'query.patientId' }),
  'GET /api/exams/export.csv': rule('export', 'exam', { patient: 'query.patientId' }),
  'GET /api/reports/export.csv': rule('export', 'report', { patient: 'query.patientId' }),
  'GET /api/programme/workers.csv': rule('export', 'patient'),
  'GET /api/programme/annual-report': rule('read', 'export'),
  'GET /api/programme/annual-report.csv': rule('export', 'export'),
  'GET /api/programme/annual-report.pdf': rule('export', 'export'),
  // the embeddable widget (an embed token reads one worker's evolution)
  'GET /api/embed/evolution/:patientId': rule('read', 'embed', { patient: 'params.patientId' }),
  // LGPD rights (issue 20)
  'GET /api/patients/:id/lgpd-export': worker('export'),
  'GET /api/patients/:id/fhir': worker('export'),
  'GET /api/privacy/deletion-requests': rule('list', 'privacy'),
  // ASOs and their eSocial S-2220 events (issue 21): the worker from the ASO JSON's patientId, or from the exam
  'POST /api/exams/:examId/asos': rule('create', 'aso', { record: 'body.id' }),
  'GET /api/exams/:examId/asos': rule('list', 'aso', { record: 'params.examId', lookup: 'exam' }),
  'GET /api/asos': rule('list', 'aso'),
  'GET /api/asos/:id': rule('read', 'aso', { record: 'params.id' }),
  'PUT /api/asos/:id': rule('update', 'aso', { record: 'params.id' }),
  'POST /api/asos/:id/s2220': rule('export', 'aso', { record: 'params.id' }),
  'GET /api/asos/:id/s2220.xml': rule('download', 'aso', { record: 'params.id' }),
  'PUT /api/asos/:id/receipt': rule('update', 'aso', { record: 'params.id' }),
  'GET /api/esocial/s2220.zip': rule('export', 'aso'),
  'POST /api/privacy/deletion-requests/:id/approve': rule('approve', 'privacy', { record: 'params.id', patient: 'body.patientId' }),
  'POST /api/privacy/deletion-requests/:id/refuse': rule('refuse', 'privacy', { record: 'params.id', patient: 'body.patientId' }),
};

/** Routes that touch no worker's record, each with the reason it is not in the trail. */
export const NOT_AUDITED_ROUTES: Readonly<Record<string, string>> = {
  'GET /api/health': 'system status',
  'GET /api/openapi.json': 'API description',
  'GET /api/auth/config': 'sign-in settings',
  'POST /api/auth/register': 'the professional\'s own account (login attempts are kept in login_attempt)',
  'POST /api/auth/login': 'sign-in (login_attempt)',
  'POST /api/auth/google': 'sign-in (login_attempt)',
  'POST /api/auth/logout': 'sign-out',
  'GET /api/auth/me': 'the member\'s own session',
  'POST /api/auth/change-password': 'the member\'s own account',
  'POST /api/auth/forgot-password': 'the member\'s own account (password_reset_request)',
  'POST /api/auth/reset-password/check': 'the member\'s own account',
  'POST /api/auth/reset-password': 'the member\'s own account',
  'POST /api/auth/switch-organization': 'the member\'s own session',
  'GET /api/users/me/profile': 'the member\'s own profile',
  'PUT /api/users/me/profile': 'the member\'s own profile',
  'GET /api/users/me/notification-preferences': 'the member\'s own settings',
  'PUT /api/users/me/notification-preferences': 'the member\'s own settings',
  'GET /api/profile/certificate': 'the member\'s own signing certificate',
  'POST /api/profile/certificate': 'the member\'s own signing certificate',
  'DELETE /api/profile/certificate': 'the member\'s own signing certificate',
  'POST /api/contact': 'public form, no record of the organisation',
  'POST /api/data-deletion-requests': 'public form, no record of the organisation (the decision is audited)',
  'GET /api/data-deletion-requests/:id': 'the requester\'s own request status',
  'GET /api/organization': 'organisation settings',
  'PUT /api/organization': 'organisation settings',
  'GET /api/organization/logo': 'organisation settings',
  'PUT /api/organization/logo': 'organisation settings',
  'DELETE /api/organization/logo': 'organisation settings',
  'GET /api/team/members': 'team settings',
  'PUT /api/team/members/:id/roles': 'team settings',
  'POST /api/team/members/:id/deactivate': 'team settings',
  'POST /api/team/members/:id/reactivate': 'team settings',
  'GET /api/team/invitations': 'team settings',
  'POST /api/team/invitations': 'team settings',
  'DELETE /api/team/invitations/:id': 'team settings',
  'POST /api/invitations/check': 'invitation link',
  'POST /api/invitations/accept': 'invitation link',
  'GET /api/embed-tokens': 'integration settings (the widget\'s reads are audited)',
  'POST /api/embed-tokens': 'integration settings',
  'DELETE /api/embed-tokens/:id': 'integration settings',
  'GET /api/companies': 'companies, not workers',
  'POST /api/companies': 'companies, not workers',
  'GET /api/companies/:id': 'companies, not workers',
  'PUT /api/companies/:id': 'companies, not workers',
  'POST /api/companies/:id/sectors': 'companies, not workers',
  'PUT /api/companies/:id/sectors/:sectorId': 'companies, not workers',
  'POST /api/companies/:id/ghes': 'companies, not workers',
  'PUT /api/companies/:id/ghes/:gheId': 'companies, not workers',
  'GET /api/dashboard/summary': 'counts only',
  'GET /api/programme/overview': 'aggregate figures only',
  'GET /api/programme/prevalence': 'aggregate figures only',
  'GET /api/audit': 'the trail itself (audit.read)',
  'GET /api/audit.csv': 'the trail itself (audit.read)',
  'GET /api/patients/:id/access-log': 'the trail itself (audit.read)',
};

/** The rule of a matched route (`ctx._matchedRoute`), undefined when the route is not audited. */
export function auditRuleFor(method: string, routePattern: string | undefined): AuditRule | undefined {
  return routePattern ? AUDITED_ROUTES[`${method.toUpperCase()} ${routePattern}`] : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (v: unknown): string | null => (typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : null);
const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v.slice(0, 100) : null);

/** `params.id`, `query.patientId`, `body.file.id` of the request and its JSON response. */
function pick(path: string | undefined, sources: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown }): unknown {
  if (!path) return undefined;
  const [source, ...keys] = path.split('.');
  let v: unknown = sources[source as keyof typeof sources];
  for (const k of keys) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || ArrayBuffer.isView(v)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/** The worker a JSON response names (`patientId`, `exam.patientId`, `report.patientId`), when the rule names none. */
function patientOfBody(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || ArrayBuffer.isView(body)) return null;
  const b = body as Record<string, unknown>;
  const nested = (k: string) => (b[k] && typeof b[k] === 'object' ? (b[k] as Record<string, unknown>).patientId : undefined);
  return uuidOrNull(b.patientId) ?? uuidOrNull(nested('exam')) ?? uuidOrNull(nested('report'));
}

export interface AuditActor {
  kind: AuditActorKind;
  organizationId: string | null;
  id: string | null;
  /** null: the store reads the member's name. */
  name: string | null;
}

export interface AuditedRequest {
  method: string;
  routePattern: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The response body, when it is JSON (a stream or a buffer names nothing). */
  body: unknown;
  status: number;
  ip: string | null;
  at: Date;
}

/** The one entry of an audited request (pure: the middleware gives it what the request and response said). */
export function auditEntryFor(rule: AuditRule, request: AuditedRequest, actor: AuditActor): NewAuditEntry {
  const sources = { params: request.params, query: request.query, body: request.body };
  const raw = textOrNull(pick(rule.record, sources));
  // a verification code as stored (the page may send it with or without its hyphen)
  const recordId = rule.lookup === 'verification' && raw ? normalizeVerificationCode(raw) ?? raw : raw;
  const patientId = uuidOrNull(pick(rule.patient, sources)) ?? patientOfBody(request.body);
  return {
    at: request.at,
    organizationId: actor.organizationId,
    actorId: actor.id,
    actorName: actor.name,
    actorKind: actor.kind,
    action: rule.action,
    entity: rule.entity,
    recordId,
    patientId,
    route: `${request.method.toUpperCase()} ${request.routePattern}`,
    status: request.status,
    ip: request.ip,
    lookup: rule.lookup && recordId && !patientId ? { kind: rule.lookup, id: recordId } : rule.lookup === 'verification' && recordId ? { kind: 'verification', id: recordId } : null,
  };
}

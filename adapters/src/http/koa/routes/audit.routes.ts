import { z } from 'zod';
import {
  AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, programmeToday, type AuditEntry, type AuditPage, type Authenticate, type AuditTrailQuery, type QueryAuditTrail,
} from '../../../../../core/src';
import { excelText } from '../../../persistence/bulk/csv-cells';
import { accessLogQuery, auditFilterQuery, auditListQuery, auditPageResponse, type AuditEntryResponse, type AuditFilterWire } from '../../contract/audit';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap } from '../request-errors';

export interface AuditDeps {
  authenticate: Authenticate;
  auditTrail: QueryAuditTrail;
}

const tag = 'Auditoria';

export function toAuditEntryResponse(e: AuditEntry): AuditEntryResponse {
  return {
    id: e.id, at: e.at.toISOString(), actorId: e.actorId, actorName: e.actorName, actorKind: e.actorKind, action: e.action, actionLabel: AUDIT_ACTION_LABELS[e.action],
    entity: e.entity, entityLabel: AUDIT_ENTITY_LABELS[e.entity], recordId: e.recordId, patientId: e.patientId, route: e.route, status: e.status, ip: e.ip,
  };
}
const pageResponse = (p: AuditPage) => ({ total: p.total, items: p.items.map(toAuditEntryResponse) });

/** Brazil has kept UTC−3 all year since 2019: a day of the filter is that whole day there. */
const bound = (v: string | undefined, end: boolean) =>
  v === undefined ? undefined : /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T${end ? '23:59:59.999' : '00:00:00.000'}-03:00`) : new Date(v);
const filterOf = (q: AuditFilterWire): AuditTrailQuery => ({
  patientId: q.patientId, actorId: q.actorId, action: q.action, from: bound(q.from, false), to: bound(q.to, true),
});

/** `GET /api/audit[.csv]`, `GET /api/patients/:id/access-log`: the audit trail, for `audit.read` (issue 20, docs/audit.md). */
export function auditRoutes(routes: ApiRoutes, d: AuditDeps): void {
  routes.add({
    method: 'get', path: '/audit', tag, query: auditListQuery,
    summary: 'Trilha de auditoria: quem leu ou alterou trabalhadores, exames, arquivos, laudos e exportações (filtros: trabalhador, membro, ação, período), a mais recente primeiro',
    responses: { 200: { description: 'ok', schema: auditPageResponse }, 403: { description: 'sem a permissão audit.read' }, 404: { description: 'trabalhador não encontrado' } },
  }, async (ctx, { query }) => {
    const auth = await requireAuth(ctx, d.authenticate);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = pageResponse(unwrap(await d.auditTrail.list(auth, filterOf(query), { limit: query.limit, offset: query.offset })));
  });

  routes.add({
    method: 'get', path: '/audit.csv', tag, query: auditFilterQuery,
    summary: 'Trilha de auditoria em CSV para o Excel (BOM UTF-8, ";", dd/mm/aaaa hh:mm), com os filtros da tela',
    responses: { 200: { description: 'text/csv' }, 403: { description: 'sem a permissão audit.read' }, 404: { description: 'trabalhador não encontrado' } },
  }, async (ctx, { query }) => {
    const auth = await requireAuth(ctx, d.authenticate);
    const csv = unwrap(await d.auditTrail.csv(auth, filterOf(query)));
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="auditoria-${programmeToday(new Date())}.csv"`);
    ctx.set('Cache-Control', 'no-store');
    if (csv.truncated) ctx.set('X-Truncated', 'true');
    ctx.body = `\uFEFF${[csv.header.join(';'), ...csv.rows.map((r) => r.map(excelText).join(';'))].join('\n')}\n`;
  });

  routes.add({
    method: 'get', path: '/patients/:id/access-log', tag, query: accessLogQuery, params: z.object({ id: z.string().max(100) }),
    summary: 'Quem acessou este prontuário: os acessos ao trabalhador e aos seus registros, o mais recente primeiro',
    responses: { 200: { description: 'ok', schema: auditPageResponse }, 403: { description: 'sem a permissão audit.read' }, 404: { description: 'trabalhador não encontrado' } },
  }, async (ctx, { query, params }) => {
    const auth = await requireAuth(ctx, d.authenticate);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = pageResponse(unwrap(await d.auditTrail.accessLog(auth, params.id, { limit: query.limit, offset: query.offset })));
  });
}

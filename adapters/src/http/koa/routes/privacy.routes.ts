import { zipSync, type Zippable } from 'fflate';
import type { Authenticate, DecideDeletionRequests, DeletionRequestView, ExportWorkerData, TrackDeletionRequest } from '../../../../../core/src';
import { DELETION_REQUEST_STATUS_LABELS } from '../../../../../core/src';
import { idParams } from '../../contract/patients';
import {
  approveDeletionBody, deletionRequestJson, deletionRequestListQuery, deletionRequestListResponse, deletionRequestParams, deletionStatusQuery,
  deletionStatusResponse, refuseDeletionBody, type DeletionRequestJson,
} from '../../contract/privacy';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap } from '../request-errors';

export interface PrivacyDeps {
  authenticate: Authenticate;
  exportWorker: ExportWorkerData;
  requests: DecideDeletionRequests;
  track: TrackDeletionRequest;
}

const tag = 'Privacidade (LGPD)';

/** ***.982.247-** : the middle digits, enough to tell two homonyms apart, not the CPF. */
export const maskCpfMiddle = (cpf: string | null) => (cpf && /^\d{11}$/.test(cpf) ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : null);

export function toRequestJson(r: DeletionRequestView): DeletionRequestJson {
  return {
    id: r.id, email: r.email, status: r.status, statusLabel: DELETION_REQUEST_STATUS_LABELS[r.status], createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null, decidedBy: r.decidedByName, reason: r.reason, patientId: r.patientId, patientName: r.patientName,
    candidates: r.candidates.map((c) => ({ patientId: c.patientId, name: c.name, cpfMasked: maskCpfMiddle(c.cpf) })),
  };
}

/** Already compressed formats are stored, text is deflated. */
const STORED = /\.(pdf|png|jpe?g|gif|webp|zip|gz)$/i;

/** The LGPD routes (issue 20, docs/lgpd.md). */
export function privacyRoutes(routes: ApiRoutes, d: PrivacyDeps): void {
  const auth = (ctx: Parameters<typeof requireAuth>[0]) => requireAuth(ctx, d.authenticate);

  routes.add({
    method: 'get', path: '/patients/:id/lgpd-export', tag, params: idParams,
    summary: 'Exportação LGPD dos dados do trabalhador (art. 18, II): ZIP com dados.json (todos os registros), os arquivos originais dos exames, os PDFs de todas as versões dos laudos e um LEIAME.txt',
    responses: { 200: { description: 'application/zip' }, 403: { description: 'sem a permissão privacy.manage' }, 404: { description: 'trabalhador não encontrado' } },
  }, async (ctx, { params }) => {
    const exported = unwrap(await d.exportWorker.execute(await auth(ctx), params.id));
    const zippable: Zippable = {};
    for (const e of exported.entries) zippable[e.path] = [e.bytes, { level: STORED.test(e.path) ? 0 : 6, mtime: new Date() }];
    ctx.type = 'application/zip';
    ctx.set('Content-Disposition', `attachment; filename="${exported.fileName}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = Buffer.from(zipSync(zippable));
  });

  routes.add({
    method: 'get', path: '/privacy/deletion-requests', tag, query: deletionRequestListQuery,
    summary: 'Pedidos de exclusão de dados (LGPD) do e-mail de um trabalhador da organização, e os decididos por ela, com os trabalhadores candidatos',
    responses: { 200: { description: 'ok', schema: deletionRequestListResponse }, 403: { description: 'sem a permissão privacy.manage' } },
  }, async (ctx, { query }) => {
    ctx.body = { items: unwrap(await d.requests.list(await auth(ctx), query.status)).map(toRequestJson) };
  });

  routes.add({
    method: 'post', path: '/privacy/deletion-requests/:id/approve', tag, params: deletionRequestParams, body: approveDeletionBody,
    summary: 'Aprova o pedido de exclusão: anonimiza o trabalhador escolhido (nome, CPF, contatos, matrícula, arquivos e PDFs dos laudos) e mantém os exames e laudos exigidos pela NR-7 (item 7.6.1.1)',
    responses: {
      200: { description: 'ok', schema: deletionRequestJson }, 400: { description: 'trabalhador fora dos candidatos ou observação longa demais' },
      404: { description: 'pedido não encontrado' }, 409: { description: 'pedido já decidido ou trabalhador já anonimizado' },
    },
  }, async (ctx, { params, body }) => {
    ctx.body = toRequestJson(unwrap(await d.requests.approve(await auth(ctx), params.id, { patientId: body.patientId, reason: body.reason ?? null })));
  });

  routes.add({
    method: 'post', path: '/privacy/deletion-requests/:id/refuse', tag, params: deletionRequestParams, body: refuseDeletionBody,
    summary: 'Recusa o pedido de exclusão com o motivo (10 a 500 caracteres), mostrado ao titular na página de acompanhamento',
    responses: {
      200: { description: 'ok', schema: deletionRequestJson }, 400: { description: 'motivo ausente ou fora de 10..500 caracteres' },
      404: { description: 'pedido não encontrado' }, 409: { description: 'pedido já decidido' },
    },
  }, async (ctx, { params, body }) => {
    ctx.body = toRequestJson(unwrap(await d.requests.refuse(await auth(ctx), params.id, body.reason)));
  });

  routes.add({
    method: 'get', path: '/data-deletion-requests/:id', auth: 'public', tag: 'Site público', params: deletionRequestParams, query: deletionStatusQuery,
    summary: 'Situação de um pedido de exclusão de dados (página de acompanhamento do titular; o token vem do link recebido no envio)',
    responses: { 200: { description: 'ok', schema: deletionStatusResponse }, 404: { description: 'pedido não encontrado ou token inválido' } },
  }, async (ctx, { params, query }) => {
    const s = unwrap(await d.track.status(params.id, query.token));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      id: s.id, status: s.status, statusLabel: DELETION_REQUEST_STATUS_LABELS[s.status], createdAt: s.createdAt.toISOString(),
      decidedAt: s.decidedAt?.toISOString() ?? null, reason: s.reason,
    };
  });
}

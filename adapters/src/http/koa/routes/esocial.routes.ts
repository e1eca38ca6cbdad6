import type { Context } from 'koa';
import {
  asoAudiometry, asoEditable, ASO_EVENT_STATUS_LABELS, EXAM_TYPE_ESOCIAL, IND_RESULT_LABELS, s2220FileName,
  type Authenticate, type AsoView, type ManageAsos,
} from '../../../../../core/src';
import {
  asoBody, asoListQuery, asoListResponse, asoPageResponse, asoParams, asoResponse, examAsoParams, receiptBody, s2220BatchQuery, s2220Response,
  type AsoResponse,
} from '../../contract/esocial';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap } from '../request-errors';

export interface EsocialDeps {
  authenticate: Authenticate;
  asos: ManageAsos;
}

/** The ASO JSON of the issue-21 contract (docs/api.md). */
export function toAsoResponse(v: AsoView): AsoResponse {
  const audiometry = asoAudiometry(v);
  return {
    id: v.id, patientId: v.patientId, patientName: v.patientName, cpf: v.cpf, examId: v.examId, employmentId: v.employmentId, companyId: v.companyId,
    companyName: v.companyName, companyCnpj: v.companyCnpj, registration: v.registration, examType: v.examType, examTypeCode: EXAM_TYPE_ESOCIAL[v.examType],
    asoDate: v.asoDate, result: v.result, otherProcedures: v.otherProcedures, physician: v.physician, coordinator: v.coordinator,
    audiometry: audiometry
      ? { ordExame: audiometry.ordExame, indResult: audiometry.indResult, indResultLabel: audiometry.indResult ? IND_RESULT_LABELS[audiometry.indResult] : null, reasons: audiometry.reasons }
      : null,
    event: {
      status: v.event.status, statusLabel: ASO_EVENT_STATUS_LABELS[v.event.status], eventId: v.event.eventId, generatedAt: v.event.generatedAt?.toISOString() ?? null,
      exportedAt: v.event.exportedAt?.toISOString() ?? null, receipt: v.event.receipt, indRetif: v.event.indRetif,
      editable: asoEditable(v.event.status) || (v.event.status === 'exportado' ? v.event.receipt !== null : v.event.status === 'recebido'),
    },
    createdAt: v.createdAt.toISOString(), updatedAt: v.updatedAt.toISOString(),
  };
}

/**
 * ASOs and their eSocial S-2220 events (issue 21, docs/esocial.md): create/edit need `laudo.finalize`,
 * generate/download/batch/receipt `dashboards.export`, reading an active membership; another
 * organisation's ids answer 404.
 */
export function esocialRoutes(routes: ApiRoutes, d: EsocialDeps): void {
  const tag = 'eSocial';
  const auth = (ctx: Context) => requireAuth(ctx, d.authenticate);

  // before /asos/:id (koa-router matches in order; the zip path has no :id anyway)
  routes.add({ method: 'get', path: '/esocial/s2220.zip', tag, summary: 'Zip com o XML S-2220 de cada ASO da empresa no período ainda não exportado (gera os que faltam; marca-os exportados). 204 quando não há nenhum.', query: s2220BatchQuery, responses: { 200: { description: 'application/zip' }, 204: { description: 'Nenhum S-2220 pendente na empresa e período' } } },
    async (ctx, { query }) => {
      const batch = unwrap(await d.asos.exportBatch(await auth(ctx), query));
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('X-Limiar-Exported', String(batch.files.length));
      ctx.set('X-Limiar-Skipped', String(batch.skipped.length));
      if (!batch.zip) {
        ctx.status = 204;
        return;
      }
      ctx.type = 'application/zip';
      ctx.set('Content-Disposition', `attachment; filename="S-2220-${query.from}-${query.to}.zip"`);
      ctx.body = Buffer.from(batch.zip);
    });

  routes.add({ method: 'post', path: '/exams/:examId/asos', tag, summary: 'Emite o ASO de uma audiometria (vínculo na data do ASO: empresa com CNPJ e matrícula; médico emitente padrão: quem chama)', params: examAsoParams, body: asoBody, responses: { 201: { description: 'Criado', schema: asoResponse } } },
    async (ctx, { params, body }) => {
      const created = unwrap(await d.asos.create(await auth(ctx), params.examId, body));
      ctx.status = 201;
      ctx.body = toAsoResponse(created);
    });

  routes.add({ method: 'get', path: '/exams/:examId/asos', tag, summary: 'Os ASOs de uma audiometria, com o estado do S-2220', params: examAsoParams, responses: { 200: { description: 'ok', schema: asoListResponse } } },
    async (ctx, { params }) => {
      ctx.body = { items: unwrap(await d.asos.listForExam(await auth(ctx), params.examId)).map(toAsoResponse) };
    });

  routes.add({ method: 'get', path: '/asos', tag, summary: 'ASOs da organização por data (filtros: empresa, período, estado do S-2220)', query: asoListQuery, responses: { 200: { description: 'ok', schema: asoPageResponse } } },
    async (ctx, { query }) => {
      const page = await d.asos.list(await auth(ctx), query);
      ctx.body = { total: page.total, items: page.items.map(toAsoResponse) };
    });

  routes.add({ method: 'get', path: '/asos/:id', tag, summary: 'Um ASO com a audiometria (ordExame, indResult e as razões) e o estado do S-2220', params: asoParams, responses: { 200: { description: 'ok', schema: asoResponse } } },
    async (ctx, { params }) => {
      ctx.body = toAsoResponse(unwrap(await d.asos.get(await auth(ctx), params.id)));
    });

  routes.add({ method: 'put', path: '/asos/:id', tag, summary: 'Altera o ASO (campos ausentes mantêm o valor). Depois de exportado, vira retificação (indRetif 2 com o recibo); 409 sem o recibo', params: asoParams, body: asoBody, responses: { 200: { description: 'ok', schema: asoResponse } } },
    async (ctx, { params, body }) => {
      ctx.body = toAsoResponse(unwrap(await d.asos.update(await auth(ctx), params.id, body)));
    });

  routes.add({ method: 'post', path: '/asos/:id/s2220', tag, summary: 'Gera o S-2220 do ASO (validado contra o evtMonit.xsd oficial, leiaute S-1.3): estado gerado', params: asoParams, responses: { 201: { description: 'Gerado', schema: s2220Response } } },
    async (ctx, { params }) => {
      const v = unwrap(await d.asos.generate(await auth(ctx), params.id));
      ctx.status = 201;
      ctx.body = { eventId: v.event.eventId!, xml: v.event.xml!, patientId: v.patientId };
    });

  routes.add({ method: 'get', path: '/asos/:id/s2220.xml', tag, summary: 'O XML do S-2220 gerado (sem assinatura: o software do empregador assina e transmite); o primeiro download marca exportado', params: asoParams, responses: { 200: { description: 'application/xml' } } },
    async (ctx, { params }) => {
      const { eventId, xml } = unwrap(await d.asos.download(await auth(ctx), params.id));
      ctx.type = 'application/xml; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="${s2220FileName(eventId)}"`);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = xml;
    });

  routes.add({ method: 'put', path: '/asos/:id/receipt', tag, summary: 'Informa o número do recibo (nrRecibo) que o eSocial deu ao evento exportado: estado recebido', params: asoParams, body: receiptBody, responses: { 200: { description: 'ok', schema: asoResponse } } },
    async (ctx, { params, body }) => {
      ctx.body = toAsoResponse(unwrap(await d.asos.setReceipt(await auth(ctx), params.id, body)));
    });
}

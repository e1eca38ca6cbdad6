import type { Context } from 'koa';
import { z } from 'zod';
import { AIR_FREQUENCIES, formatVerificationCode, isNoResponse, type Authenticate, type ExamRepository, type ManageReports, type ReportFreshness, type ReportView } from '../../../../../core/src';
import { amendReportBody, generateReportBody, patientReportResponse, reportListQuery, reportResponse, reportVersionsResponse, updateReportBody, verificationResponse, type ReportResponse } from '../../contract/reports';
import type { ApiRoutes } from '../api-routes';
import { unwrap } from '../request-errors';
import { requireAuth } from '../auth';
import { toAttributionResponse } from './attribution-response';

export function toReportResponse(v: ReportView & { freshness?: ReportFreshness; keptEdits?: readonly string[] }): ReportResponse {
  const r = v.report;
  return {
    ...(v.freshness ? { stale: v.freshness.stale, staleChanges: [...v.freshness.changes] } : {}),
    ...(v.keptEdits ? { keptEdits: [...v.keptEdits] } : {}),
    id: r.id, examId: r.examId, examDate: v.examDate, patientId: r.patientId, patientName: v.patientName, patientCompany: v.patientCompany,
    doctorName: r.doctorName, type: r.type, status: r.status, createdAt: r.createdAt.toISOString(), finalizedAt: r.finalizedAt?.toISOString() ?? null,
    draftedBy: toAttributionResponse(r.draftedBy), finalizedBy: toAttributionResponse(r.finalizedBy),
    pdfUrl: r.pdfStorageKey ? `/api/reports/${r.id}/download` : null, pdfSha256: r.pdfSha256, draftJson: r.draftJson,
    version: r.version, supersedesId: r.supersedesId, supersededAt: r.supersededAt?.toISOString() ?? null, amendmentReason: r.amendmentReason,
    verificationCode: r.verificationCode ? formatVerificationCode(r.verificationCode) : null, signatureKind: r.signatureKind,
  };
}

/** pt-BR name of how a version is signed (the laudo page and the public verification page). */
export const SIGNATURE_LABELS = { icp: 'Assinatura digital ICP-Brasil (PAdES)', simples: 'Assinatura eletrônica simples' } as const;

export interface ReportDeps {
  authenticate: Authenticate;
  reports: ManageReports;
  exams: ExamRepository;
}

const idParams = z.object({ id: z.string().max(100) });

/** Spec §7 reports calls, plus finalisation (Draft → Finalizado, PDF issued once and hashed). */
export function reportRoutes(routes: ApiRoutes, d: ReportDeps): void {
  const tag = 'Laudos';
  const auth = (ctx: Context) => requireAuth(ctx, d.authenticate);

  routes.add({ method: 'post', path: '/reports/generate/:examId', tag, summary: 'Organiza o laudo do exame: fatos pelas regras, texto pelo redator (modelo local ou modelos Handlebars)', params: z.object({ examId: z.string().max(100) }), body: generateReportBody, responses: { 201: { description: 'Rascunho', schema: reportResponse } } },
    async (ctx, { params, body }) => {
      ctx.status = 201;
      ctx.body = toReportResponse(unwrap(await d.reports.generate(await auth(ctx), params.examId, body)));
    });

  routes.add({ method: 'get', path: '/reports', tag, summary: 'Laudos da organização (mais recentes primeiro); total em X-Total-Count', query: reportListQuery, responses: { 200: { description: 'Lista', schema: z.array(reportResponse) } } },
    async (ctx, { query }) => {
      const page = await d.reports.list(await auth(ctx), query);
      ctx.set('X-Total-Count', String(page.total));
      ctx.body = page.items.map(toReportResponse);
    });

  routes.add({ method: 'get', path: '/reports/exam/:examId', tag, summary: 'O laudo do exame, ou null; exame de outra organização → 404', params: z.object({ examId: z.string().max(100) }), responses: { 200: { description: 'Laudo ou null', schema: reportResponse.nullable() }, 404: { description: 'Exame não encontrado' } } },
    async (ctx, { params }) => {
      const view = unwrap(await d.reports.byExam(await auth(ctx), params.examId));
      ctx.type = 'application/json';
      ctx.body = view ? toReportResponse(view) : 'null';
    });

  routes.add({ method: 'get', path: '/reports/patient/:patientId', tag, summary: 'Laudos do paciente com os limiares (evolução por laudos, spec §3); paciente de outra organização → 404', params: z.object({ patientId: z.string().max(100) }), responses: { 200: { description: 'Lista', schema: z.array(patientReportResponse) }, 404: { description: 'Paciente não encontrado' } } },
    async (ctx, { params }) => {
      const who = await auth(ctx);
      const items = unwrap(await d.reports.forPatient(who, params.patientId));
      const exams = new Map((await d.exams.listForPatient(who.organizationId, params.patientId)).map((e) => [e.id, e]));
      ctx.body = items.map((v) => {
        const exam = exams.get(v.report.examId);
        // a no-response counts at its level: the evolution averages can only be as bad or worse than shown
        const ear = (side: 'right' | 'left') => Object.fromEntries(AIR_FREQUENCIES.map((hz) => {
          const t = exam?.[side].air[hz];
          return [String(hz), t === undefined || t === null ? null : isNoResponse(t) ? t.level : t];
        }));
        return { ...toReportResponse(v), exam: { rightEar: ear('right'), leftEar: ear('left'), srtRight: exam?.speechTest?.srtRe ?? null, lrfRight: exam?.speechTest?.wrsRe ?? null } };
      });
    });

  routes.add({ method: 'get', path: '/reports/:id', tag, summary: 'Laudo', params: idParams, responses: { 200: { description: 'ok', schema: reportResponse } } },
    async (ctx, { params }) => {
      ctx.body = toReportResponse(unwrap(await d.reports.get(await auth(ctx), params.id)));
    });

  routes.add({ method: 'put', path: '/reports/:id', tag, summary: 'Salva o rascunho editado (draftJson); laudo finalizado → 409', params: idParams, body: updateReportBody, responses: { 200: { description: 'ok', schema: reportResponse } } },
    async (ctx, { params, body }) => {
      ctx.body = toReportResponse(unwrap(await d.reports.updateDraft(await auth(ctx), params.id, body.draftJson)));
    });

  routes.add({ method: 'post', path: '/reports/:id/refresh', tag, summary: 'Reorganiza um rascunho desatualizado com os dados atuais do exame, mantendo os textos editados pelo profissional (keptEdits)', params: idParams, responses: { 200: { description: 'ok', schema: reportResponse } } },
    async (ctx, { params }) => {
      ctx.body = toReportResponse(unwrap(await d.reports.refresh(await auth(ctx), params.id)));
    });

  routes.add({ method: 'post', path: '/reports/:id/finalize', tag, summary: 'Finaliza o laudo: emite o PDF uma vez (SHA-256 registrado), também sob chamadas simultâneas; depois é somente leitura. Rascunho desatualizado → 409; falha ao gerar o PDF → 503 "Erro ao gerar PDF"', params: idParams, responses: { 200: { description: 'ok', schema: reportResponse }, 503: { description: 'Erro ao gerar PDF (nada foi emitido; tente novamente)' } } },
    async (ctx, { params }) => {
      ctx.body = toReportResponse(unwrap(await d.reports.finalize(await auth(ctx), params.id)));
    });

  routes.add({ method: 'post', path: '/reports/:id/amend', tag, summary: 'Retifica um laudo finalizado: cria a versão n + 1 (rascunho) com o motivo; o exame volta a aceitar correções até a retificação ser finalizada (assinada), quando substitui a versão n, que continua legível e verificável', params: idParams, body: amendReportBody, responses: { 201: { description: 'Retificação aberta (rascunho)', schema: reportResponse }, 409: { description: 'Não é a versão em vigor finalizada' } } },
    async (ctx, { params, body }) => {
      ctx.status = 201;
      ctx.body = toReportResponse(unwrap(await d.reports.amend(await auth(ctx), params.id, body.reason)));
    });

  routes.add({ method: 'post', path: '/reports/:id/discard-amendment', tag, summary: 'Descarta uma retificação em rascunho: a versão retificada volta a ser a versão em vigor', params: idParams, responses: { 200: { description: 'A versão em vigor', schema: reportResponse } } },
    async (ctx, { params }) => {
      ctx.body = toReportResponse(unwrap(await d.reports.discardAmendment(await auth(ctx), params.id)));
    });

  routes.add({ method: 'get', path: '/reports/:id/versions', tag, summary: 'Histórico de versões do laudo (retificações), da primeira à em vigor', params: idParams, responses: { 200: { description: 'ok', schema: reportVersionsResponse } } },
    async (ctx, { params }) => {
      const versions = unwrap(await d.reports.versions(await auth(ctx), params.id));
      ctx.body = {
        versions: versions.map((v) => ({
          id: v.id, version: v.version, status: v.status, current: v.current, createdAt: v.createdAt.toISOString(), finalizedAt: v.finalizedAt?.toISOString() ?? null,
          finalizedBy: toAttributionResponse(v.finalizedBy), amendmentReason: v.amendmentReason,
          verificationCode: v.verificationCode ? formatVerificationCode(v.verificationCode) : null, signatureKind: v.signatureKind,
          supersededAt: v.supersededAt?.toISOString() ?? null, pdfSha256: v.pdfSha256, pdfUrl: v.pdfSha256 ? `/api/reports/${v.id}/download` : null,
        })),
      };
    });

  routes.add({ method: 'get', path: '/verify/:code', auth: 'public', tag: 'Verificação pública', summary: 'Verificação pública de um laudo pelo código impresso no PDF (sem login): existência, quem assinou e quando, hash do documento, se foi substituído; do trabalhador, só as iniciais', params: z.object({ code: z.string().max(40) }), responses: { 200: { description: 'Laudo encontrado', schema: verificationResponse }, 404: { description: 'Nenhum laudo com este código' } } },
    async (ctx, { params }) => {
      const v = unwrap(await d.reports.verify(params.code));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        code: formatVerificationCode(v.code), version: v.version, currentVersion: v.currentVersion, superseded: v.superseded, supersededAt: v.supersededAt?.toISOString() ?? null,
        signedAt: v.signedAt?.toISOString() ?? null, signedBy: v.signedBy, signatureKind: v.signatureKind,
        signatureLabel: v.signatureKind ? SIGNATURE_LABELS[v.signatureKind] : 'Laudo emitido antes da assinatura com código de verificação',
        documentSha256: v.documentSha256, type: v.type, examDate: v.examDate, patientInitials: v.patientInitials, organizationName: v.organizationName,
      };
    });

  routes.add({ method: 'get', path: '/reports/:id/download', tag, summary: 'O PDF do laudo (o emitido, se finalizado)', params: idParams, responses: { 200: { description: 'application/pdf' } } },
    async (ctx, { params }) => {
      const { bytes, view } = unwrap(await d.reports.pdf(await auth(ctx), params.id));
      const name = `laudo-${view.patientName.normalize('NFD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-').toLowerCase()}-${view.examDate}.pdf`;
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="${name}"`);
      ctx.set('Cache-Control', 'private, no-store');
      if (view.report.pdfSha256) ctx.set('X-Content-SHA256', view.report.pdfSha256);
      ctx.body = Buffer.from(bytes);
    });
}

import type { Context } from 'koa';
import type { AnnualReport, AnnualReportData, Authenticate } from '../../../../../core/src';
import { annualReportCsv } from '../../../reports/csv/annual-report-csv';
import { annualReportQuery, annualReportResponse, type AnnualReportQueryWire, type AnnualReportResponse } from '../../contract/annual-report';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap } from '../request-errors';

export interface AnnualReportDeps {
  authenticate: Authenticate;
  annualReport: AnnualReport;
}

const tag = 'Programa';

/** The JSON shape: the clinic header without the logo bytes (the PDF embeds them). */
export function toWire(r: AnnualReportData): AnnualReportResponse {
  const { logo: _logo, ...clinic } = r.clinic;
  const { organizationId: _org, ...rest } = r;
  return { ...rest, clinic };
}

/** `relatorio-analitico-<cnpj or company id>-<year or from_to>.<ext>` */
function fileName(r: AnnualReportData, ext: 'pdf' | 'csv'): string {
  const who = r.company.cnpj ?? r.company.id;
  const when = r.year !== null ? String(r.year) : `${r.period.from}_${r.period.to}`;
  return `relatorio-analitico-${who}-${when}.${ext}`;
}

const queryOf = (q: AnnualReportQueryWire) => ({ companyId: q.companyId, year: q.year, from: q.from, to: q.to });

/** `GET /api/programme/annual-report[.pdf|.csv]`: the NR-7 7.6.2 analytical report (audiometry part) of a company. */
export function annualReportRoutes(routes: ApiRoutes, d: AnnualReportDeps): void {
  const build = async (ctx: Context, q: AnnualReportQueryWire) => unwrap(await d.annualReport.build(await requireAuth(ctx, d.authenticate), queryOf(q)));

  routes.add({
    method: 'get', path: '/programme/annual-report.pdf', tag, query: annualReportQuery,
    summary: 'Relatório analítico do PCMSO (NR-7, item 7.6.2), parte de audiometria, em PDF A4 para anexar ao PCMSO',
    responses: { 200: { description: 'application/pdf' }, 400: { description: 'ano ou período inválido' }, 404: { description: 'empresa não encontrada' } },
  }, async (ctx, { query }) => {
    const report = await build(ctx, query);
    const { bytes } = unwrap(await d.annualReport.render(report));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${fileName(report, 'pdf')}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = Buffer.from(bytes);
  });

  routes.add({
    method: 'get', path: '/programme/annual-report.csv', tag, query: annualReportQuery,
    summary: 'Relatório analítico do PCMSO (NR-7, item 7.6.2), parte de audiometria, em CSV para o Excel (BOM UTF-8, ";", vírgula decimal, dd/mm/aaaa)',
    responses: { 200: { description: 'text/csv' }, 400: { description: 'ano ou período inválido' }, 404: { description: 'empresa não encontrada' } },
  }, async (ctx, { query }) => {
    const report = await build(ctx, query);
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${fileName(report, 'csv')}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = annualReportCsv(report);
  });

  routes.add({
    method: 'get', path: '/programme/annual-report', tag, query: annualReportQuery,
    summary: 'Relatório analítico do PCMSO (NR-7, item 7.6.2), parte de audiometria: audiometrias por tipo, resultados (n e %), desencadeamentos, agravamentos, encaminhados, comparação com o ano anterior, por setor e GHE, e os casos',
    responses: { 200: { description: 'ok', schema: annualReportResponse }, 400: { description: 'ano ou período inválido' }, 404: { description: 'empresa não encontrada' } },
  }, async (ctx, { query }) => {
    ctx.body = toWire(await build(ctx, query));
  });
}

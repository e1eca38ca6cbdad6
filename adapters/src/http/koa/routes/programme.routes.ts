import type { Authenticate, ProgrammeWorkerItem, QueryProgramme } from '../../../../../core/src';
import { br, excelText as cell } from '../../../persistence/bulk/csv-cells';
import { UTF8_BOM } from '../../../persistence/bulk/csv-export';
import {
  prevalenceQuery, programmeFilterQuery, programmeOverviewResponse, programmePrevalenceResponse, programmeWorkersCsvQuery, programmeWorkersQuery, programmeWorkersResponse,
} from '../../contract/programme';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap } from '../request-errors';

export interface ProgrammeDeps {
  authenticate: Authenticate;
  programme: QueryProgramme;
}

const tag = 'Programa';
const FORBIDDEN = { description: 'sem permissão (painéis da empresa)' };

/** The wire item: the core's, less the sector id (the list shows its name). */
const toWire = ({ sectorId: _sector, ...item }: ProgrammeWorkerItem) => item;

export const PROGRAMME_WORKERS_CSV_COLUMNS = ['nome', 'cpf', 'empresa', 'setor', 'ghe', 'matricula', 'ultimo_exame', 'vencimento', 'motivo', 'situacao'] as const;

export function programmeWorkersCsv(items: readonly ProgrammeWorkerItem[]): string {
  const lines = [PROGRAMME_WORKERS_CSV_COLUMNS.join(';')];
  for (const w of items) {
    lines.push([cell(w.name), cell(w.cpf), cell(w.companyName), cell(w.sectorName), cell(w.gheName), cell(w.registration), br(w.lastExamDate), br(w.dueDate), cell(w.reasonLabel), cell(w.stateLabel)].join(';'));
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** `GET /api/programme/{overview,prevalence,workers,workers.csv}`: the compliance dashboard (issue 19). */
export function programmeRoutes(routes: ApiRoutes, d: ProgrammeDeps): void {
  routes.add({
    method: 'get', path: '/programme/overview', tag, query: programmeFilterQuery,
    summary: 'Programa de conservação auditiva: trabalhadores expostos, exames a vencer em 30/60/90 dias, vencidos, sem exame de referência e cobertura — no total, por empresa e por GHE',
    responses: { 200: { description: 'ok', schema: programmeOverviewResponse }, 403: FORBIDDEN },
  }, async (ctx, { query }) => {
    const auth = await requireAuth(ctx, d.authenticate);
    ctx.body = unwrap(await d.programme.overview(auth, query));
  });

  routes.add({
    method: 'get', path: '/programme/prevalence', tag, query: prevalenceQuery,
    summary: 'Prevalência de sugestivo de PAINPSE, desencadeamento e agravamento entre os trabalhadores examinados no período (padrão: últimos 12 meses) e nos últimos 5 anos',
    responses: { 200: { description: 'ok', schema: programmePrevalenceResponse }, 400: { description: 'período inválido' }, 403: FORBIDDEN },
  }, async (ctx, { query }) => {
    const auth = await requireAuth(ctx, d.authenticate);
    ctx.body = unwrap(await d.programme.prevalence(auth, query));
  });

  routes.add({
    method: 'get', path: '/programme/workers.csv', tag, query: programmeWorkersCsvQuery,
    summary: 'Trabalhadores do programa na situação pedida (ex.: vencidos) em CSV para o Excel (BOM UTF-8, ";", dd/mm/aaaa), para o RH da empresa',
    responses: { 200: { description: 'text/csv' }, 403: FORBIDDEN },
  }, async (ctx, { query }) => {
    const auth = await requireAuth(ctx, d.authenticate);
    const { state, ...filter } = query;
    const list = unwrap(await d.programme.workers(auth, { ...filter, state }, { limit: Number.MAX_SAFE_INTEGER }));
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="trabalhadores-${state ?? 'todos'}-${list.today}.csv"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = programmeWorkersCsv(list.items);
  });

  routes.add({
    method: 'get', path: '/programme/workers', tag, query: programmeWorkersQuery,
    summary: 'Trabalhadores expostos por situação (vencido, vence_30, due60, due90, em_dia, sem_referencia), vencidos primeiro (data de vencimento crescente), paginados',
    responses: { 200: { description: 'ok', schema: programmeWorkersResponse }, 403: FORBIDDEN },
  }, async (ctx, { query }) => {
    const auth = await requireAuth(ctx, d.authenticate);
    const { state, limit, offset, ...filter } = query;
    const page = unwrap(await d.programme.workers(auth, { ...filter, state }, { limit: limit ?? 50, offset }));
    ctx.body = { total: page.total, items: page.items.map(toWire) };
  });
}

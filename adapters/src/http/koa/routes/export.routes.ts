import { PassThrough, type Writable } from 'node:stream';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { programmeToday, type Authenticate, type ExportKind, type ExportRecords } from '../../../../../core/src';
import { safeText } from '../../contract/text';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap } from '../request-errors';

export interface ExportDeps {
  authenticate: Authenticate;
  /** The bulk export use case over PostgreSQL `COPY … TO STDOUT` (its pool is the composition root's). */
  exports: ExportRecords<Writable>;
  logger: Logger;
}

/** A real calendar day between 1900-01-01 and 2999-12-31 (2026-02-31 and 9999-99-99 are refused before the first byte). */
const isRealDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && v <= '2999-12-31';
};
const isoDate = safeText().regex(/^\d{4}-\d{2}-\d{2}$/, 'data no formato AAAA-MM-DD').refine(isRealDay, { message: 'data inexistente ou fora do intervalo 1900–2999' });
/** The list filters: search text, worker, company (part of the name), exam (or registration) date range. */
export const exportQuery = z.object({
  q: safeText().trim().max(200).optional(),
  patientId: safeText().uuid('trabalhador inválido').optional(),
  company: safeText().trim().max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

const FILE_NAMES: Record<ExportKind, string> = { exams: 'exames', patients: 'pacientes', reports: 'laudos' };

/** `GET /api/{patients,exams,reports}/export.csv`: the organisation's rows streamed as CSV for Excel pt-BR. */
export function exportRoutes(routes: ApiRoutes, d: ExportDeps): void {
  const stream = async (ctx: Context, kind: ExportKind, query: z.infer<typeof exportQuery>) => {
    const auth = await requireAuth(ctx, d.authenticate);
    // refused before the first byte (no laudo table yet → 404 through the error map)
    const job = unwrap(await d.exports.openFor(auth, kind, query));
    // the day in Brazil, as the product's calendar (from 21:00 in Brasília the UTC date is already tomorrow)
    const date = programmeToday(new Date());
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${FILE_NAMES[kind]}-${date}.csv"`);
    ctx.set('Cache-Control', 'no-store');
    const body = new PassThrough();
    ctx.body = body;
    job.writeTo(body).catch((error: Error) => {
      // headers are gone: the client sees a truncated download, the log says why
      d.logger.error({ err: error, kind }, 'exportação CSV interrompida');
      // the status line said 200: only a broken connection tells the client the file is incomplete
      body.destroy(error);
      ctx.res.destroy(error);
    });
  };

  for (const [kind, path, tag] of [['patients', '/patients/export.csv', 'Pacientes'], ['exams', '/exams/export.csv', 'Exames'], ['reports', '/reports/export.csv', 'Laudos']] as const) {
    routes.add({
      method: 'get', path, tag, query: exportQuery,
      summary: `Exporta ${FILE_NAMES[kind]} em CSV para o Excel (BOM UTF-8, ";", vírgula decimal, dd/mm/aaaa), com os filtros da lista`,
      responses: kind === 'reports' ? { 200: { description: 'CSV' }, 404: { description: 'Ainda não há laudos neste banco' } } : { 200: { description: 'CSV' } },
    }, (ctx, { query }) => stream(ctx, kind, query));
  }
}

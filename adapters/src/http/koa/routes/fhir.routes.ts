import type { Authenticate, ExportPatientFhir } from '../../../../../core/src';
import { idParams } from '../../contract/patients';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap } from '../request-errors';

export interface FhirDeps {
  authenticate: Authenticate;
  exportFhir: ExportPatientFhir;
}

/** FHIR R4 export of a worker's audiometry (issue 21, docs/fhir.md). */
export function fhirRoutes(routes: ApiRoutes, d: FhirDeps): void {
  routes.add({
    method: 'get', path: '/patients/:id/fhir', tag: 'Pacientes', params: idParams,
    summary: 'Audiometrias do trabalhador em FHIR R4 (application/fhir+json): Bundle collection com Patient (CPF no sistema da RNDS), painel LOINC 89015-2 e um Observation por limiar, a classificação NR-7 e os laudos finalizados (DiagnosticReport com o PDF)',
    responses: { 200: { description: 'application/fhir+json (Bundle R4)' }, 403: { description: 'sem a permissão dashboards.export' }, 404: { description: 'trabalhador não encontrado' } },
  }, async (ctx, { params }) => {
    const exported = unwrap(await d.exportFhir.forMember(await requireAuth(ctx, d.authenticate), params.id));
    ctx.type = 'application/fhir+json; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${exported.fileName}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = JSON.stringify(exported.bundle);
  });
}

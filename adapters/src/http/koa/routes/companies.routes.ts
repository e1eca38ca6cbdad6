import type { Context } from 'koa';
import { z } from 'zod';
import {
  DUE_REASON_LABELS, EXPOSURE_STATUS_LABELS, exposureStatus, formatCnpj, isExposed, needsCompletion, SCHEDULE_STATE_LABELS,
  type Authenticate, type CompanyView, type EmploymentView, type GheView, type ManageCompanies, type ManageEmployment, type QueryWorkerSchedule, type Sector,
} from '../../../../../core/src';
import {
  admitBody, companyBody, companyDetailsResponse, companyListQuery, companyParams, companyResponse, correctEmploymentBody, employmentListResponse,
  employmentParams, employmentPatientParams, employmentResponse, workerScheduleResponse, gheBody, gheParams, gheResponse, sectorBody, sectorParams, sectorResponse, transferBody,
  type CompanyResponse, type EmploymentResponse,
} from '../../contract/companies';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap } from '../request-errors';

export interface CompanyDeps {
  authenticate: Authenticate;
  companies: ManageCompanies;
  employment: ManageEmployment;
  workerSchedule: QueryWorkerSchedule;
}

export function toCompanyResponse(c: CompanyView): CompanyResponse {
  return {
    id: c.id, name: c.name, tradeName: c.tradeName, cnpj: c.cnpj, cnpjFormatted: formatCnpj(c.cnpj), address: c.address, cnae: c.cnae, riskGrade: c.riskGrade,
    contactName: c.contactName, contactEmail: c.contactEmail, contactPhone: c.contactPhone, needsCompletion: needsCompletion(c),
    activeWorkers: c.activeWorkers, patientCount: c.activeWorkers, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString(),
  };
}

const toSector = (s: Sector) => ({ id: s.id, companyId: s.companyId, name: s.name });

export function toGheResponse(g: GheView) {
  const status = exposureStatus(g.exposure);
  return {
    id: g.id, companyId: g.companyId, sectorId: g.sectorId, sectorName: g.sectorName, name: g.name, description: g.description, exposure: g.exposure,
    exposureStatus: status, exposureStatusLabel: EXPOSURE_STATUS_LABELS[status], exposed: isExposed(g.exposure), periodicityMonths: g.periodicityMonths, workers: g.workers,
  };
}

export function toEmploymentResponse(e: EmploymentView): EmploymentResponse {
  return {
    id: e.id, patientId: e.patientId, companyId: e.companyId, companyName: e.companyName, companyCnpj: e.companyCnpj, registration: e.registration,
    jobTitle: e.jobTitle, sectorId: e.sectorId, sectorName: e.sectorName, gheId: e.gheId, gheName: e.gheName, exposureStatus: e.exposureStatus,
    admissionDate: e.admissionDate, dismissalDate: e.dismissalDate, startDate: e.startDate, endDate: e.endDate, current: e.current,
  };
}

/**
 * Companies, sectors, GHEs (programme.manage to write) and the workers' employment (workers.write)
 * of issue 19. Reading needs only an active membership; another organisation's ids answer 404.
 */
export function companyRoutes(routes: ApiRoutes, d: CompanyDeps): void {
  const tag = 'Empresas';
  const auth = (ctx: Context) => requireAuth(ctx, d.authenticate);

  // the embed-token form reads id, name and patientCount of this list too (settings › Integrações)
  routes.add({ method: 'get', path: '/companies', tag, summary: 'Empresas da organização por razão social (?q= razão social, nome fantasia ou CNPJ), com os trabalhadores ativos', query: companyListQuery, responses: { 200: { description: 'ok', schema: z.array(companyResponse) } } },
    async (ctx, { query }) => {
      ctx.body = (await d.companies.list(await auth(ctx), query)).map(toCompanyResponse);
    });

  routes.add({ method: 'post', path: '/companies', tag, summary: 'Cadastra empresa (CNPJ opcional, único na organização; dígitos verificadores conferidos)', body: companyBody, responses: { 201: { description: 'Criada', schema: companyResponse } } },
    async (ctx, { body }) => {
      const created = unwrap(await d.companies.create(await auth(ctx), body));
      ctx.status = 201;
      ctx.body = toCompanyResponse(created);
    });

  routes.add({ method: 'get', path: '/companies/:id', tag, summary: 'Empresa com seus setores e GHEs (exposição ao ruído e trabalhadores de cada GHE)', params: companyParams, responses: { 200: { description: 'ok', schema: companyDetailsResponse } } },
    async (ctx, { params }) => {
      const details = unwrap(await d.companies.get(await auth(ctx), params.id));
      ctx.body = { company: toCompanyResponse(details.company), sectors: details.sectors.map(toSector), ghes: details.ghes.map(toGheResponse) };
    });

  routes.add({ method: 'put', path: '/companies/:id', tag, summary: 'Atualiza a empresa (campos ausentes mantêm o valor; null limpa)', params: companyParams, body: companyBody, responses: { 200: { description: 'ok', schema: companyResponse } } },
    async (ctx, { params, body }) => {
      ctx.body = toCompanyResponse(unwrap(await d.companies.update(await auth(ctx), params.id, body)));
    });

  routes.add({ method: 'post', path: '/companies/:id/sectors', tag, summary: 'Cria setor da empresa (nome único na empresa)', params: companyParams, body: sectorBody, responses: { 201: { description: 'Criado', schema: sectorResponse } } },
    async (ctx, { params, body }) => {
      const created = unwrap(await d.companies.addSector(await auth(ctx), params.id, body));
      ctx.status = 201;
      ctx.body = toSector(created);
    });

  routes.add({ method: 'put', path: '/companies/:id/sectors/:sectorId', tag, summary: 'Renomeia o setor', params: sectorParams, body: sectorBody, responses: { 200: { description: 'ok', schema: sectorResponse } } },
    async (ctx, { params, body }) => {
      ctx.body = toSector(unwrap(await d.companies.renameSector(await auth(ctx), params.id, params.sectorId, body)));
    });

  routes.add({ method: 'post', path: '/companies/:id/ghes', tag, summary: 'Cria GHE da empresa com a exposição ao ruído (LAVG/NEN, dose, data e fonte) e a periodicidade', params: companyParams, body: gheBody, responses: { 201: { description: 'Criado', schema: gheResponse } } },
    async (ctx, { params, body }) => {
      const created = unwrap(await d.companies.addGhe(await auth(ctx), params.id, body));
      ctx.status = 201;
      ctx.body = toGheResponse(created);
    });

  routes.add({ method: 'put', path: '/companies/:id/ghes/:gheId', tag, summary: 'Atualiza o GHE (campos ausentes mantêm o valor; exposure substitui a avaliação inteira, null a remove)', params: gheParams, body: gheBody, responses: { 200: { description: 'ok', schema: gheResponse } } },
    async (ctx, { params, body }) => {
      ctx.body = toGheResponse(unwrap(await d.companies.updateGhe(await auth(ctx), params.id, params.gheId, body)));
    });

  const P = 'Pacientes';
  routes.add({ method: 'get', path: '/patients/:id/employments', tag: P, summary: 'Vínculos do trabalhador: cada período (empresa, matrícula, cargo, setor, GHE), do mais antigo ao atual', params: employmentPatientParams, responses: { 200: { description: 'ok', schema: employmentListResponse } } },
    async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { employments: unwrap(await d.employment.list(await auth(ctx), params.id)).map(toEmploymentResponse) };
    });

  routes.add({ method: 'get', path: '/patients/:id/programme', tag: P, summary: 'O trabalhador no programa de conservação auditiva hoje: exposto ou não, próxima audiometria (data, motivo) e situação (em dia, vence em ≤ 30 dias, vencido, sem exame de referência)', params: employmentPatientParams, responses: { 200: { description: 'ok', schema: workerScheduleResponse } } },
    async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      const s = unwrap(await d.workerSchedule.execute(await auth(ctx), params.id));
      ctx.body = {
        today: s.today, exposed: s.exposed, state: s.state, stateLabel: s.state ? SCHEDULE_STATE_LABELS[s.state] : null, dueDate: s.dueDate,
        reason: s.reason, reasonLabel: s.reason ? DUE_REASON_LABELS[s.reason] : null, exposureStart: s.exposureStart, lastExamDate: s.lastExamDate,
      };
    });

  routes.add({ method: 'post', path: '/patients/:id/employments', tag: P, summary: 'Registra admissão (novo vínculo); a empresa do trabalhador passa a ser a do período atual', params: employmentPatientParams, body: admitBody, responses: { 201: { description: 'Criado', schema: employmentResponse } } },
    async (ctx, { params, body }) => {
      const created = unwrap(await d.employment.admit(await auth(ctx), params.id, body));
      ctx.status = 201;
      ctx.body = toEmploymentResponse(created);
    });

  routes.add({ method: 'post', path: '/patients/:id/employments/:employmentId/transfer', tag: P, summary: 'Transfere de setor, GHE ou cargo na data: o período atual termina nela e um novo período do mesmo vínculo começa', params: employmentParams, body: transferBody, responses: { 201: { description: 'Novo período', schema: employmentResponse } } },
    async (ctx, { params, body }) => {
      const created = unwrap(await d.employment.transfer(await auth(ctx), params.id, params.employmentId, body));
      ctx.status = 201;
      ctx.body = toEmploymentResponse(created);
    });

  routes.add({ method: 'put', path: '/patients/:id/employments/:employmentId', tag: P, summary: 'Corrige o período (cargo, setor, GHE) ou o vínculo (matrícula, admissão, demissão em todos os períodos)', params: employmentParams, body: correctEmploymentBody, responses: { 200: { description: 'ok', schema: employmentResponse } } },
    async (ctx, { params, body }) => {
      ctx.body = toEmploymentResponse(unwrap(await d.employment.correct(await auth(ctx), params.id, params.employmentId, body)));
    });
}

import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Logger } from 'pino';
import type { AuditLog, Authenticate, CheckHealth } from '../../../../core/src';
import { ApiRoutes } from './api-routes';
import { requireAuth } from './auth';
import { compressJson } from './compress-json';
import { errorMiddleware } from './error-middleware';
import { requestLogger } from './request-logger';
import { auditTrail } from './audit/audit-middleware';
import { auditRoutes, type AuditDeps } from './routes/audit.routes';
import { securityHeaders } from './security-headers';
import { accountRoutes, type AccountDeps } from './routes/accounts.routes';
import { exportRoutes, type ExportDeps } from './routes/export.routes';
import { embedRoutes, type EmbedDeps } from './routes/embed.routes';
import { fileRoutes, type FileDeps } from './routes/files.routes';
import { worklistRoutes, type WorklistDeps } from './routes/worklist.routes';
import { annualReportRoutes, type AnnualReportDeps } from './routes/annual-report.routes';
import { programmeRoutes, type ProgrammeDeps } from './routes/programme.routes';
import { companyRoutes, type CompanyDeps } from './routes/companies.routes';
import { reportRoutes, type ReportDeps } from './routes/reports.routes';
import { organizationRoutes, type OrganizationDeps } from './routes/organization.routes';
import { patientExamRoutes, type PatientExamDeps } from './routes/patients-exams.routes';
import { systemRoutes } from './routes/system.routes';
import { teamRoutes, type TeamDeps } from './routes/team.routes';
import { certificateRoutes, type CertificateDeps } from './routes/certificate.routes';
import { privacyRoutes, type PrivacyDeps } from './routes/privacy.routes';
import { fhirRoutes, type FhirDeps } from './routes/fhir.routes';
import { esocialRoutes, type EsocialDeps } from './routes/esocial.routes';
import { staticMount, staticWebApp } from './static-web-app';

export const APP_VERSION = '0.1.0';

type Routed<D> = Omit<D, 'authenticate'>;

/** Everything the HTTP app serves with, resolved by the composition root (nothing is looked up here). */
export interface AppDeps {
  settings: {
    /** X-Forwarded-For is trusted only behind a configured proxy, so rate limits cannot be dodged. */
    trustProxy: boolean;
    googleClientId?: string;
    webDist: string;
    widgetDist: string;
  };
  logger: Logger;
  /** Runs one request inside its own persistence context (MikroORM's `RequestContext`). */
  requestScope: (next: () => Promise<unknown>) => Promise<unknown>;
  authenticate: Authenticate;
  checkHealth: CheckHealth;
  accounts: Routed<AccountDeps>;
  exports: Routed<ExportDeps>;
  patientsExams: Routed<PatientExamDeps>;
  embed: Routed<EmbedDeps>;
  reports: Routed<ReportDeps>;
  organization: Routed<OrganizationDeps>;
  files: Routed<FileDeps>;
  worklist: Routed<WorklistDeps>;
  annualReport: Routed<AnnualReportDeps>;
  programme: Routed<ProgrammeDeps>;
  companies: Routed<CompanyDeps>;
  team: Routed<TeamDeps>;
  /** The member's ICP-Brasil A1 certificate (issue 20, Configurações › Segurança). */
  certificate: Routed<CertificateDeps>;
  /** LGPD rights (issue 20): the worker's data export, the deletion requests' decisions and status page. */
  privacy: Routed<PrivacyDeps>;
  /** The audit trail (issue 20): its store (the middleware records into it) and the administrator's query. */
  audit: Routed<AuditDeps> & { log: AuditLog; now: () => Date };
  /** ASOs and their eSocial S-2220 events (issue 21). */
  esocial: Routed<EsocialDeps>;
  /** FHIR R4 export of a worker's audiometry (issue 21). */
  fhir: Routed<FhirDeps>;
}

/** Builds the Koa application: logs, errors, per-request ORM context, `/api` routes, web app. */
export function createApp(d: AppDeps): Koa {
  const app = new Koa();
  app.proxy = d.settings.trustProxy;
  app.silent = true; // errors are logged by errorMiddleware, never printed raw
  const authenticate = d.authenticate;
  // the session is checked before the body is read (401 first); JSON routes read their body only then
  // DELETE bodies too: removing an exam carries its mandatory reason (DELETE /api/exams/:id)
  const routes = new ApiRoutes({
    authenticate: (ctx) => requireAuth(ctx, authenticate),
    parseBody: koaBody({ jsonLimit: '2mb', jsonStrict: true, multipart: false, urlencoded: false, text: false, parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE] }),
  });
  systemRoutes(routes, { checkHealth: d.checkHealth, version: APP_VERSION });
  accountRoutes(routes, { ...d.accounts, authenticate });
  exportRoutes(routes, { ...d.exports, authenticate }); // before the /:id routes
  patientExamRoutes(routes, { ...d.patientsExams, authenticate });
  embedRoutes(routes, { ...d.embed, authenticate });
  reportRoutes(routes, { ...d.reports, authenticate });
  organizationRoutes(routes, { ...d.organization, authenticate });
  fileRoutes(routes, { ...d.files, authenticate });
  worklistRoutes(routes, { ...d.worklist, authenticate });
  annualReportRoutes(routes, { ...d.annualReport, authenticate });
  programmeRoutes(routes, { ...d.programme, authenticate });
  companyRoutes(routes, { ...d.companies, authenticate });
  teamRoutes(routes, { ...d.team, authenticate });
  certificateRoutes(routes, { ...d.certificate, authenticate });
  privacyRoutes(routes, { ...d.privacy, authenticate });
  fhirRoutes(routes, { ...d.fhir, authenticate });
  esocialRoutes(routes, { ...d.esocial, authenticate });
  auditRoutes(routes, { auditTrail: d.audit.auditTrail, authenticate });

  app.use(requestLogger(d.logger));
  app.use(securityHeaders({ googleSignIn: Boolean(d.settings.googleClientId), widgetPrefix: '/widget' }));
  app.use(compressJson(1024)); // outside the error middleware: error bodies are JSON too
  app.use(auditTrail({ audit: d.audit.log, now: d.audit.now, logger: d.logger })); // sees the status answered, errors included
  app.use(errorMiddleware(d.logger));
  app.use((_ctx, next) => d.requestScope(next));
  app.use(routes.router.routes());
  app.use(routes.router.allowedMethods({ throw: true }));
  app.use(staticMount('/widget', d.settings.widgetDist, { '/demo': '/demo.html', '/demo/': '/demo.html' }));
  app.use(staticWebApp(d.settings.webDist));
  return app;
}

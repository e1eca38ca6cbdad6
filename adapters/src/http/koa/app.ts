import { RequestContext } from '@mikro-orm/core';
import type { Container } from 'inversify';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Logger } from 'pino';
import type { CheckHealth, Clock } from '../../../../core/src';
import type { AppConfig } from '../../composition/config';
import { TOKENS } from '../../composition/tokens';
import type { Database } from '../../persistence/database';
import { ApiRoutes } from './api-routes';
import { requireAuth } from './auth';
import { compressJson } from './compress-json';
import { errorMiddleware } from './error-middleware';
import { requestLogger } from './request-logger';
import { securityHeaders } from './security-headers';
import { accountRoutes } from './routes/accounts.routes';
import { exportRoutes } from './routes/export.routes';
import { embedRoutes } from './routes/embed.routes';
import { fileRoutes } from './routes/files.routes';
import { worklistRoutes } from './routes/worklist.routes';
import { reportRoutes } from './routes/reports.routes';
import { organizationRoutes } from './routes/organization.routes';
import { patientExamRoutes } from './routes/patients-exams.routes';
import { systemRoutes } from './routes/system.routes';
import { staticMount, staticWebApp } from './static-web-app';

export const APP_VERSION = '0.1.0';

/** Builds the Koa application: logs, errors, per-request ORM context, `/api` routes, web app. */
export function createApp(container: Container): Koa {
  const config = container.get<AppConfig>(TOKENS.Config);
  const logger = container.get<Logger>(TOKENS.Logger);
  const db = container.get<Database>(TOKENS.Database);
  const app = new Koa();
  // X-Forwarded-For is trusted only behind a configured proxy, so rate limits cannot be dodged
  app.proxy = config.trustProxy;
  app.silent = true; // errors are logged by errorMiddleware, never printed raw
  const get = <T>(token: symbol) => container.get<T>(token);
  // the session is checked before the body is read (401 first); JSON routes read their body only then
  // DELETE bodies too: removing an exam carries its mandatory reason (DELETE /api/exams/:id)
  const routes = new ApiRoutes({
    authenticate: (ctx) => requireAuth(ctx, get(TOKENS.Authenticate)),
    parseBody: koaBody({ jsonLimit: '2mb', jsonStrict: true, multipart: false, urlencoded: false, text: false, parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE] }),
  });
  systemRoutes(routes, { checkHealth: get<CheckHealth>(TOKENS.CheckHealth), version: APP_VERSION });
  accountRoutes(routes, {
    authenticate: get(TOKENS.Authenticate), register: get(TOKENS.RegisterProfessional), logIn: get(TOKENS.LogIn),
    logInWithGoogle: get(TOKENS.LogInWithGoogle), logOut: get(TOKENS.LogOut), changePassword: get(TOKENS.ChangePassword),
    profile: get(TOKENS.ManageProfile), publicRequests: get(TOKENS.SubmitPublicRequest), googleClientId: config.googleClientId,
    requestPasswordReset: get(TOKENS.RequestPasswordReset), resetPassword: get(TOKENS.ResetPassword),
  });
  const clock = get<Clock>(TOKENS.Clock);
  exportRoutes(routes, { authenticate: get(TOKENS.Authenticate), databaseUrl: db.url, logger }); // before the /:id routes
  patientExamRoutes(routes, {
    authenticate: get(TOKENS.Authenticate), patients: get(TOKENS.ManagePatients), recordExam: get(TOKENS.RecordExam),
    queryExams: get(TOKENS.QueryExams), updateAudiogram: get(TOKENS.UpdateExamAudiogram),
    designateReference: get(TOKENS.DesignateReferenceExam), updateExam: get(TOKENS.UpdateExamDetails), deleteExam: get(TOKENS.DeleteExam), today: () => clock.now(),
  });
  embedRoutes(routes, {
    authenticate: get(TOKENS.Authenticate), embed: get(TOKENS.EmbedTokens), now: () => clock.now(),
    listCompanies: async (organizationId) => (await db.orm.em.getConnection().execute<{ id: string; name: string; patient_count: string }[]>(
      'select c.id, c.name, (select count(*) from patient p where p.company_id = c.id and p.archived_at is null) as patient_count from company c where c.organization_id = ? order by c.name_key',
      [organizationId])).map((r) => ({ id: r.id, name: r.name, patientCount: Number(r.patient_count) })),
  });
  reportRoutes(routes, { authenticate: get(TOKENS.Authenticate), reports: get(TOKENS.ManageReports), exams: get(TOKENS.ExamRepository) });
  organizationRoutes(routes, { authenticate: get(TOKENS.Authenticate), organization: get(TOKENS.ManageOrganization) });
  fileRoutes(routes, { authenticate: get(TOKENS.Authenticate), upload: get(TOKENS.UploadExamFile), files: get(TOKENS.ExamFileStore), storage: get(TOKENS.FileStorage),
    review: get(TOKENS.ReviewExamReading), queryExams: get(TOKENS.QueryExams), today: () => clock.now() });
  worklistRoutes(routes, { authenticate: get(TOKENS.Authenticate), worklist: get(TOKENS.Worklist) });

  app.use(requestLogger(logger));
  app.use(securityHeaders({ googleSignIn: Boolean(config.googleClientId), widgetPrefix: '/widget' }));
  app.use(compressJson(1024)); // outside the error middleware: error bodies are JSON too
  app.use(errorMiddleware(logger));
  app.use((_ctx, next) => RequestContext.create(db.orm.em, next));
  app.use(routes.router.routes());
  app.use(routes.router.allowedMethods({ throw: true }));
  app.use(staticMount('/widget', config.widgetDist, { '/demo': '/demo.html', '/demo/': '/demo.html' }));
  app.use(staticWebApp(config.webDist));
  return app;
}

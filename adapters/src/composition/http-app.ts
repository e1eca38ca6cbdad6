import { RequestContext } from '@mikro-orm/core';
import type { Container } from 'inversify';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { Clock } from '../../../core/src';
import { APP_VERSION, createApp, type AppDeps } from '../http/koa/app';
import type { Database } from '../persistence/database';
import type { AppConfig } from './config';
import { privacyDeps } from './privacy-services';
import { esocialDeps } from './esocial-services';
import { fhirDeps } from './fhir-services';
import { TOKENS } from './tokens';

/** The HTTP app's dependencies, resolved from the container once (routes never see the container). */
export function appDeps(container: Container): AppDeps {
  const get = <T>(token: symbol) => container.get<T>(token);
  const config = get<AppConfig>(TOKENS.Config);
  const db = get<Database>(TOKENS.Database);
  const clock = get<Clock>(TOKENS.Clock);
  const today = () => clock.now();
  return {
    settings: { trustProxy: config.trustProxy, googleClientId: config.googleClientId, webDist: config.webDist, widgetDist: config.widgetDist },
    logger: get<Logger>(TOKENS.Logger),
    requestScope: (next) => RequestContext.create(db.orm.em, next),
    authenticate: get(TOKENS.Authenticate),
    checkHealth: get(TOKENS.CheckHealth),
    accounts: {
      register: get(TOKENS.RegisterProfessional), logIn: get(TOKENS.LogIn), logInWithGoogle: get(TOKENS.LogInWithGoogle), logOut: get(TOKENS.LogOut),
      changePassword: get(TOKENS.ChangePassword), profile: get(TOKENS.ManageProfile), publicRequests: get(TOKENS.SubmitPublicRequest),
      googleClientId: config.googleClientId, requestPasswordReset: get(TOKENS.RequestPasswordReset), resetPassword: get(TOKENS.ResetPassword),
    },
    exports: { exports: get(TOKENS.ExportRecords), logger: get<Logger>(TOKENS.Logger) },
    patientsExams: {
      patients: get(TOKENS.ManagePatients), recordExam: get(TOKENS.RecordExam), queryExams: get(TOKENS.QueryExams), updateAudiogram: get(TOKENS.UpdateExamAudiogram),
      designateReference: get(TOKENS.DesignateReferenceExam), updateExam: get(TOKENS.UpdateExamDetails), deleteExam: get(TOKENS.DeleteExam), today,
    },
    embed: { embed: get(TOKENS.EmbedTokens), now: today },
    companies: { companies: get(TOKENS.ManageCompanies), employment: get(TOKENS.ManageEmployment), workerSchedule: get(TOKENS.QueryWorkerSchedule) },
    reports: { reports: get(TOKENS.ManageReports), exams: get(TOKENS.ExamRepository) },
    organization: { organization: get(TOKENS.ManageOrganization) },
    certificate: { certificates: get(TOKENS.ManageSigningCertificate) },
    files: {
      upload: get(TOKENS.UploadExamFile), files: get(TOKENS.ExamFileStore), storage: get(TOKENS.FileStorage), review: get(TOKENS.ReviewExamReading),
      queryExams: get(TOKENS.QueryExams), today,
    },
    worklist: { worklist: get(TOKENS.Worklist) },
    annualReport: { annualReport: get(TOKENS.AnnualReport) },
    programme: { programme: get(TOKENS.QueryProgramme) },
    audit: { auditTrail: get(TOKENS.QueryAuditTrail), log: get(TOKENS.AuditLog), now: today },
    privacy: privacyDeps(container),
    esocial: esocialDeps(container, APP_VERSION),
    fhir: fhirDeps(container),
    team: { team: get(TOKENS.ManageTeam), acceptInvitation: get(TOKENS.AcceptInvitation), switchOrganization: get(TOKENS.SwitchOrganization), profile: get(TOKENS.ManageProfile) },
  };
}

/** The Koa app of a container (the server, and tests that listen themselves). */
export function createHttpApp(container: Container): Koa {
  return createApp(appDeps(container));
}

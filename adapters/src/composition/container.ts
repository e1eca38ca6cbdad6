import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import {
  AnnualReport, QueryProgramme, RefreshProgramme, EmbedTokens, ManageOrganization, ManageReports, QueryWorklist, ReadAudiogram, ReviewExamReading, UploadExamFile, WriteNarrative, type AudiogramReadingQueue, type ExamFileStore, type FileStorage, type ReportRenderer,
  DeleteExam, UpdateExamDetails,
  Authenticate, ChangePassword, CheckHealth, ManagePatients, QueryExams, RecordExam, UpdateExamAudiogram, DesignateReferenceExam, ReclassifyStaleExams, LogIn, LogInWithGoogle, LogOut, ManageProfile, OpenSession, RegisterProfessional,
  SubmitPublicRequest, systemClock, type Clock, type GoogleIdTokenVerifier, type HealthProbe, type IdGenerator, type LoginAttemptLog,
  type OrganizationRepository, type PasswordHasher, type ProfessionalRepository, type PublicRequestLog, type SessionRepository, type MembershipRepository, type InvitationRepository,
  type SessionTokens, type UnitOfWork,
} from '../../../core/src';
import type { Database } from '../persistence/database';
import { DatabaseHealthProbe } from '../persistence/mikro-orm/database-health-probe';
import { MikroOrmUnitOfWork } from '../persistence/mikro-orm/mikro-orm-unit-of-work';
import {
  MikroOrmLoginAttemptLog, MikroOrmOrganizationRepository, MikroOrmProfessionalRepository, MikroOrmPublicRequestLog,
  MikroOrmSessionRepository,
} from '../persistence/mikro-orm/repositories/mikro-orm-account-repositories';
import {
  MikroOrmCompanyRepository, MikroOrmDashboardQueries, MikroOrmExamDeletionLog, MikroOrmExamFileRepository, MikroOrmExamRepository, MikroOrmPatientRepository,
} from '../persistence/mikro-orm/repositories/mikro-orm-patient-exam-repositories';
import { Argon2PasswordHasher } from '../security/argon2-password-hasher';
import { NodemailerMailSender } from '../mail/nodemailer-mail-sender';
import { MikroOrmPasswordResetTokenRepository } from '../persistence/mikro-orm/repositories/mikro-orm-password-reset-repository';
import { MikroOrmInvitationRepository, MikroOrmMembershipRepository } from '../persistence/mikro-orm/repositories/mikro-orm-team-repositories';
import { AcceptInvitation, ManageTeam, RequestPasswordReset, ResetPassword, SwitchOrganization, type MailSender } from '../../../core/src';
import { OllamaAudiogramReader } from '../ai/ollama/ollama-audiogram-reader';
import { PdfTextAudiogramReader } from '../ai/pdf-text/pdf-text-audiogram-reader';
import { ChartImageAudiogramReader, readChartImage } from '../ai/chart-image';
import { ScannedPdfAudiogramReader } from '../ai/scanned-pdf/scanned-pdf-audiogram-reader';
import { fileStorageFor } from './file-storage';
import { disabledReadingQueue } from '../jobs/pg-boss-reading-queue';
import { MikroOrmExamFileStore } from '../persistence/mikro-orm/repositories/mikro-orm-exam-file-store';
import { MikroOrmExamReadingRepository } from '../persistence/mikro-orm/repositories/mikro-orm-exam-reading-repository';
import { MikroOrmWorklistQueries } from '../persistence/mikro-orm/repositories/mikro-orm-worklist-queries';
import { MikroOrmReportRepository } from '../persistence/mikro-orm/repositories/mikro-orm-report-repository';
import { HandlebarsReportWriter } from '../reports/handlebars/handlebars-report-writer';
import { OllamaReportWriter } from '../reports/ollama/ollama-report-writer';
import { PuppeteerReportRenderer } from '../reports/puppeteer/puppeteer-report-renderer';
import { PuppeteerAnnualReportRenderer } from '../reports/puppeteer/annual-report-renderer';
import { MikroOrmProgrammeProjection, MikroOrmProgrammeQueries } from '../persistence/mikro-orm/repositories/mikro-orm-programme-queries';
import { mikroOrmSqlRows, SqlProgrammeOutcomes } from '../persistence/mikro-orm/repositories/mikro-orm-programme-outcomes';
import { MikroOrmEmbedAccessLog, MikroOrmEmbedTokenRepository, sha256SecretHasher } from '../persistence/mikro-orm/repositories/mikro-orm-embed-repositories';
import { JoseGoogleIdTokenVerifier } from '../security/jose-google-id-token-verifier';
import { JoseSessionTokens, loadOrCreateSecret } from '../security/jose-session-tokens';
import type { AppConfig } from './config';
import { TOKENS } from './tokens';
import { bindAuditTrail } from './audit-services';
import { ExportRecords } from '../../../core/src';
import { lazyExportPool, PgExamExportSource } from '../persistence/bulk/csv-export';
import {
  MikroOrmCompanyRecords, MikroOrmEmploymentRepository, MikroOrmGheRepository, MikroOrmSectorRepository,
} from '../persistence/mikro-orm/repositories/mikro-orm-programme-repositories';
import { ManageCompanies, ManageEmployment, QueryWorkerSchedule } from '../../../core/src';
import { ManageSigningCertificate, type CertificateReader, type PdfSigner, type SigningCertificateRepository } from '../../../core/src';
import { MikroOrmSigningCertificateRepository } from '../persistence/mikro-orm/repositories/mikro-orm-signing-certificate-repository';
import { ForgeCertificateReader } from '../signing/forge-certificate-reader';
import { PadesPdfSigner } from '../signing/pades-pdf-signer';

/**
 * The one composition root, used by the HTTP server, the CLI and the tests. The core has no
 * decorators, so everything is bound with factories (singletons: adapters are stateless and
 * resolve the per-request/per-transaction entity manager through `orm.em`).
 */
export interface RuntimeServices {
  /** The pg-boss queue of slow readings, when a slow reader is configured (started by the caller). */
  readingQueue?: AudiogramReadingQueue;
  /** The laudo PDF renderer (one Chromium and a page pool); created here when not given. */
  reportRenderer?: ReportRenderer;
  /** The time source; tests move it (e.g. reset-link expiry). */
  clock?: Clock;
}

export function createContainer(config: AppConfig, db: Database, logger: Logger, services: RuntimeServices = {}): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  const startedAt = new Date();
  const em = () => db.orm.em;
  const get = <T>(token: symbol) => c.get<T>(token);
  const constant = <T>(token: symbol, value: T) => c.bind<T>(token).toConstantValue(value);
  const factory = <T>(token: symbol, make: () => T) => c.bind<T>(token).toDynamicValue(make);

  constant(TOKENS.Config, config);
  constant(TOKENS.Logger, logger);
  constant(TOKENS.Database, db);
  constant<Clock>(TOKENS.Clock, services.clock ?? systemClock);
  constant<IdGenerator>(TOKENS.IdGenerator, { next: () => randomUUID() });
  constant<HealthProbe[]>(TOKENS.HealthProbes, [new DatabaseHealthProbe(db.orm)]);
  constant<UnitOfWork>(TOKENS.UnitOfWork, new MikroOrmUnitOfWork(db.orm));
  constant<ProfessionalRepository>(TOKENS.ProfessionalRepository, new MikroOrmProfessionalRepository(em));
  constant<OrganizationRepository>(TOKENS.OrganizationRepository, new MikroOrmOrganizationRepository(em));
  constant<SessionRepository>(TOKENS.SessionRepository, new MikroOrmSessionRepository(em));
  constant<MembershipRepository>(TOKENS.MembershipRepository, new MikroOrmMembershipRepository(em));
  constant<InvitationRepository>(TOKENS.InvitationRepository, new MikroOrmInvitationRepository(em));
  constant<LoginAttemptLog>(TOKENS.LoginAttemptLog, new MikroOrmLoginAttemptLog(em));
  constant<PublicRequestLog>(TOKENS.PublicRequestLog, new MikroOrmPublicRequestLog(em));
  constant<PasswordHasher>(TOKENS.PasswordHasher, new Argon2PasswordHasher());
  factory<SessionTokens>(TOKENS.SessionTokens, () => new JoseSessionTokens(loadOrCreateSecret(config.dataDir, config.jwtSecret)));
  constant<GoogleIdTokenVerifier>(TOKENS.GoogleIdTokenVerifier, new JoseGoogleIdTokenVerifier(config.googleClientId, config.googleJwksUrl));

  factory(TOKENS.CheckHealth, () => new CheckHealth(get(TOKENS.HealthProbes), get(TOKENS.Clock), startedAt));
  factory(TOKENS.OpenSession, () => new OpenSession(get(TOKENS.SessionRepository), get(TOKENS.MembershipRepository), get(TOKENS.SessionTokens), get(TOKENS.IdGenerator), get(TOKENS.Clock)));
  factory(TOKENS.Authenticate, () => new Authenticate(get(TOKENS.SessionTokens), get(TOKENS.MembershipRepository), get(TOKENS.Clock)));
  factory(TOKENS.RegisterProfessional, () => new RegisterProfessional(get(TOKENS.ProfessionalRepository), get(TOKENS.OrganizationRepository), get(TOKENS.MembershipRepository),
    get(TOKENS.PasswordHasher), get(TOKENS.OpenSession), get(TOKENS.UnitOfWork), get(TOKENS.IdGenerator), get(TOKENS.Clock), get(TOKENS.LoginAttemptLog)));
  factory(TOKENS.LogIn, () => new LogIn(get(TOKENS.ProfessionalRepository), get(TOKENS.PasswordHasher), get(TOKENS.LoginAttemptLog),
    get(TOKENS.OpenSession), get(TOKENS.Clock)));
  factory(TOKENS.LogInWithGoogle, () => new LogInWithGoogle(get(TOKENS.GoogleIdTokenVerifier), get(TOKENS.ProfessionalRepository),
    get(TOKENS.OrganizationRepository), get(TOKENS.MembershipRepository), get(TOKENS.OpenSession), get(TOKENS.UnitOfWork), get(TOKENS.IdGenerator), get(TOKENS.Clock)));
  factory(TOKENS.LogOut, () => new LogOut(get(TOKENS.SessionRepository), get(TOKENS.Clock)));
  factory(TOKENS.ChangePassword, () => new ChangePassword(get(TOKENS.ProfessionalRepository), get(TOKENS.SessionRepository),
    get(TOKENS.PasswordHasher), get(TOKENS.UnitOfWork), get(TOKENS.Clock), get(TOKENS.LoginAttemptLog)));
  factory(TOKENS.ManageProfile, () => new ManageProfile(get(TOKENS.ProfessionalRepository), get(TOKENS.OrganizationRepository), get(TOKENS.MembershipRepository), get(TOKENS.Clock)));
  const teamStores = () => ({
    memberships: get<MembershipRepository>(TOKENS.MembershipRepository), invitations: get<InvitationRepository>(TOKENS.InvitationRepository),
    professionals: get<ProfessionalRepository>(TOKENS.ProfessionalRepository), organizations: get<OrganizationRepository>(TOKENS.OrganizationRepository),
    sessions: get<SessionRepository>(TOKENS.SessionRepository),
  });
  factory(TOKENS.ManageTeam, () => new ManageTeam(teamStores(), sha256SecretHasher, get(TOKENS.MailSender),
    (token) => `${config.publicUrl ?? ''}/convite#token=${token}`, get(TOKENS.UnitOfWork), get(TOKENS.IdGenerator), get(TOKENS.Clock)));
  factory(TOKENS.AcceptInvitation, () => new AcceptInvitation(teamStores(), get(TOKENS.PasswordHasher), sha256SecretHasher, get(TOKENS.OpenSession),
    get(TOKENS.UnitOfWork), get(TOKENS.IdGenerator), get(TOKENS.Clock), get(TOKENS.LoginAttemptLog)));
  factory(TOKENS.SwitchOrganization, () => new SwitchOrganization(get(TOKENS.SessionRepository), get(TOKENS.MembershipRepository), get(TOKENS.ProfessionalRepository), get(TOKENS.Clock)));
  factory(TOKENS.SubmitPublicRequest, () => new SubmitPublicRequest(get(TOKENS.PublicRequestLog), get(TOKENS.IdGenerator), get(TOKENS.Clock), get(TOKENS.LoginAttemptLog), sha256SecretHasher));
  constant(TOKENS.PasswordResetTokenRepository, new MikroOrmPasswordResetTokenRepository(em));
  constant<MailSender | null>(TOKENS.MailSender, config.smtpUrl ? new NodemailerMailSender(config.smtpUrl, config.smtpFrom, logger) : null);
  factory(TOKENS.RequestPasswordReset, () => new RequestPasswordReset(get(TOKENS.ProfessionalRepository), get(TOKENS.PasswordResetTokenRepository),
    sha256SecretHasher, get(TOKENS.MailSender), (token) => `${config.publicUrl ?? ''}/reset-password#token=${token}`, get(TOKENS.IdGenerator), get(TOKENS.Clock)));
  factory(TOKENS.ResetPassword, () => new ResetPassword(get(TOKENS.ProfessionalRepository), get(TOKENS.SessionRepository),
    get(TOKENS.PasswordResetTokenRepository), get(TOKENS.PasswordHasher), sha256SecretHasher, get(TOKENS.UnitOfWork), get(TOKENS.Clock)));
  constant(TOKENS.PatientRepository, new MikroOrmPatientRepository(em));
  constant(TOKENS.CompanyRepository, new MikroOrmCompanyRepository(em));
  constant(TOKENS.ExamRepository, new MikroOrmExamRepository(em));
  constant(TOKENS.ExamFileRepository, new MikroOrmExamFileRepository(em));
  constant(TOKENS.DashboardQueries, new MikroOrmDashboardQueries(em));
  factory(TOKENS.ManagePatients, () => new ManagePatients(get(TOKENS.PatientRepository), get(TOKENS.CompanyRepository), get(TOKENS.UnitOfWork),
    get(TOKENS.IdGenerator), get(TOKENS.Clock), get(TOKENS.ProfessionalRepository)));
  factory(TOKENS.RecordExam, () => new RecordExam(get(TOKENS.PatientRepository), get(TOKENS.ManagePatients), get(TOKENS.ExamRepository),
    get(TOKENS.UnitOfWork), get(TOKENS.IdGenerator), get(TOKENS.Clock), get(TOKENS.ProfessionalRepository)));
  factory(TOKENS.QueryExams, () => new QueryExams(get(TOKENS.ExamRepository), get(TOKENS.PatientRepository), get(TOKENS.ExamFileRepository),
    get(TOKENS.DashboardQueries), get(TOKENS.Clock)));
  factory(TOKENS.UpdateExamAudiogram, () => new UpdateExamAudiogram(get(TOKENS.ExamRepository), get(TOKENS.PatientRepository), get(TOKENS.ReportRepository), get(TOKENS.UnitOfWork), get(TOKENS.Clock), get(TOKENS.ProfessionalRepository)));
  factory(TOKENS.ReclassifyStaleExams, () => new ReclassifyStaleExams(get(TOKENS.ExamRepository), get(TOKENS.PatientRepository), get(TOKENS.UnitOfWork)));
  factory(TOKENS.DesignateReferenceExam, () => new DesignateReferenceExam(get(TOKENS.ExamRepository), get(TOKENS.PatientRepository), get(TOKENS.ProfessionalRepository), get(TOKENS.ReportRepository), get(TOKENS.UnitOfWork), get(TOKENS.Clock)));
  constant(TOKENS.ExamDeletionLog, new MikroOrmExamDeletionLog(em));
  factory(TOKENS.UpdateExamDetails, () => new UpdateExamDetails(get(TOKENS.ExamRepository), get(TOKENS.PatientRepository), get(TOKENS.ReportRepository),
    get(TOKENS.UnitOfWork), get(TOKENS.Clock), get(TOKENS.ProfessionalRepository)));
  factory(TOKENS.DeleteExam, () => new DeleteExam({
    exams: get(TOKENS.ExamRepository), patients: get(TOKENS.PatientRepository), files: get(TOKENS.ExamFileRepository), reports: get(TOKENS.ReportRepository),
    deletions: get(TOKENS.ExamDeletionLog), professionals: get(TOKENS.ProfessionalRepository),
  }, get(TOKENS.UnitOfWork), get(TOKENS.IdGenerator), get(TOKENS.Clock)));
  // encrypted files under the data directory, or the S3-compatible bucket of LIMIAR_S3_URL (ADR 0022)
  constant<FileStorage>(TOKENS.FileStorage, fileStorageFor(config));
  constant<ExamFileStore>(TOKENS.ExamFileStore, new MikroOrmExamFileStore(em));
  constant<AudiogramReadingQueue>(TOKENS.ReadingQueue, services.readingQueue ?? disabledReadingQueue);
  constant(TOKENS.FastAudiogramReaders, new ReadAudiogram([
    new PdfTextAudiogramReader(),
    ...(config.chartReader ? [new ChartImageAudiogramReader(readChartImage), new ScannedPdfAudiogramReader({ readImage: readChartImage })] : []),
  ]));
  constant(TOKENS.SlowAudiogramReaders, new ReadAudiogram(config.ollamaHost
    ? [new OllamaAudiogramReader({ host: config.ollamaHost, model: config.ollamaVisionModel, timeoutMs: config.ollamaTimeoutMs })] : []));
  constant(TOKENS.ExamReadingRepository, new MikroOrmExamReadingRepository(em));
  factory(TOKENS.UploadExamFile, () => new UploadExamFile(get(TOKENS.ExamRepository), get(TOKENS.PatientRepository), get(TOKENS.ExamFileStore),
    get(TOKENS.FileStorage), get(TOKENS.FastAudiogramReaders), get(TOKENS.ReadingQueue), get(TOKENS.UnitOfWork), get(TOKENS.IdGenerator), get(TOKENS.Clock),
    get(TOKENS.ExamReadingRepository), get(TOKENS.ReportRepository), get(TOKENS.ProfessionalRepository)));
  factory(TOKENS.Worklist, () => new QueryWorklist(new MikroOrmWorklistQueries(em)));
  factory(TOKENS.ReviewExamReading, () => new ReviewExamReading(get(TOKENS.ExamReadingRepository), get(TOKENS.ExamRepository), get(TOKENS.PatientRepository), get(TOKENS.ReportRepository),
    get(TOKENS.UnitOfWork), get(TOKENS.Clock), get(TOKENS.ProfessionalRepository)));
  factory(TOKENS.EmbedTokens, () => new EmbedTokens(new MikroOrmEmbedTokenRepository(em), new MikroOrmEmbedAccessLog(em), get(TOKENS.PatientRepository),
    get(TOKENS.ExamRepository), get(TOKENS.CompanyRepository), sha256SecretHasher, get(TOKENS.IdGenerator), get(TOKENS.Clock)));
  constant(TOKENS.ReportRepository, new MikroOrmReportRepository(em));
  // a finalised laudo prints {publicUrl}/verificar/{code} and its QR code (issue 20)
  // laudo renders run niced (LIMIAR_PDF_NICE, ADR 0030): under load they yield the cores to interactive requests
  constant(TOKENS.ReportRenderer, services.reportRenderer ?? new PuppeteerReportRenderer({ publicUrl: config.publicUrl ?? `http://localhost:${config.port}`, niceness: config.pdfNice }));
  constant(TOKENS.WriteNarrative, new WriteNarrative(new HandlebarsReportWriter(),
    config.ollamaHost ? new OllamaReportWriter({ host: config.ollamaHost, model: config.ollamaTextModel, timeoutMs: config.ollamaTimeoutMs }) : null));
  factory(TOKENS.ManageReports, () => new ManageReports({
    reports: get(TOKENS.ReportRepository), exams: get(TOKENS.ExamRepository), patients: get(TOKENS.PatientRepository),
    professionals: get(TOKENS.ProfessionalRepository), narrative: get(TOKENS.WriteNarrative), renderer: get(TOKENS.ReportRenderer), uow: get(TOKENS.UnitOfWork),
    storage: get(TOKENS.FileStorage), ids: get(TOKENS.IdGenerator), clock: get(TOKENS.Clock), clinic: get(TOKENS.ManageOrganization),
    // issue 20: finalising PAdES-signs the PDF with the finalising professional's A1 certificate, when one was uploaded
    signing: {
      credentialFor: (organizationId, userId, now) => get<ManageSigningCertificate>(TOKENS.ManageSigningCertificate).credentialFor(organizationId, userId, now),
      sign: (pdf, credential, meta) => get<PdfSigner>(TOKENS.PdfSigner).sign(pdf, credential, meta),
    },
  }));
  factory(TOKENS.ManageOrganization, () => new ManageOrganization({ organizations: get(TOKENS.OrganizationRepository), storage: get(TOKENS.FileStorage) }));
  // signing (issue 20): the A1 certificates (pfx + password kept in the encrypted file storage) and the PAdES signer
  constant<SigningCertificateRepository>(TOKENS.SigningCertificateRepository, new MikroOrmSigningCertificateRepository(em));
  constant<CertificateReader>(TOKENS.CertificateReader, new ForgeCertificateReader());
  constant<PdfSigner>(TOKENS.PdfSigner, new PadesPdfSigner());
  factory(TOKENS.ManageSigningCertificate, () => new ManageSigningCertificate({ certificates: get(TOKENS.SigningCertificateRepository), reader: get(TOKENS.CertificateReader),
    storage: get(TOKENS.FileStorage), ids: get(TOKENS.IdGenerator), clock: get(TOKENS.Clock) }));
  constant(TOKENS.ExportRecords, new ExportRecords(new PgExamExportSource(
    lazyExportPool(db.url, (error) => logger.warn({ err: error }, 'conexão ociosa da exportação CSV encerrada pelo banco')))));
  // companies, sectors, GHEs and employment (issue 19)
  constant(TOKENS.CompanyRecords, new MikroOrmCompanyRecords(em));
  const programmeStores = () => ({
    companies: get<MikroOrmCompanyRecords>(TOKENS.CompanyRecords), sectors: new MikroOrmSectorRepository(em), ghes: new MikroOrmGheRepository(em), employments: new MikroOrmEmploymentRepository(em),
  });
  factory(TOKENS.ManageCompanies, () => new ManageCompanies(programmeStores(), get(TOKENS.IdGenerator), get(TOKENS.Clock)));
  factory(TOKENS.ManageEmployment, () => new ManageEmployment({ ...programmeStores(), patients: get(TOKENS.PatientRepository) }, get(TOKENS.UnitOfWork), get(TOKENS.IdGenerator), get(TOKENS.Clock)));
  factory(TOKENS.QueryWorkerSchedule, () => new QueryWorkerSchedule({ ...programmeStores(), patients: get(TOKENS.PatientRepository), exams: get(TOKENS.ExamRepository) }, get(TOKENS.Clock)));
  factory(TOKENS.AnnualReport, () => {
    const source = new SqlProgrammeOutcomes(mikroOrmSqlRows(em));
    const laudos = get<ReportRenderer>(TOKENS.ReportRenderer);
    // one Chromium for laudos and reports; a test's stand-in renderer has no renderHtml
    const chromium = laudos instanceof PuppeteerReportRenderer ? laudos : new PuppeteerReportRenderer();
    return new AnnualReport({ outcomes: source, companies: source, clinic: get(TOKENS.ManageOrganization), professionals: get(TOKENS.ProfessionalRepository),
      clock: get(TOKENS.Clock), renderer: new PuppeteerAnnualReportRenderer(chromium) });
  });
  factory(TOKENS.QueryProgramme, () => new QueryProgramme(new MikroOrmProgrammeQueries(em), new MikroOrmProgrammeProjection(em), get(TOKENS.Clock)));
  factory(TOKENS.RefreshProgramme, () => new RefreshProgramme(new MikroOrmProgrammeProjection(em), get(TOKENS.Clock)));
  bindAuditTrail(c, config, db, logger); // the audit trail (issue 20, ADR 0020)
  return c;
}

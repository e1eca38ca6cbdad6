import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { buildExamEvolution } from '../../analysis/exam-evolution';
import { toWireAudiogram, type WireAudiogram } from '../../exams/audiogram-wire';
import { toAudiometricExam } from '../../exams/exam';
import {
  EmbedOriginRefusedError, EmbedTokenNotFoundError, EmbedUnauthorizedError, initialsOf, InvalidEmbedTokenError, normaliseOrigin,
  type EmbedScope, type EmbedToken,
} from '../../embed/embed-token';
import { PatientNotFoundError } from '../../patients/patient-errors';
import type { Clock } from '../../ports/clock';
import type { EmbedAccessLog, EmbedTokenRepository, SecretHasher } from '../../ports/embed-ports';
import type { IdGenerator } from '../../ports/id-generator';
import type { CompanyRepository, ExamRepository, PatientRepository } from '../../ports/patient-ports';
import { fixedError } from '../../shared/domain-error';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

export const EMBED_TOKEN_PREFIX = 'lmr_emb_';

/** The company of a company-scoped token is not one of the organisation's. */
export class EmbedCompanyNotFoundError extends fixedError('EMBED.COMPANY_NOT_FOUND', 'Empresa não encontrada') {}

/** The widget asked for a worker outside the token's scope (or none): the same answer either way. */
export class EmbedPatientNotFoundError extends fixedError('EMBED.PATIENT_NOT_FOUND', 'Trabalhador não encontrado para este token') {}

export interface CreateEmbedTokenInput {
  name: string;
  scope: 'company' | 'patient';
  companyId?: string | null;
  patientId?: string | null;
  allowedOrigins: string[];
  expiresAt?: string | null;
  initialsOnly?: boolean;
}

/** What the widget shows, and nothing more (issue 9). */
export interface EmbeddedEvolution {
  worker: { displayName: string; sex: string };
  timeline: Array<{ date: string; ptaRight: number | null; ptaLeft: number | null }>;
  status: { hasWorsening: boolean; alerts: string[]; lastClassification: { right: unknown; left: unknown } | null; referenceDate: string | null };
  latestAudiogram: { date: string; audiogram: WireAudiogram } | null;
  rulesVersion: string;
}

/** Embed tokens: created by a professional in settings, used only by the evolution widget. */
export class EmbedTokens {
  constructor(
    private readonly tokens: EmbedTokenRepository,
    private readonly access: EmbedAccessLog,
    private readonly patients: PatientRepository,
    private readonly exams: ExamRepository,
    private readonly companies: CompanyRepository,
    private readonly secrets: SecretHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async create(auth: AuthContext, input: CreateEmbedTokenInput): Promise<Result<{ token: EmbedToken; plaintext: string }, InvalidEmbedTokenError | PatientNotFoundError | EmbedCompanyNotFoundError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    const issues: Array<{ path: string; message: string }> = [];
    if (!input.name?.trim()) issues.push({ path: 'name', message: 'Dê um nome ao token' });
    const origins = input.allowedOrigins.map((o) => [o, normaliseOrigin(o)] as const);
    origins.filter(([, n]) => !n).forEach(([o]) => issues.push({ path: 'allowedOrigins', message: `Origem inválida: ${o} (use https://dominio[:porta])` }));
    if (!origins.length) issues.push({ path: 'allowedOrigins', message: 'Informe pelo menos uma origem autorizada' });
    let expiresAt: Date | null = null;
    if (input.expiresAt) {
      expiresAt = new Date(input.expiresAt);
      if (Number.isNaN(expiresAt.getTime()) || expiresAt <= this.clock.now()) issues.push({ path: 'expiresAt', message: 'A validade deve ser uma data futura' });
    }
    let scope: EmbedScope | undefined;
    if (input.scope === 'patient' && input.patientId) {
      const patient = await this.patients.findById(auth.organizationId, input.patientId);
      if (!patient || patient.archivedAt) return err(new PatientNotFoundError());
      scope = { kind: 'patient', patientId: input.patientId };
    } else if (input.scope === 'company' && input.companyId) {
      // another organisation's company answers as an unknown one (issue 15): no token, no hint it exists
      if (!(await this.companies.findById(auth.organizationId, input.companyId))) return err(new EmbedCompanyNotFoundError());
      scope = { kind: 'company', companyId: input.companyId };
    } else issues.push({ path: 'scope', message: 'Escolha uma empresa ou um trabalhador' });
    if (issues.length) return err(new InvalidEmbedTokenError(issues[0].message, issues));
    const secret = this.secrets.newSecret();
    const token: EmbedToken = {
      id: this.ids.next(), organizationId: auth.organizationId, name: input.name.trim(), scope: scope!, allowedOrigins: [...new Set(origins.map(([, n]) => n!))],
      expiresAt, revokedAt: null, initialsOnly: Boolean(input.initialsOnly), secretHash: this.secrets.hash(secret), createdBy: auth.userId, createdAt: this.clock.now(),
    };
    await this.tokens.insert(token);
    return ok({ token, plaintext: `${EMBED_TOKEN_PREFIX}${token.id}.${secret}` });
  }

  async list(auth: AuthContext): Promise<Result<EmbedToken[], ForbiddenError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    return ok(await this.tokens.listForOrganization(auth.organizationId));
  }

  async revoke(auth: AuthContext, id: string): Promise<Result<void, EmbedTokenNotFoundError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    return (await this.tokens.revoke(auth.organizationId, id, this.clock.now())) ? ok(undefined) : err(new EmbedTokenNotFoundError());
  }

  /** Checks the token (and the calling origin, when the browser sent one); never a session token. */
  async authenticate(raw: string | undefined, origin: string | null): Promise<Result<EmbedToken, EmbedUnauthorizedError | EmbedOriginRefusedError>> {
    const m = raw ? /^lmr_emb_([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,})$/.exec(raw) : null;
    const token = m ? await this.tokens.findById(m[1]) : undefined;
    if (!m || !token || !this.secrets.matches(m[2], token.secretHash)) return err(new EmbedUnauthorizedError('Token de integração inválido'));
    if (token.revokedAt) return err(new EmbedUnauthorizedError('Token de integração revogado'));
    if (token.expiresAt && token.expiresAt <= this.clock.now()) return err(new EmbedUnauthorizedError('Token de integração expirado'));
    if (origin && !token.allowedOrigins.includes(normaliseOrigin(origin) ?? '')) return err(new EmbedOriginRefusedError());
    return ok(token);
  }

  /** The widget's data for one worker inside the token's scope (else "not found"), audited. */
  async evolution(token: EmbedToken, patientId: string, meta: { origin: string | null; ip: string | null }): Promise<Result<EmbeddedEvolution, EmbedPatientNotFoundError>> {
    const patient = await this.patients.findById(token.organizationId, patientId);
    // an archived worker (issue 14) is out of every scope: hidden as from the app's lists
    const inScope = patient && !patient.archivedAt && (token.scope.kind === 'patient' ? token.scope.patientId === patient.id : token.scope.companyId === patient.companyId);
    await this.access.record({ tokenId: token.id, organizationId: token.organizationId, patientId: inScope ? patientId : null, origin: meta.origin, ip: meta.ip, outcome: inScope ? 'ok' : 'fora_do_escopo', at: this.clock.now() });
    if (!patient || !inScope) return err(new EmbedPatientNotFoundError());
    const exams = await this.exams.listForPatient(token.organizationId, patient.id);
    const evolution = buildExamEvolution(exams.map((e) => toAudiometricExam(e)));
    const last = exams[exams.length - 1];
    return ok({
      worker: { displayName: token.initialsOnly ? initialsOf(patient.name) : patient.name, sex: patient.sex },
      timeline: evolution.exams.map((e) => ({ date: e.date, ptaRight: e.ptaRightEar, ptaLeft: e.ptaLeftEar })),
      status: {
        hasWorsening: evolution.hasWorseningPortaria19, alerts: [...evolution.alerts],
        lastClassification: last ? { right: last.classification.classification_right ?? null, left: last.classification.classification_left ?? null } : null,
        referenceDate: (last?.classification.reference_date as string | undefined) ?? null,
      },
      latestAudiogram: last ? { date: last.date, audiogram: toWireAudiogram(last.right, last.left) } : null,
      rulesVersion: evolution.rulesVersion,
    });
  }

  /** Records a refused call (bad token, origin) for the audit trail. */
  recordRefusal(meta: { origin: string | null; ip: string | null; patientId: string | null }, reason: string) {
    return this.access.record({ tokenId: null, organizationId: null, patientId: meta.patientId, origin: meta.origin, ip: meta.ip, outcome: `recusado: ${reason}`, at: this.clock.now() });
  }
}

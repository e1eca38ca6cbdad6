import { AccountValidationError, InvalidCredentialsError, LoginRateLimitedError } from '../../accounts/account-errors';
import { validateInvitedRegistration, type RegistrationInput } from '../../accounts/account-rules';
import {
  InvitationInvalidError, MembershipInactiveError, NoActiveOrganizationError, type Invitation,
} from '../../accounts/membership';
import { DEFAULT_NOTIFICATION_PREFERENCES, type Professional } from '../../accounts/professional';
import { requiredTypeFor, validateRoles, type ProfessionalRole, type Role } from '../../accounts/permissions';
import type { LoginAttemptLog, MembershipRepository, OrganizationRepository, PasswordHasher, ProfessionalRepository, SessionRepository, InvitationRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { SecretHasher } from '../../ports/embed-ports';
import type { IdGenerator } from '../../ports/id-generator';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import { inTransaction } from '../../shared/in-transaction';
import { ATTEMPT_LIMITS, AttemptLimiter } from './attempt-limiter';
import type { OpenedSession, OpenSession } from './open-session';
import type { AuthContext, RequestOrigin } from './session-policy';
import { UserNotFoundError } from '../../accounts/account-errors';
import { fixedError } from '../../shared/domain-error';

export interface InvitationPreview {
  organizationName: string;
  email: string;
  roles: Role[];
  expiresAt: Date;
  invitedByName: string;
  /** An account with the invited e-mail exists: accepting asks for its password (or uses its open session). */
  accountExists: boolean;
  /** The professional type the roles require (médico → Medico, fonoaudiólogo → Fonoaudiologo); null = any or none. */
  requiredType: 'Medico' | 'Fonoaudiologo' | null;
}

/** Accepting: a new account (the register form's fields), the existing account's password, or its open session. */
export type AcceptInput =
  | ({ mode: 'new' } & Omit<RegistrationInput, 'email'>)
  | { mode: 'existing'; password: string };

export type AcceptError = InvitationInvalidError | AccountValidationError | InvalidCredentialsError | LoginRateLimitedError | NoActiveOrganizationError;

export interface AcceptStores {
  invitations: InvitationRepository;
  memberships: MembershipRepository;
  professionals: ProfessionalRepository;
  organizations: OrganizationRepository;
}

/**
 * The invitation link (issue 18): single use, 7 days. It creates the account with the invited e-mail
 * or attaches the existing login (by its password or its open session), makes it a member with the
 * invited roles, and opens a session in that organisation.
 */
export class AcceptInvitation {
  private readonly limiter: AttemptLimiter;

  constructor(
    private readonly s: AcceptStores,
    private readonly hasher: PasswordHasher,
    private readonly secrets: SecretHasher,
    private readonly openSession: OpenSession,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    attempts: LoginAttemptLog,
  ) {
    this.limiter = new AttemptLimiter(attempts, clock);
  }

  async check(token: string): Promise<Result<InvitationPreview, InvitationInvalidError>> {
    const invitation = await this.pending(token);
    if (!invitation) return err(new InvitationInvalidError());
    const [organization, inviter, account] = await Promise.all([
      this.s.organizations.findById(invitation.organizationId),
      this.s.professionals.findById(invitation.invitedBy),
      this.s.professionals.findByEmail(invitation.email),
    ]);
    const professional = invitation.roles.find((r): r is ProfessionalRole => r !== 'administrador');
    const required = professional ? requiredTypeFor(professional) : undefined;
    return ok({
      organizationName: organization?.name ?? '', email: invitation.email, roles: invitation.roles, expiresAt: invitation.expiresAt,
      invitedByName: inviter?.name ?? 'Profissional', accountExists: Boolean(account), requiredType: (required as InvitationPreview['requiredType']) ?? null,
    });
  }

  async accept(token: string, input: AcceptInput, origin: RequestOrigin, current?: AuthContext): Promise<Result<OpenedSession, AcceptError>> {
    const invitation = await this.pending(token);
    if (!invitation) return err(new InvitationInvalidError());
    const existing = await this.s.professionals.findByEmail(invitation.email);
    let professional: Professional;
    let created = false;
    if (existing) {
      const attached = await this.attach(existing, input, origin, current);
      if (!attached.ok) return attached;
      professional = existing;
    } else {
      if (input.mode !== 'new') return err(new InvitationInvalidError());
      const roles = invitation.roles.filter((r): r is ProfessionalRole => r !== 'administrador');
      const typeRequired = roles.some((r) => requiredTypeFor(r) !== undefined);
      const valid = validateInvitedRegistration({ ...input, email: invitation.email }, typeRequired);
      if (!valid.ok) return valid;
      const now = this.clock.now();
      professional = {
        id: this.ids.next(), organizationId: invitation.organizationId, organizationName: '', name: valid.value.name, email: invitation.email,
        passwordHash: await this.hasher.hash(valid.value.password), googleSubject: null, professionalType: valid.value.professionalType,
        ...valid.value.registry, specialization: null, phoneNumber: null, notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
        createdAt: now, updatedAt: now,
      };
      created = true;
    }
    const roles = validateRoles(invitation.roles, professional.professionalType);
    if (!roles.ok) return err(new AccountValidationError(roles.error, created ? 'professionalType' : 'roles'));
    return inTransaction(this.uow, async (): Promise<Result<OpenedSession, AcceptError>> => {
      const now = this.clock.now();
      if (created && (await this.s.professionals.insert(professional)) === 'duplicate-email') return err(new InvitationInvalidError());
      if (!(await this.s.invitations.accept(invitation.id, professional.id, now))) return err(new InvitationInvalidError());
      const member = await this.s.memberships.findFor(invitation.organizationId, professional.id);
      if (member) {
        await this.s.memberships.update({ ...member, roles: roles.value, status: 'ativo', deactivatedAt: null });
      } else {
        await this.s.memberships.insert({
          id: this.ids.next(), organizationId: invitation.organizationId, userId: professional.id, roles: roles.value, status: 'ativo',
          createdAt: now, invitedBy: invitation.invitedBy, deactivatedAt: null, lastAccessAt: null,
        });
      }
      return this.openSession.execute(professional, false, origin, invitation.organizationId);
    });
  }

  /** An existing login proves itself by its open session (same account) or its password (login limits apply). */
  private async attach(account: Professional, input: AcceptInput, origin: RequestOrigin, current?: AuthContext): Promise<Result<void, InvalidCredentialsError | LoginRateLimitedError>> {
    if (current && current.userId === account.id) return ok(undefined);
    if (input.mode !== 'existing' || !input.password) return err(new InvalidCredentialsError());
    const ip = origin.ip ?? 'desconhecido';
    const attempt = await this.limiter.take(ATTEMPT_LIMITS.login, account.email, ip);
    if (attempt.retryAfter) return err(new LoginRateLimitedError(attempt.retryAfter));
    if (!account.passwordHash || !(await this.hasher.verify(account.passwordHash, input.password))) return err(new InvalidCredentialsError());
    await this.limiter.clear(ATTEMPT_LIMITS.login, account.email, ip);
    return ok(undefined);
  }

  private async pending(token: string): Promise<Invitation | undefined> {
    if (!token || token.length > 200) return undefined;
    const invitation = await this.s.invitations.findByHash(this.secrets.hash(token));
    const now = this.clock.now();
    return invitation && !invitation.acceptedAt && !invitation.revokedAt && invitation.expiresAt > now ? invitation : undefined;
  }
}

export class OrganizationNotAvailableError extends fixedError('ORGANIZATION.NOT_FOUND', 'Organização não encontrada') {}

/**
 * The organisation switcher (issue 18): the session moves to another organisation of the same login;
 * the next login starts there. Not a member there → 404, as any record of another tenant.
 */
export class SwitchOrganization {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly memberships: MembershipRepository,
    private readonly professionals: ProfessionalRepository,
    private readonly clock: Clock,
  ) {}

  async execute(auth: AuthContext, organizationId: string): Promise<Result<AuthContext, OrganizationNotAvailableError | MembershipInactiveError | UserNotFoundError>> {
    const member = await this.memberships.findFor(organizationId, auth.userId);
    if (!member) return err(new OrganizationNotAvailableError());
    if (member.status !== 'ativo') return err(new MembershipInactiveError());
    const me = await this.professionals.findById(auth.userId);
    if (!me) return err(new UserNotFoundError());
    await this.sessions.switchOrganization(auth.sessionId, organizationId);
    if (me.organizationId !== organizationId) await this.professionals.update({ ...me, organizationId, updatedAt: this.clock.now() });
    await this.memberships.touch(member.id, this.clock.now());
    return ok({ ...auth, organizationId, memberId: member.id, roles: member.roles });
  }
}

import { EmailAlreadyRegisteredError, TooManyAttemptsError, type AccountValidationError } from '../../accounts/account-errors';
import { validateRegistration, type RegistrationInput } from '../../accounts/account-rules';
import { DEFAULT_NOTIFICATION_PREFERENCES, type Professional } from '../../accounts/professional';
import { founderMembership, type NoActiveOrganizationError } from '../../accounts/membership';
import { founderRoles } from '../../accounts/permissions';
import type { LoginAttemptLog, MembershipRepository, OrganizationRepository, PasswordHasher, ProfessionalRepository } from '../../ports/account-ports';
import { ATTEMPT_LIMITS, AttemptLimiter } from './attempt-limiter';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, type Result } from '../../shared/result';
import type { OpenedSession, OpenSession } from './open-session';
import type { RequestOrigin } from './session-policy';

export type RegisterProfessionalError = AccountValidationError | EmailAlreadyRegisteredError | TooManyAttemptsError | NoActiveOrganizationError;

/**
 * Registration (spec §3, §5; product decision 2): validates in the spec's order, creates the
 * professional's organisation and the professional in one transaction, and opens a session.
 * Every valid attempt counts against ATTEMPT_LIMITS.register (per e-mail and per address): the
 * "already registered" answer stays (ADR 0014) but can be probed only a few times per hour.
 */
export class RegisterProfessional {
  private readonly limiter: AttemptLimiter;

  constructor(
    private readonly professionals: ProfessionalRepository,
    private readonly organizations: OrganizationRepository,
    private readonly memberships: MembershipRepository,
    private readonly hasher: PasswordHasher,
    private readonly openSession: OpenSession,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    attempts: LoginAttemptLog,
  ) {
    this.limiter = new AttemptLimiter(attempts, clock);
  }

  async execute(input: RegistrationInput, origin: RequestOrigin): Promise<Result<OpenedSession, RegisterProfessionalError>> {
    const valid = validateRegistration(input);
    if (!valid.ok) return valid;
    const v = valid.value;
    const ip = origin.ip ?? 'desconhecido';
    // every registration attempt counts (taken and kept)
    const attempt = await this.limiter.take(ATTEMPT_LIMITS.register, v.email, ip);
    if (attempt.retryAfter) return err(new TooManyAttemptsError(attempt.retryAfter));
    if (await this.professionals.findByEmail(v.email)) return err(new EmailAlreadyRegisteredError());
    const passwordHash = await this.hasher.hash(v.password);
    const now = this.clock.now();
    const organization = { id: this.ids.next(), name: `Clínica de ${v.name}`, createdAt: now };
    const professional: Professional = {
      id: this.ids.next(), organizationId: organization.id, organizationName: organization.name,
      name: v.name, email: v.email, passwordHash, googleSubject: null, professionalType: v.professionalType,
      ...v.registry, specialization: null, phoneNumber: null,
      notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES }, createdAt: now, updatedAt: now,
    };
    const opened = await this.uow.run(async () => {
      await this.organizations.insert(organization);
      if ((await this.professionals.insert(professional)) === 'duplicate-email') return undefined;
      await this.memberships.insert(founderMembership(this.ids.next(), organization.id, professional.id, founderRoles(professional.professionalType), now));
      return this.openSession.execute(professional, false, origin);
    });
    return opened ?? err(new EmailAlreadyRegisteredError());
  }
}

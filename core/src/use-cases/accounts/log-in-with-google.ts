import { GoogleSignInUnavailableError, GoogleTokenRejectedError } from '../../accounts/account-errors';
import { DEFAULT_NOTIFICATION_PREFERENCES, registryForType, type Professional } from '../../accounts/professional';
import { founderMembership, type NoActiveOrganizationError } from '../../accounts/membership';
import { founderRoles } from '../../accounts/permissions';
import type { GoogleIdTokenVerifier, MembershipRepository, OrganizationRepository, ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, type Result } from '../../shared/result';
import type { OpenedSession, OpenSession } from './open-session';
import type { RequestOrigin } from './session-policy';

/**
 * Google sign-in: the ID token is verified by the adapter (signature, issuer, audience, expiry).
 * A known e-mail signs in (and is linked to the Google subject); an unknown verified e-mail gets a
 * new account and organisation with no professional type yet (the profile asks for it).
 */
export class LogInWithGoogle {
  constructor(
    private readonly verifier: GoogleIdTokenVerifier,
    private readonly professionals: ProfessionalRepository,
    private readonly organizations: OrganizationRepository,
    private readonly memberships: MembershipRepository,
    private readonly openSession: OpenSession,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(credential: string, rememberMe: boolean, origin: RequestOrigin): Promise<Result<OpenedSession, GoogleSignInUnavailableError | GoogleTokenRejectedError | NoActiveOrganizationError>> {
    if (!this.verifier.clientId) return err(new GoogleSignInUnavailableError());
    const verified = await this.verifier.verify(credential);
    if (!verified.ok) return err(new GoogleTokenRejectedError(verified.reason));
    const identity = verified.identity;
    if (!identity.emailVerified) return err(new GoogleTokenRejectedError('email not verified'));
    const email = identity.email.trim().toLowerCase();
    const known = (await this.professionals.findByGoogleSubject(identity.subject)) ?? (await this.professionals.findByEmail(email));
    if (known) {
      const linked = known.googleSubject ? known : { ...known, googleSubject: identity.subject, updatedAt: this.clock.now() };
      if (linked !== known) await this.professionals.update(linked);
      return this.openSession.execute(linked, rememberMe, origin);
    }
    const now = this.clock.now();
    const name = identity.name.trim() || email;
    const organization = { id: this.ids.next(), name: `Clínica de ${name}`, createdAt: now };
    const professional: Professional = {
      id: this.ids.next(), organizationId: organization.id, organizationName: organization.name, name, email,
      passwordHash: null, googleSubject: identity.subject, professionalType: null, ...registryForType(null, {}),
      specialization: null, phoneNumber: null, notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
      createdAt: now, updatedAt: now,
    };
    const opened = await this.uow.run(async () => {
      await this.organizations.insert(organization);
      await this.professionals.insert(professional);
      await this.memberships.insert(founderMembership(this.ids.next(), organization.id, professional.id, founderRoles(null), now));
      return this.openSession.execute(professional, rememberMe, origin);
    });
    return opened;
  }
}

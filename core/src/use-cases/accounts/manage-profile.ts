import { AccountValidationError, EmailAlreadyRegisteredError, UserNotFoundError } from '../../accounts/account-errors';
import { validateFonoProfileCompletion, validateProfileCompletion, validateProfileUpdate, type ProfileUpdateInput } from '../../accounts/account-rules';
import { registryForType, type NotificationPreferences, type Professional } from '../../accounts/professional';
import { ROLE_LABELS, requiredTypeFor, rolesAfterTypeChange, type ProfessionalRole } from '../../accounts/permissions';
import type { ProfessionalType } from '../../accounts/registries';
import type { MembershipRepository, OrganizationRepository, ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from './session-policy';
import type { MembershipSummary } from '../../accounts/membership';
import type { Role } from '../../accounts/permissions';

export interface MemberContext {
  memberId: string;
  roles: Role[];
  organizations: MembershipSummary[];
}

/**
 * The caller's own professional profile (spec §2 settings, §3, §5). Every method works on the
 * session's user only; another user's id answers "not found" (never "forbidden").
 */
export class ManageProfile {
  constructor(
    private readonly professionals: ProfessionalRepository,
    private readonly organizations: OrganizationRepository,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
  ) {}

  /** The profile, in the organisation the session carries (a login may belong to several, issue 18). */
  async get(auth: AuthContext): Promise<Result<Professional, UserNotFoundError>> {
    const me = await this.professionals.findById(auth.userId);
    if (!me) return err(new UserNotFoundError());
    if (me.organizationId === auth.organizationId) return ok(me);
    const organization = await this.organizations.findById(auth.organizationId);
    return organization ? ok({ ...me, organizationId: organization.id, organizationName: organization.name }) : err(new UserNotFoundError());
  }

  /** The caller's place in the session's organisation and every organisation of the login (the switcher). */
  async membership(auth: AuthContext): Promise<MemberContext> {
    return { memberId: auth.memberId, roles: [...auth.roles], organizations: await this.memberships.listActiveForUser(auth.userId) };
  }

  /**
   * A member cannot change their own professional type away from a role bound to it (a fonoaudiólogo who
   * declares a CRM would become médico, and gain the nexo causal): the administrator changes the role
   * first. Administrators may, since they may change their own roles anyway.
   */
  private async typeChangeRefusal(before: Professional, type: ProfessionalType | null): Promise<AccountValidationError | undefined> {
    if (before.professionalType === type) return undefined;
    for (const summary of await this.memberships.listActiveForUser(before.id)) {
      if (summary.roles.includes('administrador')) continue;
      const bound = summary.roles.find((r) => r !== 'administrador' && requiredTypeFor(r) !== undefined);
      if (bound && requiredTypeFor(bound as ProfessionalRole) !== type) {
        return new AccountValidationError(
          `Seu papel em ${summary.organizationName} é ${ROLE_LABELS[bound]}: peça ao administrador da equipe para alterá-lo antes de mudar o tipo profissional.`,
          'professionalType',
        );
      }
    }
    return undefined;
  }

  /** Keeps the member's roles consistent with a new professional type, in every organisation of the login. */
  private async followType(before: Professional, after: Professional) {
    if (before.professionalType === after.professionalType) return;
    for (const summary of await this.memberships.listActiveForUser(after.id)) {
      const member = await this.memberships.findById(summary.organizationId, summary.memberId);
      if (!member) continue;
      const roles = rolesAfterTypeChange(member.roles, after.professionalType);
      if (roles.join() !== member.roles.join()) await this.memberships.update({ ...member, roles });
    }
  }

  /** `email` may be left out (spec §7 body has none): the e-mail then stays as it is. */
  async update(auth: AuthContext, input: Omit<ProfileUpdateInput, 'email'> & { email?: string }): Promise<Result<Professional, AccountValidationError | EmailAlreadyRegisteredError | UserNotFoundError>> {
    const me = await this.get(auth);
    if (!me.ok) return me;
    const valid = validateProfileUpdate({ ...input, email: input.email ?? me.value.email });
    if (!valid.ok) return valid;
    const v = valid.value;
    const refused = await this.typeChangeRefusal(me.value, v.professionalType);
    if (refused) return err(refused);
    const next: Professional = {
      ...me.value, name: v.name, email: v.email, professionalType: v.professionalType, ...v.registry,
      specialization: v.specialization, phoneNumber: v.phoneNumber, updatedAt: this.clock.now(),
    };
    if ((await this.professionals.update(next)) === 'duplicate-email') return err(new EmailAlreadyRegisteredError());
    await this.followType(me.value, next);
    return ok(next);
  }

  /** The profile-completion modal: CRM, UF, specialization (and the optional registration id). */
  async complete(auth: AuthContext, targetUserId: string | undefined, input: { crm: string; crmState: string; specialization: string; crfa?: string; crfaRegion?: string }) {
    if (targetUserId && targetUserId !== auth.userId) return err(new UserNotFoundError());
    const me = await this.get(auth);
    if (!me.ok) return me;
    if (me.value.professionalType === 'Fonoaudiologo') {
      // a fonoaudiólogo completes with the CRFa and its region (issue 18), never a CRM
      const fono = validateFonoProfileCompletion({ crfa: input.crfa ?? me.value.crfa ?? '', crfaRegion: input.crfaRegion ?? me.value.crfaRegion ?? '', specialization: input.specialization });
      if (!fono.ok) return fono;
      const next: Professional = { ...me.value, ...registryForType('Fonoaudiologo', fono.value), specialization: fono.value.specialization, updatedAt: this.clock.now() };
      await this.professionals.update(next);
      return ok(next);
    }
    const valid = validateProfileCompletion(input);
    if (!valid.ok) return valid;
    // the modal is the physician's (spec §2: "Complete Your Medical Profile"): an untyped account becomes Medico
    const type = me.value.professionalType ?? 'Medico';
    const refused = await this.typeChangeRefusal(me.value, type);
    if (refused) return err(refused);
    const registry = type === 'Medico' ? registryForType('Medico', { crm: valid.value.crm, crmState: valid.value.crmState }) : registryForType(type, me.value);
    const next: Professional = { ...me.value, professionalType: type, ...registry, specialization: valid.value.specialization, updatedAt: this.clock.now() };
    await this.professionals.update(next);
    await this.followType(me.value, next);
    return ok(next);
  }

  async setNotificationPreferences(auth: AuthContext, prefs: NotificationPreferences): Promise<Result<NotificationPreferences, UserNotFoundError>> {
    const me = await this.get(auth);
    if (!me.ok) return me;
    await this.professionals.update({ ...me.value, notificationPreferences: { ...prefs }, updatedAt: this.clock.now() });
    return ok(prefs);
  }
}

import { EmailAlreadyRegisteredError, UserNotFoundError, type AccountValidationError } from '../../accounts/account-errors';
import { validateProfileCompletion, validateProfileUpdate, type ProfileUpdateInput } from '../../accounts/account-rules';
import { registryForType, type NotificationPreferences, type Professional } from '../../accounts/professional';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from './session-policy';

/**
 * The caller's own professional profile (spec §2 settings, §3, §5). Every method works on the
 * session's user only; another user's id answers "not found" (never "forbidden").
 */
export class ManageProfile {
  constructor(private readonly professionals: ProfessionalRepository, private readonly clock: Clock) {}

  async get(auth: AuthContext): Promise<Result<Professional, UserNotFoundError>> {
    const me = await this.professionals.findById(auth.userId);
    return me && me.organizationId === auth.organizationId ? ok(me) : err(new UserNotFoundError());
  }

  /** `email` may be left out (spec §7 body has none): the e-mail then stays as it is. */
  async update(auth: AuthContext, input: Omit<ProfileUpdateInput, 'email'> & { email?: string }): Promise<Result<Professional, AccountValidationError | EmailAlreadyRegisteredError | UserNotFoundError>> {
    const me = await this.get(auth);
    if (!me.ok) return me;
    const valid = validateProfileUpdate({ ...input, email: input.email ?? me.value.email });
    if (!valid.ok) return valid;
    const v = valid.value;
    const next: Professional = {
      ...me.value, name: v.name, email: v.email, professionalType: v.professionalType, ...v.registry,
      specialization: v.specialization, phoneNumber: v.phoneNumber, updatedAt: this.clock.now(),
    };
    if ((await this.professionals.update(next)) === 'duplicate-email') return err(new EmailAlreadyRegisteredError());
    return ok(next);
  }

  /** The profile-completion modal: CRM, UF, specialization (and the optional registration id). */
  async complete(auth: AuthContext, targetUserId: string | undefined, input: { crm: string; crmState: string; specialization: string }) {
    if (targetUserId && targetUserId !== auth.userId) return err(new UserNotFoundError());
    const me = await this.get(auth);
    if (!me.ok) return me;
    const valid = validateProfileCompletion(input);
    if (!valid.ok) return valid;
    // the modal is the physician's (spec §2: "Complete Your Medical Profile"): an untyped account becomes Medico
    const type = me.value.professionalType ?? 'Medico';
    const registry = type === 'Medico' ? registryForType('Medico', { crm: valid.value.crm, crmState: valid.value.crmState }) : registryForType(type, me.value);
    const next: Professional = { ...me.value, professionalType: type, ...registry, specialization: valid.value.specialization, updatedAt: this.clock.now() };
    await this.professionals.update(next);
    return ok(next);
  }

  async setNotificationPreferences(auth: AuthContext, prefs: NotificationPreferences): Promise<Result<NotificationPreferences, UserNotFoundError>> {
    const me = await this.get(auth);
    if (!me.ok) return me;
    await this.professionals.update({ ...me.value, notificationPreferences: { ...prefs }, updatedAt: this.clock.now() });
    return ok(prefs);
  }
}

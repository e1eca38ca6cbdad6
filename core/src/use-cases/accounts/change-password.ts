import { UserNotFoundError, WrongCurrentPasswordError, type AccountValidationError } from '../../accounts/account-errors';
import { validatePasswordChange } from '../../accounts/account-rules';
import type { PasswordHasher, ProfessionalRepository, SessionRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from './session-policy';

export type ChangePasswordError = AccountValidationError | WrongCurrentPasswordError | UserNotFoundError;

/**
 * Password change (spec §5): checks the current password, stores the new hash and ends every other
 * session of the user (the caller's stays open). Returns how many sessions were ended.
 */
export class ChangePassword {
  constructor(
    private readonly professionals: ProfessionalRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(auth: AuthContext, input: { currentPassword: string; newPassword: string; confirmNewPassword: string }): Promise<Result<{ endedSessions: number }, ChangePasswordError>> {
    const valid = validatePasswordChange(input);
    if (!valid.ok) return valid;
    const me = await this.professionals.findById(auth.userId);
    if (!me) return err(new UserNotFoundError());
    // a Google-only account has no current password to check: it sets its first one
    if (me.passwordHash && !(await this.hasher.verify(me.passwordHash, input.currentPassword))) return err(new WrongCurrentPasswordError());
    const passwordHash = await this.hasher.hash(input.newPassword);
    const now = this.clock.now();
    const endedSessions = await this.uow.run(async () => {
      await this.professionals.update({ ...me, passwordHash, updatedAt: now });
      return this.sessions.revokeAllForUser(me.id, auth.sessionId, now);
    });
    return ok({ endedSessions });
  }
}

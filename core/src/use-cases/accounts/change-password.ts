import { TooManyAttemptsError, UserNotFoundError, WrongCurrentPasswordError, type AccountValidationError } from '../../accounts/account-errors';
import { validatePasswordChange } from '../../accounts/account-rules';
import type { LoginAttemptLog, PasswordHasher, ProfessionalRepository, SessionRepository } from '../../ports/account-ports';
import { ATTEMPT_LIMITS, AttemptLimiter } from './attempt-limiter';
import type { Clock } from '../../ports/clock';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext, RequestOrigin } from './session-policy';

export type ChangePasswordError = AccountValidationError | WrongCurrentPasswordError | UserNotFoundError | TooManyAttemptsError;

/**
 * Password change (spec §5): checks the current password, stores the new hash and ends every other
 * session of the user (the caller's stays open). Returns how many sessions were ended. Wrong
 * current passwords count against ATTEMPT_LIMITS.changePassword (a stolen session cannot guess it).
 */
export class ChangePassword {
  private readonly limiter: AttemptLimiter;

  constructor(
    private readonly professionals: ProfessionalRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    attempts: LoginAttemptLog,
  ) {
    this.limiter = new AttemptLimiter(attempts, clock);
  }

  async execute(auth: AuthContext, input: { currentPassword: string; newPassword: string; confirmNewPassword: string }, origin: RequestOrigin): Promise<Result<{ endedSessions: number }, ChangePasswordError>> {
    const valid = validatePasswordChange(input);
    if (!valid.ok) return valid;
    const me = await this.professionals.findById(auth.userId);
    if (!me) return err(new UserNotFoundError());
    const ip = origin.ip ?? 'desconhecido';
    const attempt = await this.limiter.take(ATTEMPT_LIMITS.changePassword, me.email, ip);
    if (attempt.retryAfter) return err(new TooManyAttemptsError(attempt.retryAfter));
    // a Google-only account has no current password to check: it sets its first one
    if (me.passwordHash && !(await this.hasher.verify(me.passwordHash, input.currentPassword))) return err(new WrongCurrentPasswordError());
    await attempt.release(); // the right current password: not a failed attempt
    const passwordHash = await this.hasher.hash(input.newPassword);
    const now = this.clock.now();
    const endedSessions = await this.uow.run(async () => {
      await this.professionals.update({ ...me, passwordHash, updatedAt: now });
      return this.sessions.revokeAllForUser(me.id, auth.sessionId, now);
    });
    return ok({ endedSessions });
  }
}

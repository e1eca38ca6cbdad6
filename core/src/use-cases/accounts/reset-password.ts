import { AccountValidationError } from '../../accounts/account-errors';
import { passwordPolicyError } from '../../accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../accounts/messages';
import { PasswordResetLinkInvalidError } from '../../accounts/password-reset';
import type { Professional } from '../../accounts/professional';
import type { PasswordHasher, PasswordResetToken, PasswordResetTokenRepository, ProfessionalRepository, SessionRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { SecretHasher } from '../../ports/embed-ports';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';

export type ResetPasswordError = AccountValidationError | PasswordResetLinkInvalidError;

/**
 * Sets a new password from a reset link (issue 14): the registration's password rules (spec §5:
 * both fields, equal, the password rule of account-rules), the link used once, and every session of the account revoked.
 */
export class ResetPassword {
  constructor(
    private readonly professionals: ProfessionalRepository,
    private readonly sessions: SessionRepository,
    private readonly resetTokens: PasswordResetTokenRepository,
    private readonly hasher: PasswordHasher,
    private readonly secrets: SecretHasher,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Whether the link still works, and for which e-mail (the page shows it before asking the password). */
  async check(token: string): Promise<Result<{ email: string; expiresAt: Date }, PasswordResetLinkInvalidError>> {
    const found = await this.usable(token);
    return found ? ok({ email: found.professional.email, expiresAt: found.reset.expiresAt }) : err(new PasswordResetLinkInvalidError());
  }

  async execute(input: { token: string; password: string; confirmPassword: string }): Promise<Result<{ email: string; endedSessions: number }, ResetPasswordError>> {
    const missing = (['password', 'confirmPassword'] as const).find((f) => !input[f]);
    if (missing) return err(new AccountValidationError(M.fillRequiredFields, missing));
    if (input.password !== input.confirmPassword) return err(new AccountValidationError(M.passwordsDoNotMatch, 'confirmPassword'));
    const weak = passwordPolicyError(input.password, 'password');
    if (weak) return err(weak);
    const found = await this.usable(input.token);
    if (!found) return err(new PasswordResetLinkInvalidError());
    const { reset, professional } = found;
    const passwordHash = await this.hasher.hash(input.password);
    const now = this.clock.now();
    const endedSessions = await this.uow.run(async () => {
      if (!(await this.resetTokens.consume(reset.id, now))) return undefined; // used meanwhile by another request
      await this.professionals.update({ ...professional, passwordHash, updatedAt: now });
      await this.resetTokens.invalidateAllForUser(professional.id, now);
      return this.sessions.revokeAllForUser(professional.id, null, now);
    });
    if (endedSessions === undefined) return err(new PasswordResetLinkInvalidError());
    return ok({ email: professional.email, endedSessions });
  }

  private async usable(token: string): Promise<{ reset: PasswordResetToken; professional: Professional } | undefined> {
    if (!token || token.length > 200) return undefined;
    const reset = await this.resetTokens.findByHash(this.secrets.hash(token));
    if (!reset || reset.usedAt || reset.expiresAt <= this.clock.now()) return undefined;
    const professional = await this.professionals.findById(reset.userId);
    return professional ? { reset, professional } : undefined;
  }
}

import { InvalidCredentialsError, LoginRateLimitedError, type AccountValidationError } from '../../accounts/account-errors';
import type { NoActiveOrganizationError } from '../../accounts/membership';
import { validateLogin } from '../../accounts/account-rules';
import type { LoginAttemptLog, PasswordHasher, ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import { err, type Result } from '../../shared/result';
import type { OpenedSession, OpenSession } from './open-session';
import { ATTEMPT_LIMITS, AttemptLimiter } from './attempt-limiter';
import type { RequestOrigin } from './session-policy';

export type LogInError = AccountValidationError | InvalidCredentialsError | LoginRateLimitedError | NoActiveOrganizationError;


/**
 * E-mail + password login, limited (ATTEMPT_LIMITS.login) per e-mail + address, per e-mail from any
 * address and per address for any e-mail (a spray of e-mails from one address, issue 15).
 */
export class LogIn {
  // verifying against a throwaway hash when the e-mail is unknown keeps both answers equally slow
  private dummyHash?: Promise<string>;
  private readonly limiter: AttemptLimiter;

  constructor(
    private readonly professionals: ProfessionalRepository,
    private readonly hasher: PasswordHasher,
    private readonly attempts: LoginAttemptLog,
    private readonly openSession: OpenSession,
    private readonly clock: Clock,
  ) {
    this.limiter = new AttemptLimiter(attempts, clock);
  }

  async execute(input: { email: string; password: string; rememberMe: boolean }, origin: RequestOrigin): Promise<Result<OpenedSession, LogInError>> {
    const valid = validateLogin(input);
    if (!valid.ok) return valid;
    const { email, password } = valid.value;
    const ip = origin.ip ?? 'desconhecido';
    // taken before the password is checked, counted as a failure unless the password is right
    const attempt = await this.limiter.take(ATTEMPT_LIMITS.login, email, ip);
    if (attempt.retryAfter) return err(new LoginRateLimitedError(attempt.retryAfter));
    const professional = await this.professionals.findByEmail(email);
    this.dummyHash ??= this.hasher.hash('limiar-unknown-user');
    const matches = await this.hasher.verify(professional?.passwordHash ?? (await this.dummyHash), password);
    if (!professional || !professional.passwordHash || !matches) return err(new InvalidCredentialsError());
    await this.limiter.clear(ATTEMPT_LIMITS.login, email, ip);
    return this.openSession.execute(professional, input.rememberMe, origin);
  }
}

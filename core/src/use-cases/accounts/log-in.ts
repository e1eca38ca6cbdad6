import { InvalidCredentialsError, LoginRateLimitedError, type AccountValidationError } from '../../accounts/account-errors';
import { validateLogin } from '../../accounts/account-rules';
import type { LoginAttemptLog, PasswordHasher, ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import { err, ok, type Result } from '../../shared/result';
import type { OpenedSession, OpenSession } from './open-session';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, type RequestOrigin } from './session-policy';

export type LogInError = AccountValidationError | InvalidCredentialsError | LoginRateLimitedError;


/** E-mail + password login, limited to 5 failures per e-mail + IP per 15 minutes. */
export class LogIn {
  // verifying against a throwaway hash when the e-mail is unknown keeps both answers equally slow
  private dummyHash?: Promise<string>;

  constructor(
    private readonly professionals: ProfessionalRepository,
    private readonly hasher: PasswordHasher,
    private readonly attempts: LoginAttemptLog,
    private readonly openSession: OpenSession,
    private readonly clock: Clock,
  ) {}

  async execute(input: { email: string; password: string; rememberMe: boolean }, origin: RequestOrigin): Promise<Result<OpenedSession, LogInError>> {
    const valid = validateLogin(input);
    if (!valid.ok) return valid;
    const { email, password } = valid.value;
    const ip = origin.ip ?? 'desconhecido';
    const now = this.clock.now();
    const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
    if ((await this.attempts.countFailuresSince(email, ip, since)) >= LOGIN_MAX_FAILURES) {
      const oldest = await this.attempts.oldestFailureSince(email, ip, since);
      const retryAfter = oldest ? Math.ceil((oldest.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000) : LOGIN_WINDOW_MS / 1000;
      return err(new LoginRateLimitedError(Math.max(1, retryAfter)));
    }
    const professional = await this.professionals.findByEmail(email);
    this.dummyHash ??= this.hasher.hash('limiar-unknown-user');
    const matches = await this.hasher.verify(professional?.passwordHash ?? (await this.dummyHash), password);
    if (!professional || !professional.passwordHash || !matches) {
      await this.attempts.recordFailure(email, ip, now);
      return err(new InvalidCredentialsError());
    }
    await this.attempts.clearFailures(email, ip);
    return ok(await this.openSession.execute(professional, input.rememberMe, origin));
  }
}

import { AccountValidationError } from '../../accounts/account-errors';
import { EMAIL_PATTERN } from '../../accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../accounts/messages';
import {
  PASSWORD_RESET_MAX_PER_EMAIL, PASSWORD_RESET_MAX_PER_IP, PASSWORD_RESET_TTL_MS, PASSWORD_RESET_WINDOW_MS, passwordResetMail,
  PasswordResetEmailNotFoundError, PasswordResetRateLimitedError, PasswordResetUnavailableError,
} from '../../accounts/password-reset';
import type { PasswordResetTokenRepository, ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { SecretHasher } from '../../ports/embed-ports';
import type { IdGenerator } from '../../ports/id-generator';
import type { MailSender } from '../../ports/mail-sender';
import { err, ok, type Result } from '../../shared/result';
import type { RequestOrigin } from './session-policy';

export type RequestPasswordResetError =
  | AccountValidationError | PasswordResetRateLimitedError | PasswordResetEmailNotFoundError | PasswordResetUnavailableError;

/** 'email': the neutral answer (sent if the account exists). 'screen': the link's secret, for the requester. */
export type PasswordResetDelivery = { delivery: 'email' } | { delivery: 'screen'; token: string; expiresAt: Date };

export interface PasswordResetOrigin extends RequestOrigin {
  /** The request comes from the server's own machine (loopback, no proxy): see ADR 0013. */
  local: boolean;
}

/**
 * "Esqueci minha senha" (issue 14). With a mail sender the link goes by e-mail and the answer is the
 * same whether the account exists or not. Without one the link is returned to be shown on screen,
 * only to a request from the server's own machine (ADR 0013). Limited per e-mail and per IP.
 */
export class RequestPasswordReset {
  constructor(
    private readonly professionals: ProfessionalRepository,
    private readonly resetTokens: PasswordResetTokenRepository,
    private readonly secrets: SecretHasher,
    /** null when no mail server is configured. */
    private readonly mail: MailSender | null,
    /** The absolute link the e-mail carries for a secret. */
    private readonly linkFor: (token: string) => string,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { email: string }, origin: PasswordResetOrigin): Promise<Result<PasswordResetDelivery, RequestPasswordResetError>> {
    const email = input.email.trim().toLowerCase();
    if (!email) return err(new AccountValidationError(M.fillRequiredFields, 'email'));
    if (!EMAIL_PATTERN.test(email)) return err(new AccountValidationError(M.invalidEmail, 'email'));
    if (!this.mail && !origin.local) return err(new PasswordResetUnavailableError());
    const ip = origin.ip ?? 'desconhecido';
    const now = this.clock.now();
    const limited = await this.rateLimit(email, ip, now);
    if (limited) return err(limited);
    const professional = await this.professionals.findByEmail(email);
    if (!professional) return this.mail ? ok({ delivery: 'email' }) : err(new PasswordResetEmailNotFoundError());
    const token = this.secrets.newSecret();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
    await this.resetTokens.insert({
      id: this.ids.next(), userId: professional.id, tokenHash: this.secrets.hash(token), createdAt: now, expiresAt, usedAt: null, ip: origin.ip,
    });
    if (!this.mail) return ok({ delivery: 'screen', token, expiresAt });
    await this.mail.send({ to: professional.email, ...passwordResetMail(professional.name, this.linkFor(token), expiresAt) });
    return ok({ delivery: 'email' });
  }

  /** Records the request when it is within the limits, checked and recorded in one step across processes (ADR 0023). */
  private async rateLimit(email: string, ip: string, now: Date): Promise<PasswordResetRateLimitedError | undefined> {
    const since = new Date(now.getTime() - PASSWORD_RESET_WINDOW_MS);
    const { refused } = await this.resetTokens.recordRequestWithin(email, ip, now, since, [
      { by: { email }, max: PASSWORD_RESET_MAX_PER_EMAIL },
      { by: { ip }, max: PASSWORD_RESET_MAX_PER_IP },
    ]);
    if (!refused) return undefined;
    const oldest = await this.resetTokens.oldestRequestSince(refused, since);
    const retryAfter = oldest ? Math.ceil((oldest.getTime() + PASSWORD_RESET_WINDOW_MS - now.getTime()) / 1000) : PASSWORD_RESET_WINDOW_MS / 1000;
    return new PasswordResetRateLimitedError(Math.max(1, retryAfter));
  }
}

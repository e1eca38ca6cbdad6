import { AccountValidationError, TooManyRequestsError } from '../../accounts/account-errors';
import { EMAIL_PATTERN } from '../../accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../accounts/messages';
import type { ContactMessage, DataDeletionRequest, LoginAttemptLog, PublicRequestLog } from '../../ports/account-ports';
import { ATTEMPT_LIMITS, AttemptLimiter, type AttemptLimit } from './attempt-limiter';
import type { Clock } from '../../ports/clock';
import type { SecretHasher } from '../../ports/embed-ports';
import type { IdGenerator } from '../../ports/id-generator';
import { err, ok, type Result } from '../../shared/result';
import type { RequestOrigin } from './session-policy';

export const CONTACT_SUBJECTS = ['vendas', 'suporte', 'parceria', 'outro'] as const;

/**
 * The public site's contact form and data-deletion request (spec §2; product.md: stored
 * server-side, a deletion request is tracked), limited per e-mail and per address (ATTEMPT_LIMITS).
 */
export class SubmitPublicRequest {
  private readonly limiter: AttemptLimiter;

  constructor(
    private readonly log: PublicRequestLog, private readonly ids: IdGenerator, private readonly clock: Clock, attempts: LoginAttemptLog,
    /** The secret of a deletion request's status link (LGPD, issue 20). */
    private readonly secrets: SecretHasher,
  ) {
    this.limiter = new AttemptLimiter(attempts, clock);
  }

  async contact(input: { name: string; email: string; subject: string; message: string }, origin: RequestOrigin): Promise<Result<ContactMessage, AccountValidationError | TooManyRequestsError>> {
    const fields = ['name', 'email', 'subject', 'message'] as const;
    const missing = fields.find((f) => !input[f]?.trim());
    if (missing) return err(new AccountValidationError(M.fillRequiredFields, missing));
    if (!EMAIL_PATTERN.test(input.email.trim())) return err(new AccountValidationError(M.invalidEmail, 'email'));
    if (!(CONTACT_SUBJECTS as readonly string[]).includes(input.subject)) return err(new AccountValidationError('Selecione um assunto', 'subject'));
    const limited = await this.limited(ATTEMPT_LIMITS.contact, input.email, origin);
    if (limited) return err(limited);
    const message: ContactMessage = {
      id: this.ids.next(), name: input.name.trim(), email: input.email.trim().toLowerCase(), subject: input.subject,
      message: input.message.trim(), ip: origin.ip, createdAt: this.clock.now(),
    };
    await this.log.saveContact(message);
    return ok(message);
  }

  /** `token`: the secret of the requester's status link, answered once (only its hash is stored). */
  async dataDeletion(input: { email: string }, origin: RequestOrigin): Promise<Result<DataDeletionRequest & { token: string }, AccountValidationError | TooManyRequestsError>> {
    if (!input.email?.trim()) return err(new AccountValidationError(M.fillRequiredFields, 'email'));
    if (!EMAIL_PATTERN.test(input.email.trim())) return err(new AccountValidationError(M.invalidEmail, 'email'));
    const limited = await this.limited(ATTEMPT_LIMITS.dataDeletion, input.email, origin);
    if (limited) return err(limited);
    const token = this.secrets.newSecret();
    const request: DataDeletionRequest = {
      id: this.ids.next(), email: input.email.trim().toLowerCase(), status: 'recebido', ip: origin.ip, createdAt: this.clock.now(), tokenHash: this.secrets.hash(token),
    };
    await this.log.saveDataDeletionRequest(request);
    return ok({ ...request, token });
  }

  /** Refused when over the limit; otherwise the submission is counted. */
  private async limited(limit: AttemptLimit, email: string, origin: RequestOrigin) {
    const key = email.trim().toLowerCase();
    const ip = origin.ip ?? 'desconhecido';
    const attempt = await this.limiter.take(limit, key, ip);
    return attempt.retryAfter ? new TooManyRequestsError(attempt.retryAfter) : undefined;
  }
}

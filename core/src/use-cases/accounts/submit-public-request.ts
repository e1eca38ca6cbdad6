import { AccountValidationError, TooManyRequestsError } from '../../accounts/account-errors';
import { EMAIL_PATTERN } from '../../accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../accounts/messages';
import type { ContactMessage, DataDeletionRequest, PublicRequestLog } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import { err, ok, type Result } from '../../shared/result';
import { PUBLIC_FORM_MAX_PER_HOUR, type RequestOrigin } from './session-policy';

export const CONTACT_SUBJECTS = ['vendas', 'suporte', 'parceria', 'outro'] as const;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The public site's contact form and data-deletion request (spec §2; product.md: stored
 * server-side, a deletion request is tracked), limited per IP.
 */
export class SubmitPublicRequest {
  constructor(private readonly log: PublicRequestLog, private readonly ids: IdGenerator, private readonly clock: Clock) {}

  async contact(input: { name: string; email: string; subject: string; message: string }, origin: RequestOrigin): Promise<Result<ContactMessage, AccountValidationError | TooManyRequestsError>> {
    const fields = ['name', 'email', 'subject', 'message'] as const;
    const missing = fields.find((f) => !input[f]?.trim());
    if (missing) return err(new AccountValidationError(M.fillRequiredFields, missing));
    if (!EMAIL_PATTERN.test(input.email.trim())) return err(new AccountValidationError(M.invalidEmail, 'email'));
    if (!(CONTACT_SUBJECTS as readonly string[]).includes(input.subject)) return err(new AccountValidationError('Selecione um assunto', 'subject'));
    const limited = await this.limited('contact', origin);
    if (limited) return err(limited);
    const message: ContactMessage = {
      id: this.ids.next(), name: input.name.trim(), email: input.email.trim().toLowerCase(), subject: input.subject,
      message: input.message.trim(), ip: origin.ip, createdAt: this.clock.now(),
    };
    await this.log.saveContact(message);
    return ok(message);
  }

  async dataDeletion(input: { email: string }, origin: RequestOrigin): Promise<Result<DataDeletionRequest, AccountValidationError | TooManyRequestsError>> {
    if (!input.email?.trim()) return err(new AccountValidationError(M.fillRequiredFields, 'email'));
    if (!EMAIL_PATTERN.test(input.email.trim())) return err(new AccountValidationError(M.invalidEmail, 'email'));
    const limited = await this.limited('data-deletion', origin);
    if (limited) return err(limited);
    const request: DataDeletionRequest = { id: this.ids.next(), email: input.email.trim().toLowerCase(), status: 'recebido', ip: origin.ip, createdAt: this.clock.now() };
    await this.log.saveDataDeletionRequest(request);
    return ok(request);
  }

  private async limited(kind: 'contact' | 'data-deletion', origin: RequestOrigin) {
    const since = new Date(this.clock.now().getTime() - HOUR_MS);
    const count = await this.log.countSince(kind, origin.ip ?? 'desconhecido', since);
    return count >= PUBLIC_FORM_MAX_PER_HOUR ? new TooManyRequestsError() : undefined;
  }
}

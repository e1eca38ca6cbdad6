import { DomainError, fixedError } from '../shared/domain-error';
import { ACCOUNT_MESSAGES as M } from './messages';

/** Input that breaks an account rule of spec §5; `message` is the spec's pt-BR text. */
export class AccountValidationError extends DomainError {
  readonly code = 'ACCOUNT.INVALID';
  constructor(message: string, field?: string) {
    super(message, field ? [{ path: field, message }] : []);
  }
}

export class EmailAlreadyRegisteredError extends fixedError('ACCOUNT.EMAIL_ALREADY_REGISTERED', M.emailAlreadyRegistered, 'email') {}

/** Same answer for an unknown e-mail and a wrong password, so accounts cannot be probed. */
export class InvalidCredentialsError extends fixedError('AUTH.INVALID_CREDENTIALS', M.invalidCredentials) {}

/**
 * Base for a refusal by an attempt limit (429, with Retry-After when the wait is known):
 * `export class LoginRateLimitedError extends rateLimitedError(M.rateLimited) {}`.
 */
export function rateLimitedError(message: string) {
  return class extends DomainError {
    readonly code = 'AUTH.RATE_LIMITED';
    constructor(readonly retryAfterSeconds?: number) {
      super(message);
    }
  };
}

export class LoginRateLimitedError extends rateLimitedError(M.rateLimited) {}
export class TooManyRequestsError extends rateLimitedError(M.tooManyRequests) {}
/** Register or password change refused by the attempt limits (issue 15). */
export class TooManyAttemptsError extends rateLimitedError(M.tooManyAttempts) {}

export class UnauthenticatedError extends fixedError('AUTH.UNAUTHENTICATED', M.unauthenticated) {}

export class GoogleSignInUnavailableError extends fixedError('AUTH.GOOGLE_NOT_FOUND', M.googleUnavailable) {}

export class GoogleTokenRejectedError extends DomainError {
  readonly code = 'AUTH.GOOGLE_REJECTED';
  constructor(readonly reason: string) {
    super(M.googleInvalid);
  }
}

export class WrongCurrentPasswordError extends fixedError('ACCOUNT.INVALID_CURRENT_PASSWORD', M.wrongCurrentPassword, 'currentPassword') {}

export class UserNotFoundError extends fixedError('USER.NOT_FOUND', M.userNotFound) {}

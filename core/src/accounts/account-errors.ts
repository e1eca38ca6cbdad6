import { DomainError } from '../shared/domain-error';
import { ACCOUNT_MESSAGES as M } from './messages';

/** Input that breaks an account rule of spec §5; `message` is the spec's pt-BR text. */
export class AccountValidationError extends DomainError {
  readonly code = 'ACCOUNT.INVALID';
  constructor(message: string, field?: string) {
    super(message, field ? [{ path: field, message }] : []);
  }
}

export class EmailAlreadyRegisteredError extends DomainError {
  readonly code = 'ACCOUNT.EMAIL_ALREADY_REGISTERED';
  constructor() {
    super(M.emailAlreadyRegistered, [{ path: 'email', message: M.emailAlreadyRegistered }]);
  }
}

/** Same answer for an unknown e-mail and a wrong password, so accounts cannot be probed. */
export class InvalidCredentialsError extends DomainError {
  readonly code = 'AUTH.INVALID_CREDENTIALS';
  constructor() {
    super(M.invalidCredentials);
  }
}

export class LoginRateLimitedError extends DomainError {
  readonly code = 'AUTH.RATE_LIMITED';
  constructor(readonly retryAfterSeconds: number) {
    super(M.rateLimited);
  }
}

export class TooManyRequestsError extends DomainError {
  readonly code = 'AUTH.RATE_LIMITED';
  constructor(readonly retryAfterSeconds?: number) {
    super(M.tooManyRequests);
  }
}

/** Register or password change refused by the attempt limits (issue 15): 429 with Retry-After. */
export class TooManyAttemptsError extends DomainError {
  readonly code = 'AUTH.RATE_LIMITED';
  constructor(readonly retryAfterSeconds: number) {
    super(M.tooManyAttempts);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly code = 'AUTH.UNAUTHENTICATED';
  constructor() {
    super(M.unauthenticated);
  }
}

export class GoogleSignInUnavailableError extends DomainError {
  readonly code = 'AUTH.GOOGLE_NOT_FOUND';
  constructor() {
    super(M.googleUnavailable);
  }
}

export class GoogleTokenRejectedError extends DomainError {
  readonly code = 'AUTH.GOOGLE_REJECTED';
  constructor(readonly reason: string) {
    super(M.googleInvalid);
  }
}

export class WrongCurrentPasswordError extends DomainError {
  readonly code = 'ACCOUNT.INVALID_CURRENT_PASSWORD';
  constructor() {
    super(M.wrongCurrentPassword, [{ path: 'currentPassword', message: M.wrongCurrentPassword }]);
  }
}

export class UserNotFoundError extends DomainError {
  readonly code = 'USER.NOT_FOUND';
  constructor() {
    super(M.userNotFound);
  }
}

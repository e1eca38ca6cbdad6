import type { AttemptKind, AttemptScope, LoginAttemptLog } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';

/** How many attempts of a kind a window allows, per account (e-mail), per client address, per both. */
export interface AttemptLimit {
  kind: AttemptKind;
  windowMs: number;
  perAccount: number;
  perAddress: number;
  /** The same e-mail from the same address (login's original limit). */
  perPair?: number;
}

const MINUTE = 60_000;

/**
 * The limits of issue 15 (ASVS level 2, V2.2.1), all on the login limiter's log. Generous enough
 * for a clinic behind one address, tight enough that guessing a password or probing which e-mails
 * are registered gets a handful of tries per window.
 */
export const ATTEMPT_LIMITS = {
  login: { kind: 'login', windowMs: 15 * MINUTE, perPair: 5, perAccount: 10, perAddress: 30 },
  register: { kind: 'register', windowMs: 60 * MINUTE, perAccount: 5, perAddress: 30 },
  changePassword: { kind: 'change-password', windowMs: 15 * MINUTE, perAccount: 5, perAddress: 20 },
  contact: { kind: 'contact', windowMs: 60 * MINUTE, perAccount: 3, perAddress: 5 },
  dataDeletion: { kind: 'data-deletion', windowMs: 60 * MINUTE, perAccount: 3, perAddress: 5 },
} as const satisfies Record<string, AttemptLimit>;

export class AttemptLimiter {
  constructor(private readonly log: LoginAttemptLog, private readonly clock: Clock) {}

  /** Seconds until one more attempt is allowed for that e-mail from that address; 0 when allowed now. */
  async retryAfter(limit: AttemptLimit, email: string, ip: string): Promise<number> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - limit.windowMs);
    const scopes: [AttemptScope, number | undefined][] = [
      [{ kind: limit.kind, email, ip }, limit.perPair],
      [{ kind: limit.kind, email }, limit.perAccount],
      [{ kind: limit.kind, ip }, limit.perAddress],
    ];
    for (const [scope, max] of scopes) {
      if (max === undefined || (await this.log.countFailuresSince(scope, since)) < max) continue;
      const oldest = await this.log.oldestFailureSince(scope, since);
      const seconds = oldest ? Math.ceil((oldest.getTime() + limit.windowMs - now.getTime()) / 1000) : limit.windowMs / 1000;
      return Math.max(1, seconds);
    }
    return 0;
  }

  record(limit: AttemptLimit, email: string, ip: string): Promise<void> {
    return this.log.recordFailure({ kind: limit.kind, email, ip }, this.clock.now());
  }

  clear(limit: AttemptLimit, email: string, ip: string): Promise<void> {
    return this.log.clearFailures({ kind: limit.kind, email, ip });
  }
}

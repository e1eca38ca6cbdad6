import type { AttemptCheck, AttemptKind, AttemptScope, LoginAttemptLog } from '../../ports/account-ports';
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

/** The answer of `AttemptLimiter.take`. */
export interface TakenAttempt {
  /** Seconds until one more attempt is allowed (nothing was recorded); 0 when this one was taken. */
  readonly retryAfter: number;
  /** Takes the attempt back (it was not a failure: a right current password); a no-op for a refused one. */
  release(): Promise<void>;
}

export class AttemptLimiter {
  constructor(private readonly log: LoginAttemptLog, private readonly clock: Clock) {}

  /**
   * Takes one attempt of that e-mail from that address, counted as a failure until `clear` or `release`.
   * Checked and recorded in one step, atomic across every API process on the database (ADR 0023): of
   * concurrent attempts exactly the limit are taken — a check before the attempt and a record after it let
   * a burst through whole. A refused attempt records nothing (it does not prolong the wait).
   */
  async take(limit: AttemptLimit, email: string, ip: string): Promise<TakenAttempt> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - limit.windowMs);
    const checks: AttemptCheck[] = ([
      [{ kind: limit.kind, email, ip }, limit.perPair],
      [{ kind: limit.kind, email }, limit.perAccount],
      [{ kind: limit.kind, ip }, limit.perAddress],
    ] as [AttemptScope, number | undefined][]).flatMap(([scope, max]) => (max === undefined ? [] : [{ scope, max }]));
    const taken = await this.log.recordWithin({ kind: limit.kind, email, ip }, now, since, checks);
    if ('id' in taken) return { retryAfter: 0, release: () => this.log.removeFailure(taken.id) };
    const oldest = await this.log.oldestFailureSince(taken.refused, since);
    const seconds = oldest ? Math.ceil((oldest.getTime() + limit.windowMs - now.getTime()) / 1000) : limit.windowMs / 1000;
    return { retryAfter: Math.max(1, seconds), release: async () => {} };
  }

  clear(limit: AttemptLimit, email: string, ip: string): Promise<void> {
    return this.log.clearFailures({ kind: limit.kind, email, ip });
  }
}

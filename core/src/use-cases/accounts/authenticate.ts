import { UnauthenticatedError } from '../../accounts/account-errors';
import type { SessionRepository, SessionTokens } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from './session-policy';

/**
 * Turns a bearer token into the caller's identity: the signature must verify AND its session must
 * still be active (not revoked by logout or a password change, not expired).
 */
export class Authenticate {
  constructor(private readonly tokens: SessionTokens, private readonly sessions: SessionRepository, private readonly clock: Clock) {}

  async execute(token: string | undefined): Promise<Result<AuthContext, UnauthenticatedError>> {
    if (!token) return err(new UnauthenticatedError());
    const claims = await this.tokens.verify(token);
    if (!claims) return err(new UnauthenticatedError());
    const session = await this.sessions.findActive(claims.sessionId, this.clock.now());
    if (!session || session.userId !== claims.userId) return err(new UnauthenticatedError());
    return ok({ userId: session.userId, organizationId: session.organizationId, sessionId: session.id });
  }
}

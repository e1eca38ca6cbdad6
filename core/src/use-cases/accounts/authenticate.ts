import { UnauthenticatedError } from '../../accounts/account-errors';
import type { MembershipRepository, SessionTokens } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import { err, ok, type Result } from '../../shared/result';
import { LAST_ACCESS_RESOLUTION_MS, type AuthContext } from './session-policy';

/**
 * Turns a bearer token into the caller's identity: the signature must verify, its session must still
 * be active (not revoked by logout or a password change, not expired) AND the login must still be an
 * active member of the session's organisation (a deactivated member is refused at once, issue 18).
 */
export class Authenticate {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
  ) {}

  async execute(token: string | undefined): Promise<Result<AuthContext, UnauthenticatedError>> {
    if (!token) return err(new UnauthenticatedError());
    const claims = await this.tokens.verify(token);
    if (!claims) return err(new UnauthenticatedError());
    const now = this.clock.now();
    const found = await this.memberships.findForActiveSession(claims.sessionId, now);
    if (!found || found.session.userId !== claims.userId) return err(new UnauthenticatedError());
    const { session, membership: member } = found;
    if (!member || member.status !== 'ativo') return err(new UnauthenticatedError());
    if (!member.lastAccessAt || now.getTime() - member.lastAccessAt.getTime() > LAST_ACCESS_RESOLUTION_MS) {
      await this.memberships.touch(member.id, now);
    }
    return ok({ userId: session.userId, organizationId: session.organizationId, sessionId: session.id, memberId: member.id, roles: member.roles });
  }
}

import { NoActiveOrganizationError, type Membership, type MembershipSummary } from '../../accounts/membership';
import type { Professional } from '../../accounts/professional';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { MembershipRepository, SessionRepository, SessionTokens } from '../../ports/account-ports';
import { err, ok, type Result } from '../../shared/result';
import { LONG_SESSION_MS, SHORT_SESSION_MS, type RequestOrigin } from './session-policy';

export interface OpenedSession {
  token: string;
  expiresAt: Date;
  /** The professional, with `organizationId`/`organizationName` of the organisation the session carries. */
  professional: Professional;
  /** The member's place in that organisation. */
  membership: Pick<Membership, 'id' | 'roles'>;
  /** Every organisation the login is an active member of (more than one: the web app asks which). */
  organizations: MembershipSummary[];
}

/**
 * Creates the server-side session row and its signed token (shared by login, Google, register and
 * accepting an invitation). The session carries one organisation (issue 18): the one asked for, else
 * the last one used, else the first; a login with no active membership gets no session.
 */
export class OpenSession {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly memberships: MembershipRepository,
    private readonly tokens: SessionTokens,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(professional: Professional, rememberMe: boolean, origin: RequestOrigin, organizationId?: string): Promise<Result<OpenedSession, NoActiveOrganizationError>> {
    const organizations = await this.memberships.listActiveForUser(professional.id);
    const chosen = organizations.find((o) => o.organizationId === (organizationId ?? professional.organizationId)) ?? organizations[0];
    if (!chosen) return err(new NoActiveOrganizationError());
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + (rememberMe ? LONG_SESSION_MS : SHORT_SESSION_MS));
    const id = this.ids.next();
    await this.sessions.insert({
      id, userId: professional.id, organizationId: chosen.organizationId, createdAt: now, expiresAt,
      revokedAt: null, userAgent: origin.userAgent?.slice(0, 300) ?? null, ip: origin.ip,
    });
    await this.memberships.touch(chosen.memberId, now);
    const token = await this.tokens.sign({ sessionId: id, userId: professional.id }, expiresAt);
    return ok({
      token, expiresAt, organizations,
      professional: { ...professional, organizationId: chosen.organizationId, organizationName: chosen.organizationName },
      membership: { id: chosen.memberId, roles: chosen.roles },
    });
  }
}

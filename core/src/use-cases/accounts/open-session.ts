import type { Professional } from '../../accounts/professional';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { SessionRepository, SessionTokens } from '../../ports/account-ports';
import { LONG_SESSION_MS, SHORT_SESSION_MS, type RequestOrigin } from './session-policy';

export interface OpenedSession {
  token: string;
  expiresAt: Date;
  professional: Professional;
}

/** Creates the server-side session row and its signed token (shared by login, Google and register). */
export class OpenSession {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly tokens: SessionTokens,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(professional: Professional, rememberMe: boolean, origin: RequestOrigin): Promise<OpenedSession> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + (rememberMe ? LONG_SESSION_MS : SHORT_SESSION_MS));
    const id = this.ids.next();
    await this.sessions.insert({
      id, userId: professional.id, organizationId: professional.organizationId, createdAt: now, expiresAt,
      revokedAt: null, userAgent: origin.userAgent?.slice(0, 300) ?? null, ip: origin.ip,
    });
    const token = await this.tokens.sign({ sessionId: id, userId: professional.id }, expiresAt);
    return { token, expiresAt, professional };
  }
}

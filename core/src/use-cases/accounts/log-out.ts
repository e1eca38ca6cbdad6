import type { SessionRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { AuthContext } from './session-policy';

/** Revokes the caller's session: its token stops working at once. */
export class LogOut {
  constructor(private readonly sessions: SessionRepository, private readonly clock: Clock) {}

  async execute(auth: AuthContext): Promise<void> {
    await this.sessions.revoke(auth.sessionId, this.clock.now());
  }
}

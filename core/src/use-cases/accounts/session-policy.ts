import type { Role } from '../../accounts/permissions';

/** "Remember me" picks a long session, else a working-day one (issue 3). */
export const LONG_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const SHORT_SESSION_MS = 12 * 60 * 60 * 1000;

/** Login, register, password change and public-form limits: ATTEMPT_LIMITS in attempt-limiter.ts. */

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Who is calling: the login, the organisation its session carries, and the member's roles there (issue 18). */
export interface AuthContext {
  userId: string;
  organizationId: string;
  sessionId: string;
  memberId: string;
  roles: readonly Role[];
}

/** A member's last access is written at most this often (not on every request). */
export const LAST_ACCESS_RESOLUTION_MS = 5 * 60 * 1000;

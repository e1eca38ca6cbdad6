/** "Remember me" picks a long session, else a working-day one (issue 3). */
export const LONG_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const SHORT_SESSION_MS = 12 * 60 * 60 * 1000;

/** Login, register, password change and public-form limits: ATTEMPT_LIMITS in attempt-limiter.ts. */

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthContext {
  userId: string;
  organizationId: string;
  sessionId: string;
}

/** "Remember me" picks a long session, else a working-day one (issue 3). */
export const LONG_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const SHORT_SESSION_MS = 12 * 60 * 60 * 1000;

/** Login limit: 5 failures per e-mail + IP per 15 minutes (issue 3). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Public forms (contact, data deletion): at most 5 per IP per hour each. */
export const PUBLIC_FORM_MAX_PER_HOUR = 5;

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthContext {
  userId: string;
  organizationId: string;
  sessionId: string;
}

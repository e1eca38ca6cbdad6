import type { Action, Role } from '../../../../core/src/index';

/** One organisation the login belongs to, with the member's roles there (issue 18). */
export interface AuthOrganization {
  organizationId: string;
  organizationName: string;
  roles: Role[];
}

/**
 * The logged-in professional as returned by `GET /api/auth/me`, login, Google sign-in and
 * registration (the profile of spec §3; only id, name and e-mail are relied upon).
 */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  professionalType: string | null;
  specialization?: string | null;
  crm?: string | null;
  crmState?: string | null;
  crfa?: string | null;
  crfaRegion?: string | null;
  crea?: string | null;
  creaState?: string | null;
  phoneNumber?: string | null;
  profileCompleted?: boolean;
  organizationId?: string;
  organizationName?: string;
  /** Issue 18: the member's id and roles in the session's organisation. */
  memberId?: string;
  roles?: Role[];
  /** What those roles allow (the server's permission table); a missing array means nothing is allowed. */
  permissions?: Action[];
  /** Every organisation this login belongs to (the organisation picker). */
  organizations?: AuthOrganization[];
}

/**
 * May this member do the action? Reads the `permissions` the server sent with the profile (issue 18);
 * a missing user or array means no permission. The UI offers only what this allows — the API refuses the rest.
 * (Beside the user type, so the menu and the dashboard read it from the entry chunk.)
 */
export function can(user: AuthUser | null | undefined, action: Action): boolean {
  return Array.isArray(user?.permissions) && user.permissions.includes(action);
}

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** Short labels for the side menu (the full ones live in core's PROFESSIONAL_TYPE_LABELS). */
const professionalTypeLabels: Record<string, string> = {
  Medico: 'Médico(a)',
  Fonoaudiologo: 'Fonoaudiólogo(a)',
  Engenheiro: 'Engenheiro(a) de Segurança',
  EngenheiroTrabalho: 'Engenheiro(a) de Segurança',
};

export function professionalTypeLabel(type: string | null | undefined): string {
  if (!type) return '';
  return professionalTypeLabels[type] ?? type;
}

export function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string'
  );
}

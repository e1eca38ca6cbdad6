import type { Action } from '../../../../core/src/index';
import { useAuth } from './auth-context';
import type { AuthUser } from './types';

export type { Action, Role } from '../../../../core/src/index';

/**
 * May this member do the action? Reads the `permissions` the server sent with the profile (issue 18);
 * a missing user or array means no permission. The UI offers only what this allows — the API refuses the rest.
 */
export function can(user: AuthUser | null | undefined, action: Action): boolean {
  return Array.isArray(user?.permissions) && user.permissions.includes(action);
}

/**
 * May this member finalise a laudo of this type? A fonoaudiólogo finalises only the simple (audiological)
 * laudo: the nexo causal conclusion is the physician's (NR-7, Anexo II, item 6).
 */
export function canFinalizeLaudo(user: AuthUser | null | undefined, laudoType: string | null | undefined): boolean {
  if (!can(user, 'laudo.finalize')) return false;
  return laudoType !== 'nexo-causal' || (user?.roles ?? []).includes('medico');
}

/** Shown instead of the finalise action to a member who may finalise only simple laudos. */
export const NEXO_FINALIZE_NOTE = 'A conclusão de nexo causal é atribuição do médico (NR-7, Anexo II, item 6).';

/** `can` for the logged-in member. */
export function useCan(action: Action): boolean {
  return can(useAuth().user, action);
}

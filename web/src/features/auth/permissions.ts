import type { Action } from '../../../../core/src/index';
import { useAuth } from './auth-context';
import { can, type AuthUser } from './types';

export type { Action, Role } from '../../../../core/src/index';

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

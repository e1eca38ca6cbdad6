import { paths } from '../../config/paths';
import type { AuthUser } from './types';

/**
 * Where a fresh session goes (issue 18): a login that belongs to more than one organisation picks
 * one first (/organizacoes, the session's own preselected); everyone else goes to the dashboard.
 */
export function afterLoginPath(user: AuthUser): string {
  return (user.organizations?.length ?? 0) > 1 ? paths.organizations.getHref() : paths.dashboard.getHref();
}

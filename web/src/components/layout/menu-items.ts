import type { ComponentType, SVGProps } from 'react';
import { IconAudiogram, IconBuilding, IconClock, IconDashboard, IconFileText, IconLock, IconSettings, IconShield, IconUsers } from '../ui/icons';
import { paths } from '../../config/paths';
import { can, type Action, type AuthUser } from '../../features/auth';

export interface MenuItem {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** Issue 18: shown only to members whose roles allow this action (reading pages need none). */
  permission?: Action;
}

/** The side menu of spec §2, in its order. */
export const menuItems: MenuItem[] = [
  { label: 'Dashboard', to: paths.dashboard.getHref(), icon: IconDashboard },
  { label: 'Pacientes', to: paths.patients.getHref(), icon: IconUsers },
  { label: 'Exames', to: paths.exams.getHref(), icon: IconAudiogram },
  { label: 'Laudos', to: paths.reports.getHref(), icon: IconFileText },
  { label: 'Empresas', to: paths.companies.getHref(), icon: IconBuilding },
  { label: 'Programa', to: paths.programme.getHref(), icon: IconShield, permission: 'dashboards.export' },
  { label: 'Privacidade (LGPD)', to: paths.privacyRequests.getHref(), icon: IconLock, permission: 'privacy.manage' },
  { label: 'Auditoria', to: paths.audit.getHref(), icon: IconClock, permission: 'audit.read' },
  { label: 'Configurações', to: paths.settings.getHref(), icon: IconSettings },
];

/** The menu this member sees: items without a permission, and those their roles allow. */
export function visibleMenuItems(user: AuthUser | null | undefined, items: readonly MenuItem[] = menuItems): MenuItem[] {
  return items.filter((item) => !item.permission || can(user, item.permission));
}

/**
 * Spec §2: an item is highlighted when the current path equals its path or starts with it.
 * "Starts with" is taken per path segment, so /patients/12/edit lights Pacientes while a
 * hypothetical /reports-archive would not light Laudos.
 */
export function isMenuItemActive(pathname: string, itemPath: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

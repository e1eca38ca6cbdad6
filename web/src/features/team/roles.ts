import { PROFESSIONAL_ROLES, ROLE_LABELS, ROLES, type ProfessionalRole, type Role } from '../../../../core/src/index';

/** The member's one professional role ('' = administration only). */
export function professionalRoleOf(roles: readonly Role[]): ProfessionalRole | '' {
  return (roles.find((r) => r !== 'administrador') as ProfessionalRole | undefined) ?? '';
}

/** The roles a professional-role select and an "Administrador" checkbox stand for, in table order. */
export function rolesFrom(professional: ProfessionalRole | '', administrator: boolean): Role[] {
  return ROLES.filter((r) => (r === 'administrador' ? administrator : r === professional));
}

/** "Administrador(a), Médico(a)". */
export const rolesLabel = (roles: readonly Role[]) => ROLES.filter((r) => roles.includes(r)).map((r) => ROLE_LABELS[r]).join(', ');

export const professionalRoleOptions = PROFESSIONAL_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** dd/mm/aaaa hh:mm in the user's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const day = date.toLocaleDateString('pt-BR');
  const time = date.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
  return `${day} ${time}`;
}

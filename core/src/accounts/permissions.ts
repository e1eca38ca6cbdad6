import { DomainError } from '../shared/domain-error';
import { err, ok, type Result } from '../shared/result';
import type { ProfessionalType } from './registries';

/**
 * Roles of a member in an organisation (issue 18). A member holds one or more: a solo professional is
 * `administrador` and `medico` (or `fonoaudiologo`, `seguranca`) of their own organisation.
 * Reasons for every cell: docs/permissions.md.
 */
export const ROLES = ['administrador', 'medico', 'fonoaudiologo', 'seguranca', 'tecnico'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  administrador: 'Administrador(a)',
  medico: 'Médico(a)',
  fonoaudiologo: 'Fonoaudiólogo(a)',
  seguranca: 'Eng./Técnico(a) de Segurança do Trabalho',
  tecnico: 'Técnico(a)',
};

/** The professional roles: at most one per member, besides `administrador`. */
export const PROFESSIONAL_ROLES = ['medico', 'fonoaudiologo', 'seguranca', 'tecnico'] as const satisfies readonly Role[];
export type ProfessionalRole = (typeof PROFESSIONAL_ROLES)[number];

/** What a member may do. Reading the organisation's workers, exams and laudos needs no permission. */
export const ACTIONS = [
  'team.manage',
  'workers.write',
  'exams.write',
  'exams.designate-reference',
  'laudo.draft',
  'laudo.finalize',
  'dashboards.export',
  'records.delete',
  'programme.manage',
  'audit.read',
  'privacy.manage',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * THE permission table: the roles allowed to do each action. Every check in the use cases, every
 * role-aware button and the generated API tests read this one object.
 */
export const PERMISSIONS: Readonly<Record<Action, readonly Role[]>> = {
  // members, invitations, organisation settings (laudo header, logo) and embed tokens
  'team.manage': ['administrador'],
  'workers.write': ['administrador', 'medico', 'fonoaudiologo', 'seguranca', 'tecnico'],
  // record, upload, review a reading, correct an exam (the exam is performed by a médico or fonoaudiólogo, item 3.3)
  'exams.write': ['medico', 'fonoaudiologo', 'tecnico'],
  // designating the reference exam is a clinical judgement (clinical-rules I12), not data entry
  'exams.designate-reference': ['medico', 'fonoaudiologo'],
  'laudo.draft': ['medico', 'fonoaudiologo'],
  // a fonoaudiólogo finalises the audiological report only: the nexo causal is the physician's (NR-7 Anexo II item 6)
  'laudo.finalize': ['medico', 'fonoaudiologo'],
  'dashboards.export': ['administrador', 'medico', 'fonoaudiologo', 'seguranca'],
  'records.delete': ['administrador'],
  // companies, sectors, GHEs and their noise exposure (issue 19): the PCMSO physician and the PGR's safety professional
  'programme.manage': ['administrador', 'medico', 'seguranca'],
  // the access trail of the records (issue 20): an administrative control over who read what (LGPD art. 37, 46)
  'audit.read': ['administrador'],
  // LGPD rights of a worker (issue 20): the data export and deciding deletion requests (LGPD art. 18)
  'privacy.manage': ['administrador'],
};

/** pt-BR wording of each action, for the 403 message and docs/permissions.md. */
export const ACTION_LABELS: Record<Action, string> = {
  'team.manage': 'gerenciar a equipe, as configurações da organização e os tokens de incorporação',
  'workers.write': 'cadastrar e editar trabalhadores',
  'exams.write': 'registrar exames, enviar audiogramas e revisar leituras',
  'exams.designate-reference': 'designar o exame de referência',
  'laudo.draft': 'elaborar e editar laudos',
  'laudo.finalize': 'finalizar laudos',
  'dashboards.export': 'ver os painéis da empresa e exportar dados',
  'records.delete': 'excluir trabalhadores e exames',
  'programme.manage': 'cadastrar empresas, setores e GHEs e a exposição ao ruído',
  'audit.read': 'consultar a trilha de auditoria dos acessos aos prontuários',
  'privacy.manage': 'exportar os dados de um trabalhador e decidir pedidos de exclusão (LGPD)',
};

export function can(roles: readonly Role[], action: Action): boolean {
  const allowed = PERMISSIONS[action];
  return roles.some((r) => allowed.includes(r));
}

/** Every action the roles allow, in table order (sent to the web app so it offers only those). */
export function permissionsOf(roles: readonly Role[]): Action[] {
  return ACTIONS.filter((a) => can(roles, a));
}

export class ForbiddenError extends DomainError {
  readonly code = 'AUTH.FORBIDDEN';
  constructor(message: string) {
    super(message);
  }
}

export function forbiddenMessage(action: Action): string {
  return `Seu papel nesta organização não permite ${ACTION_LABELS[action]}. Fale com o administrador da equipe.`;
}

/** The check every guarded use case starts with. */
export function requirePermission(who: { roles: readonly Role[] }, action: Action): Result<void, ForbiddenError> {
  return can(who.roles, action) ? ok(undefined) : err(new ForbiddenError(forbiddenMessage(action)));
}

/** The nexo causal (occupational causation) is a conclusive-diagnosis act: a physician's (NR-7 Anexo II item 6). */
export const NEXO_FINALIZE_MESSAGE =
  'A conclusão de nexo causal é atribuição do médico (NR-7, Anexo II, item 6). Como fonoaudiólogo(a), finalize laudos de audiometria simples (relatório audiológico).';

/** May these roles finalise a laudo of this type? A fonoaudiólogo only the simple (audiological) one. */
export function requireFinalizePermission(who: { roles: readonly Role[] }, laudoType: 'simple' | 'nexo-causal'): Result<void, ForbiddenError> {
  const base = requirePermission(who, 'laudo.finalize');
  if (!base.ok) return base;
  if (laudoType === 'nexo-causal' && !who.roles.includes('medico')) return err(new ForbiddenError(NEXO_FINALIZE_MESSAGE));
  return ok(undefined);
}

/** The professional role that matches a registration's professional type (existing users, new organisations). */
export function professionalRoleFor(type: ProfessionalType | null): ProfessionalRole | undefined {
  if (type === 'Medico') return 'medico';
  if (type === 'Fonoaudiologo') return 'fonoaudiologo';
  if (type === 'Engenheiro') return 'seguranca';
  return undefined;
}

/** The professional type a professional role requires (médico needs a CRM, fonoaudiólogo a CRFa); undefined = any. */
export function requiredTypeFor(role: ProfessionalRole): ProfessionalType | undefined {
  if (role === 'medico') return 'Medico';
  if (role === 'fonoaudiologo') return 'Fonoaudiologo';
  return undefined;
}

/** Roles of the registering user of a new organisation: administrator plus their professional role. */
export function founderRoles(type: ProfessionalType | null): Role[] {
  const professional = professionalRoleFor(type);
  return professional ? ['administrador', professional] : ['administrador'];
}

export const ROLES_MESSAGES = {
  empty: 'Escolha ao menos um papel.',
  twoProfessional: 'Escolha um único papel profissional (além de administrador).',
  unknown: 'Papel inválido.',
  typeMismatch: (role: ProfessionalRole, type: ProfessionalType) =>
    `O papel ${ROLE_LABELS[role]} exige o tipo profissional ${type === 'Medico' ? 'Médico(a) (CRM)' : 'Fonoaudiólogo(a) (CRFa)'}.`,
} as const;

/**
 * A member's roles: one or more known roles, at most one professional role, in table order.
 * `type`, when given, must match the professional role that requires one.
 */
export function validateRoles(input: readonly string[], type?: ProfessionalType | null): Result<Role[], string> {
  const unique = [...new Set(input)];
  if (unique.length === 0) return err(ROLES_MESSAGES.empty);
  if (unique.some((r) => !(ROLES as readonly string[]).includes(r))) return err(ROLES_MESSAGES.unknown);
  const roles = ROLES.filter((r) => unique.includes(r));
  const professional = roles.filter((r): r is ProfessionalRole => r !== 'administrador');
  if (professional.length > 1) return err(ROLES_MESSAGES.twoProfessional);
  const required = professional[0] && requiredTypeFor(professional[0]);
  if (required && type !== undefined && type !== required) return err(ROLES_MESSAGES.typeMismatch(professional[0]!, required));
  return ok(roles);
}

/**
 * A member's roles after their professional type changed (profile edit or completion): a role bound to
 * the old type (médico, fonoaudiólogo) becomes the new type's role, and an administrator without a
 * professional role (a Google account that had no type yet) gains it. Other roles stay as they are.
 */
export function rolesAfterTypeChange(roles: readonly Role[], type: ProfessionalType | null): Role[] {
  const matching = professionalRoleFor(type);
  const bound = roles.find((r): r is ProfessionalRole => r !== 'administrador' && requiredTypeFor(r as ProfessionalRole) !== undefined);
  let next: Role[] = [...roles];
  if (bound && requiredTypeFor(bound) !== type) next = next.filter((r) => r !== bound).concat(matching ? [matching] : []);
  if (!next.some((r) => r !== 'administrador') && next.includes('administrador') && matching) next.push(matching);
  return ROLES.filter((r) => next.includes(r));
}

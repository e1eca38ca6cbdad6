import { fixedError } from '../shared/domain-error';
import type { Role } from './permissions';

/** A professional's place in one organisation (issue 18): roles, status, last access. */
export interface Membership {
  id: string;
  organizationId: string;
  userId: string;
  roles: Role[];
  status: MembershipStatus;
  createdAt: Date;
  /** Who invited them; null for the founder of the organisation (and memberships migrated from before teams). */
  invitedBy: string | null;
  deactivatedAt: Date | null;
  lastAccessAt: Date | null;
}

export type MembershipStatus = 'ativo' | 'desativado';

/** One line of the members list: the membership with the professional's name, e-mail and registry. */
export interface MemberView extends Membership {
  name: string;
  email: string;
  professionalType: string | null;
  registry: string | null;
}

/** An organisation a login belongs to, for the picker after login and the switcher in the user menu. */
export interface MembershipSummary {
  organizationId: string;
  organizationName: string;
  memberId: string;
  roles: Role[];
}

/** A single-use invitation link, valid for 7 days. Only the SHA-256 of the secret in the link is stored. */
export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  roles: Role[];
  tokenHash: string;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedBy: string | null;
  revokedAt: Date | null;
}

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Pending invitations an organisation may hold at once (a typo loop must not fill the table). */
export const MAX_PENDING_INVITATIONS = 200;

/** Checked when a member would no longer be an active administrator. */
export const TEAM_MESSAGES = {
  lastAdmin: 'A organização precisa de ao menos um administrador ativo. Torne outro membro administrador antes.',
  memberNotFound: 'Membro não encontrado',
  invitationNotFound: 'Convite não encontrado',
  invitationInvalid: 'Convite inválido, expirado, revogado ou já utilizado. Peça um novo convite ao administrador.',
  alreadyMember: 'Este e-mail já é de um membro ativo desta organização.',
  membershipInactive: 'Seu acesso a esta organização foi desativado. Fale com o administrador da equipe.',
  noOrganization: 'Sua conta não está ativa em nenhuma organização. Fale com o administrador da equipe.',
  tooManyInvitations: `Há convites pendentes demais (${MAX_PENDING_INVITATIONS}). Revogue os que não serão usados.`,
  wrongAccount: 'Este convite foi enviado para outro e-mail. Saia da conta atual e abra o link novamente.',
  mailSubject: (organization: string) => `Limiar — convite para a equipe de ${organization}`,
} as const;

export class LastAdministratorError extends fixedError('TEAM.LAST_ADMIN_CONFLICT', TEAM_MESSAGES.lastAdmin) {}
export class MemberNotFoundError extends fixedError('MEMBER.NOT_FOUND', TEAM_MESSAGES.memberNotFound) {}
export class InvitationNotFoundError extends fixedError('INVITATION.NOT_FOUND', TEAM_MESSAGES.invitationNotFound) {}
export class InvitationInvalidError extends fixedError('INVITATION.INVALID', TEAM_MESSAGES.invitationInvalid, 'token') {}
export class AlreadyMemberError extends fixedError('TEAM.ALREADY_MEMBER', TEAM_MESSAGES.alreadyMember, 'email') {}
/** The login is valid but has no active membership in the organisation asked for (or any). */
export class MembershipInactiveError extends fixedError('AUTH.MEMBERSHIP_INACTIVE', TEAM_MESSAGES.membershipInactive) {}
export class NoActiveOrganizationError extends fixedError('AUTH.MEMBERSHIP_INACTIVE', TEAM_MESSAGES.noOrganization) {}
export class TooManyInvitationsError extends fixedError('TEAM.INVITATIONS_CONFLICT', TEAM_MESSAGES.tooManyInvitations) {}
export class InvitationForAnotherAccountError extends fixedError('INVITATION.WRONG_ACCOUNT_CONFLICT', TEAM_MESSAGES.wrongAccount) {}

/** The invitation e-mail (pt-BR, plain text). */
export function invitationMail(organization: string, invitedByName: string, rolesLabel: string, link: string, expiresAt: Date) {
  const until = expiresAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  return {
    subject: TEAM_MESSAGES.mailSubject(organization),
    text: [
      'Olá.',
      '',
      `${invitedByName} convidou você para a equipe de ${organization} no Limiar, como ${rolesLabel}.`,
      'Para aceitar, abra o link abaixo:',
      '',
      link,
      '',
      `O link vale até ${until} e só pode ser usado uma vez. Se você já tem conta no Limiar com este e-mail, basta entrar com ela ao aceitar.`,
      '',
      'Se você não esperava este convite, ignore este e-mail.',
    ].join('\n'),
  };
}

/** The membership of the registering user of a new organisation: administrator plus their professional role. */
export function founderMembership(id: string, organizationId: string, userId: string, roles: Role[], now: Date): Membership {
  return { id, organizationId, userId, roles, status: 'ativo', createdAt: now, invitedBy: null, deactivatedAt: null, lastAccessAt: null };
}

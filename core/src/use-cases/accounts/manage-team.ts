import { AccountValidationError } from '../../accounts/account-errors';
import { EMAIL_PATTERN } from '../../accounts/account-rules';
import {
  AlreadyMemberError, INVITATION_TTL_MS, InvitationNotFoundError, LastAdministratorError, MAX_PENDING_INVITATIONS,
  MemberNotFoundError, TooManyInvitationsError, invitationMail, type Invitation, type MemberView,
} from '../../accounts/membership';
import { ACCOUNT_MESSAGES as M } from '../../accounts/messages';
import { ROLE_LABELS, requirePermission, validateRoles, type ForbiddenError, type Role } from '../../accounts/permissions';
import type { InvitationRepository, MembershipRepository, OrganizationRepository, ProfessionalRepository, SessionRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { SecretHasher } from '../../ports/embed-ports';
import type { IdGenerator } from '../../ports/id-generator';
import type { MailSender } from '../../ports/mail-sender';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { err, ok, type Result } from '../../shared/result';
import { inTransaction } from '../../shared/in-transaction';
import type { AuthContext } from './session-policy';

export interface TeamStores {
  memberships: MembershipRepository;
  invitations: InvitationRepository;
  professionals: ProfessionalRepository;
  organizations: OrganizationRepository;
  sessions: SessionRepository;
}

/** A new invitation: the link's secret is returned once (shown and copyable), and mailed when SMTP is set up. */
export interface IssuedInvitation {
  invitation: Invitation;
  token: string;
  /** The absolute (or, without a public URL, root-relative) acceptance link. */
  link: string;
  emailSent: boolean;
}

export interface PendingInvitationView extends Invitation {
  invitedByName: string;
}

/** How roles are printed in lists and e-mails: "Administrador(a) e Médico(a)". */
export function rolesLabel(roles: readonly Role[]): string {
  const labels = roles.map((r) => ROLE_LABELS[r]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} e ${labels[labels.length - 1]}` : (labels[0] ?? '');
}

/**
 * Configurações › Equipe (issue 18): members, roles, deactivation and invitations of the session's
 * organisation. Only `team.manage` (administrators) may use it; the organisation always keeps at least
 * one active administrator, checked under a row lock so two administrators demoting each other at
 * once cannot leave none.
 */
export class ManageTeam {
  constructor(
    private readonly s: TeamStores,
    private readonly secrets: SecretHasher,
    /** null when no mail server is configured: the link is only shown. */
    private readonly mail: MailSender | null,
    private readonly linkFor: (token: string) => string,
    private readonly uow: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async members(auth: AuthContext): Promise<Result<MemberView[], ForbiddenError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    return ok(await this.s.memberships.listMembers(auth.organizationId));
  }

  async changeRoles(auth: AuthContext, memberId: string, input: readonly string[]): Promise<Result<MemberView, ForbiddenError | MemberNotFoundError | AccountValidationError | LastAdministratorError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    return inTransaction(this.uow, async (): Promise<Result<MemberView, MemberNotFoundError | AccountValidationError | LastAdministratorError>> => {
      const member = await this.s.memberships.findById(auth.organizationId, memberId);
      if (!member) return err(new MemberNotFoundError());
      const who = await this.s.professionals.findById(member.userId);
      const roles = validateRoles(input, who?.professionalType ?? null);
      if (!roles.ok) return err(new AccountValidationError(roles.error, 'roles'));
      if (member.status === 'ativo' && member.roles.includes('administrador') && !roles.value.includes('administrador')) {
        const guard = await this.keepsAnAdministrator(auth.organizationId);
        if (!guard.ok) return guard;
      }
      await this.s.memberships.update({ ...member, roles: roles.value });
      return ok(await this.view(auth.organizationId, memberId));
    });
  }

  /** Deactivates a member: their sessions in this organisation are revoked at once; what they authored stays attributed. */
  async deactivate(auth: AuthContext, memberId: string): Promise<Result<MemberView, ForbiddenError | MemberNotFoundError | LastAdministratorError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    return inTransaction(this.uow, async (): Promise<Result<MemberView, MemberNotFoundError | LastAdministratorError>> => {
      const member = await this.s.memberships.findById(auth.organizationId, memberId);
      if (!member) return err(new MemberNotFoundError());
      if (member.status === 'desativado') return ok(await this.view(auth.organizationId, memberId));
      if (member.roles.includes('administrador')) {
        const guard = await this.keepsAnAdministrator(auth.organizationId);
        if (!guard.ok) return guard;
      }
      const now = this.clock.now();
      await this.s.memberships.update({ ...member, status: 'desativado', deactivatedAt: now });
      await this.s.sessions.revokeAllForMember(member.userId, auth.organizationId, now);
      return ok(await this.view(auth.organizationId, memberId));
    });
  }

  async reactivate(auth: AuthContext, memberId: string): Promise<Result<MemberView, ForbiddenError | MemberNotFoundError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    const member = await this.s.memberships.findById(auth.organizationId, memberId);
    if (!member) return err(new MemberNotFoundError());
    if (member.status !== 'ativo') await this.s.memberships.update({ ...member, status: 'ativo', deactivatedAt: null });
    return ok(await this.view(auth.organizationId, memberId));
  }

  async invitations(auth: AuthContext): Promise<Result<PendingInvitationView[], ForbiddenError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    const pending = await this.s.invitations.listPending(auth.organizationId, this.clock.now());
    const names = new Map<string, string>();
    for (const i of pending) {
      if (!names.has(i.invitedBy)) names.set(i.invitedBy, (await this.s.professionals.findById(i.invitedBy))?.name ?? 'Profissional');
    }
    return ok(pending.map((i) => ({ ...i, invitedByName: names.get(i.invitedBy)! })));
  }

  async invite(auth: AuthContext, input: { email: string; roles: readonly string[] }): Promise<Result<IssuedInvitation, ForbiddenError | AccountValidationError | AlreadyMemberError | TooManyInvitationsError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    const email = input.email.trim().toLowerCase();
    if (!email) return err(new AccountValidationError(M.fillRequiredFields, 'email'));
    if (!EMAIL_PATTERN.test(email) || email.length > 254) return err(new AccountValidationError(M.invalidEmail, 'email'));
    const existing = await this.s.professionals.findByEmail(email);
    const roles = validateRoles(input.roles, existing ? existing.professionalType : undefined);
    if (!roles.ok) return err(new AccountValidationError(roles.error, 'roles'));
    if (existing) {
      const member = await this.s.memberships.findFor(auth.organizationId, existing.id);
      if (member?.status === 'ativo') return err(new AlreadyMemberError());
    }
    const now = this.clock.now();
    if ((await this.s.invitations.listPending(auth.organizationId, now)).length >= MAX_PENDING_INVITATIONS) return err(new TooManyInvitationsError());
    const token = this.secrets.newSecret();
    const invitation: Invitation = {
      id: this.ids.next(), organizationId: auth.organizationId, email, roles: roles.value, tokenHash: this.secrets.hash(token),
      invitedBy: auth.userId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), acceptedAt: null, acceptedBy: null, revokedAt: null,
    };
    await this.s.invitations.insert(invitation);
    const link = this.linkFor(token);
    if (this.mail) {
      const organization = await this.s.organizations.findById(auth.organizationId);
      const inviter = await this.s.professionals.findById(auth.userId);
      const message = invitationMail(organization?.name ?? 'sua organização', inviter?.name ?? 'Um administrador', rolesLabel(roles.value), link, invitation.expiresAt);
      await this.mail.send({ to: email, ...message });
    }
    return ok({ invitation, token, link, emailSent: this.mail !== null });
  }

  async revokeInvitation(auth: AuthContext, id: string): Promise<Result<void, ForbiddenError | InvitationNotFoundError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    return (await this.s.invitations.revoke(auth.organizationId, id, this.clock.now())) ? ok(undefined) : err(new InvitationNotFoundError());
  }

  private async keepsAnAdministrator(organizationId: string): Promise<Result<void, LastAdministratorError>> {
    // the lock serialises concurrent demotions: the second one counts after the first committed
    const admins = await this.s.memberships.countActiveAdministrators(organizationId, true);
    return admins > 1 ? ok(undefined) : err(new LastAdministratorError());
  }

  private async view(organizationId: string, memberId: string): Promise<MemberView> {
    const all = await this.s.memberships.listMembers(organizationId);
    return all.find((m) => m.id === memberId)!;
  }
}


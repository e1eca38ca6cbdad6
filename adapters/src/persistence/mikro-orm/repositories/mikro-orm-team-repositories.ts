import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  Invitation, InvitationRepository, MemberView, Membership, MembershipRepository, MembershipSummary, ProfessionalType, Role, Session,
} from '../../../../../core/src';
import { registryLabel } from '../../../../../core/src';
import { prepared } from './sql-rows';
import { isUuid } from './uuid';

// knex expands array bindings into lists: role arrays travel as 'a,b' and become text[] in SQL (roles hold no commas)
/** `em` is the ORM's global manager: inside a request or a transaction it resolves to that fork. */
type Em = () => EntityManager;
type Row = Record<string, unknown>;

const date = (v: unknown) => (v == null ? null : new Date(v as string));

function toMembership(r: Row): Membership {
  return {
    id: r.id as string, organizationId: r.organization_id as string, userId: r.user_id as string, roles: r.roles as Role[],
    status: r.status as Membership['status'], createdAt: new Date(r.created_at as string), invitedBy: (r.invited_by as string) ?? null,
    deactivatedAt: date(r.deactivated_at), lastAccessAt: date(r.last_access_at),
  };
}

function toInvitation(r: Row): Invitation {
  return {
    id: r.id as string, organizationId: r.organization_id as string, email: r.email as string, roles: r.roles as Role[],
    tokenHash: r.token_hash as string, invitedBy: r.invited_by as string, createdAt: new Date(r.created_at as string),
    expiresAt: new Date(r.expires_at as string), acceptedAt: date(r.accepted_at), acceptedBy: (r.accepted_by as string) ?? null,
    revokedAt: date(r.revoked_at),
  };
}

abstract class SqlRepository {
  constructor(protected readonly em: Em) {}
  protected rows(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em().getConnection().execute<Row[]>(sql, params, 'all', this.em().getTransactionContext());
  }
  protected async affected(sql: string, params: unknown[]): Promise<number> {
    const res = await this.em().getConnection().execute<{ affectedRows: number }>(sql, params, 'run', this.em().getTransactionContext());
    return res.affectedRows;
  }
}

export class MikroOrmMembershipRepository extends SqlRepository implements MembershipRepository {
  async insert(m: Membership) {
    const n = await this.affected(
      `insert into membership (id, organization_id, user_id, roles, status, created_at, invited_by, deactivated_at, last_access_at)
       values (?, ?, ?, string_to_array(?, ','), ?, ?, ?, ?, ?) on conflict (organization_id, user_id) do nothing`,
      [m.id, m.organizationId, m.userId, m.roles.join(','), m.status, m.createdAt, m.invitedBy, m.deactivatedAt, m.lastAccessAt],
    );
    return n === 1 ? ('inserted' as const) : ('duplicate' as const);
  }

  async findById(organizationId: string, id: string) {
    if (!isUuid(id) || !isUuid(organizationId)) return undefined;
    const [r] = await this.rows('select * from membership where id = ? and organization_id = ?', [id, organizationId]);
    return r ? toMembership(r) : undefined;
  }

  async findFor(organizationId: string, userId: string) {
    if (!isUuid(userId) || !isUuid(organizationId)) return undefined;
    const [r] = await this.rows('select * from membership where organization_id = ? and user_id = ?', [organizationId, userId]);
    return r ? toMembership(r) : undefined;
  }

  async findForActiveSession(sessionId: string, now: Date) {
    if (!isUuid(sessionId)) return undefined;
    // the membership's columns under m_ names beside the session's (both tables have id, organization_id, created_at)
    const [r] = await prepared(this.em())(
      `select s.*, m.id as m_id, m.organization_id as m_organization_id, m.user_id as m_user_id, m.roles as m_roles, m.status as m_status,
         m.created_at as m_created_at, m.invited_by as m_invited_by, m.deactivated_at as m_deactivated_at, m.last_access_at as m_last_access_at
       from session s left join membership m on m.organization_id = s.organization_id and m.user_id = s.user_id
       where s.id = ? and s.revoked_at is null and s.expires_at > ?`,
      [sessionId, now],
    );
    if (!r) return undefined;
    const session: Session = {
      id: r.id as string, userId: r.user_id as string, organizationId: r.organization_id as string, createdAt: new Date(r.created_at as string),
      expiresAt: new Date(r.expires_at as string), revokedAt: date(r.revoked_at), userAgent: (r.user_agent as string) ?? null, ip: (r.ip as string) ?? null,
    };
    const membership = r.m_id == null ? undefined
      : toMembership(Object.fromEntries(Object.entries(r).filter(([k]) => k.startsWith('m_')).map(([k, v]) => [k.slice(2), v])));
    return { session, membership };
  }

  async update(m: Membership) {
    await this.affected("update membership set roles = string_to_array(?, ','), status = ?, deactivated_at = ? where id = ?", [m.roles.join(','), m.status, m.deactivatedAt, m.id]);
  }

  async listMembers(organizationId: string): Promise<MemberView[]> {
    const rows = await this.rows(
      `select m.*, p.name, p.email, p.professional_type, p.crm, p.crm_state, p.crfa, p.crfa_region, p.crea, p.crea_state
       from membership m join professional p on p.id = m.user_id
       where m.organization_id = ? order by (m.status = 'ativo') desc, p.name collate "C"`,
      [organizationId],
    );
    return rows
      .map((r) => ({
        ...toMembership(r), name: r.name as string, email: r.email as string, professionalType: (r.professional_type as string) ?? null,
        registry: registryLabel({
          professionalType: (r.professional_type as ProfessionalType) ?? null, crm: r.crm as string, crmState: r.crm_state as string,
          crfa: r.crfa as string, crfaRegion: r.crfa_region as string, crea: r.crea as string, creaState: r.crea_state as string,
        }) ?? null,
      }))
      .sort((a, b) => (a.status === b.status ? a.name.localeCompare(b.name, 'pt-BR') : a.status === 'ativo' ? -1 : 1));
  }

  async listActiveForUser(userId: string): Promise<MembershipSummary[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.rows(
      `select m.id, m.organization_id, m.roles, o.name from membership m join organization o on o.id = m.organization_id
       where m.user_id = ? and m.status = 'ativo'`,
      [userId],
    );
    return rows
      .map((r) => ({ organizationId: r.organization_id as string, organizationName: r.name as string, memberId: r.id as string, roles: r.roles as Role[] }))
      .sort((a, b) => a.organizationName.localeCompare(b.organizationName, 'pt-BR'));
  }

  async countActiveAdministrators(organizationId: string, lock = false) {
    // `for update` cannot go with count(*): lock the rows, then count them
    const rows = await this.rows(
      `select id from membership where organization_id = ? and status = 'ativo' and 'administrador' = any(roles)${lock ? ' for update' : ''}`,
      [organizationId],
    );
    return rows.length;
  }

  async touch(id: string, at: Date) {
    await this.affected('update membership set last_access_at = ? where id = ? and (last_access_at is null or last_access_at < ?)', [at, id, at]);
  }
}

export class MikroOrmInvitationRepository extends SqlRepository implements InvitationRepository {
  async insert(i: Invitation) {
    await this.affected(
      `insert into invitation (id, organization_id, email, roles, token_hash, invited_by, created_at, expires_at, accepted_at, accepted_by, revoked_at)
       values (?, ?, ?, string_to_array(?, ','), ?, ?, ?, ?, ?, ?, ?)`,
      [i.id, i.organizationId, i.email, i.roles.join(','), i.tokenHash, i.invitedBy, i.createdAt, i.expiresAt, i.acceptedAt, i.acceptedBy, i.revokedAt],
    );
  }

  async findByHash(tokenHash: string) {
    const [r] = await this.rows('select * from invitation where token_hash = ?', [tokenHash]);
    return r ? toInvitation(r) : undefined;
  }

  async accept(id: string, userId: string, now: Date) {
    const n = await this.affected(
      'update invitation set accepted_at = ?, accepted_by = ? where id = ? and accepted_at is null and revoked_at is null and expires_at > ?',
      [now, userId, id, now],
    );
    return n === 1;
  }

  async listPending(organizationId: string, now: Date) {
    const rows = await this.rows(
      'select * from invitation where organization_id = ? and accepted_at is null and revoked_at is null and expires_at > ? order by created_at desc',
      [organizationId, now],
    );
    return rows.map(toInvitation);
  }

  async revoke(organizationId: string, id: string, now: Date) {
    if (!isUuid(id)) return false;
    const n = await this.affected(
      'update invitation set revoked_at = ? where id = ? and organization_id = ? and accepted_at is null and revoked_at is null and expires_at > ?',
      [now, id, organizationId, now],
    );
    return n === 1;
  }
}

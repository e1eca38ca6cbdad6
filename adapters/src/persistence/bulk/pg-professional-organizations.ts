import type pg from 'pg';
import type { MembershipSummary, ProfessionalOrganizations, Role } from '../../../../core/src';

/** `ProfessionalOrganizations` with one plain query (the bulk commands never load the ORM). */
export class PgProfessionalOrganizations implements ProfessionalOrganizations {
  constructor(private readonly pool: pg.Pool) {}

  async organizationsOf(email: string): Promise<MembershipSummary[]> {
    const rows = await this.pool.query<{ organization_id: string; name: string; member_id: string; roles: Role[] }>(
      `select m.organization_id, o.name, m.id as member_id, m.roles
       from professional p join membership m on m.user_id = p.id and m.status = 'ativo' join organization o on o.id = m.organization_id
       where lower(p.email) = lower($1)`,
      [email.trim()],
    );
    return rows.rows
      .map((r) => ({ organizationId: r.organization_id, organizationName: r.name, memberId: r.member_id, roles: r.roles }))
      .sort((a, b) => a.organizationName.localeCompare(b.organizationName, 'pt-BR'));
  }
}

import type pg from 'pg';
import type { ProfessionalOrganizations } from '../../../../core/src';

/** `ProfessionalOrganizations` with one plain query (the bulk commands never load the ORM). */
export class PgProfessionalOrganizations implements ProfessionalOrganizations {
  constructor(private readonly pool: pg.Pool) {}

  async organizationOf(email: string): Promise<string | null> {
    const users = await this.pool.query<{ organization_id: string }>('select organization_id from professional where lower(email) = lower($1)', [email.trim()]);
    return users.rows[0]?.organization_id ?? null;
  }
}

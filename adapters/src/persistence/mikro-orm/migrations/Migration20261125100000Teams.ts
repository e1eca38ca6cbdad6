import { Migration } from '@mikro-orm/migrations';

/**
 * Teams (issue 18): a login is a member of one or more organisations, with roles, and joins a team by a
 * single-use invitation. Every existing professional becomes the administrator of their organisation
 * and keeps the professional role of their type, so every existing flow keeps working.
 */
export class Migration20261125100000Teams extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table membership (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      user_id uuid not null references professional(id) on delete cascade,
      roles text[] not null check (cardinality(roles) > 0 and roles <@ array['administrador','medico','fonoaudiologo','seguranca','tecnico']::text[]),
      status text not null default 'ativo' check (status in ('ativo','desativado')),
      created_at timestamptz not null,
      invited_by uuid null references professional(id) on delete set null,
      deactivated_at timestamptz null,
      last_access_at timestamptz null
    );`);
    this.addSql('create unique index membership_org_user_unique on membership (organization_id, user_id);');
    this.addSql('create index membership_user_idx on membership (user_id);');
    this.addSql(`insert into membership (id, organization_id, user_id, roles, status, created_at)
      select gen_random_uuid(), p.organization_id, p.id,
        case p.professional_type
          when 'Medico' then array['administrador','medico']
          when 'Fonoaudiologo' then array['administrador','fonoaudiologo']
          when 'Engenheiro' then array['administrador','seguranca']
          else array['administrador'] end,
        'ativo', p.created_at
      from professional p;`);
    this.addSql(`create table invitation (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      email text not null,
      roles text[] not null check (cardinality(roles) > 0),
      token_hash text not null,
      invited_by uuid not null references professional(id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      accepted_at timestamptz null,
      accepted_by uuid null references professional(id) on delete set null,
      revoked_at timestamptz null
    );`);
    this.addSql('create unique index invitation_token_hash_unique on invitation (token_hash);');
    this.addSql('create index invitation_org_pending_idx on invitation (organization_id, created_at) where accepted_at is null and revoked_at is null;');
    this.addSql('create index session_user_org_active_idx on session (user_id, organization_id) where revoked_at is null;');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists session_user_org_active_idx;');
    this.addSql('drop table if exists invitation;');
    this.addSql('drop table if exists membership;');
  }
}

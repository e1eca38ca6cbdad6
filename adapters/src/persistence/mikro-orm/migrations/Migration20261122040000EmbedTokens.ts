import { Migration } from '@mikro-orm/migrations';

/** Read-only embed tokens of the evolution widget (stored hashed) and the audit of every widget call. */
export class Migration20261122040000EmbedTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table embed_token (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      name text not null,
      scope_kind text not null check (scope_kind in ('company','patient')),
      company_id uuid null references company(id) on delete cascade,
      patient_id uuid null references patient(id) on delete cascade,
      allowed_origins text[] not null,
      expires_at timestamptz null,
      revoked_at timestamptz null,
      initials_only boolean not null default false,
      secret_hash text not null,
      created_by uuid null references professional(id) on delete set null,
      created_at timestamptz not null,
      check ((scope_kind = 'company' and company_id is not null) or (scope_kind = 'patient' and patient_id is not null))
    );`);
    this.addSql('create index embed_token_org_idx on embed_token (organization_id, created_at desc);');
    this.addSql(`create table embed_access_log (
      id bigint generated always as identity primary key,
      token_id uuid null,
      organization_id uuid null,
      patient_id text null,
      origin text null,
      ip text null,
      outcome text not null,
      at timestamptz not null
    );`);
    this.addSql('create index embed_access_log_token_idx on embed_access_log (token_id, at);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists embed_access_log;');
    this.addSql('drop table if exists embed_token;');
  }
}

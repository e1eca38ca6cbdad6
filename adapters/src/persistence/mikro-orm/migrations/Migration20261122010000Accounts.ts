import { Migration } from '@mikro-orm/migrations';

/** Accounts and tenancy: organisations, professionals, sessions, login failures, public-site requests. */
export class Migration20261122010000Accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table organization (
      id uuid primary key,
      name text not null,
      created_at timestamptz not null
    );`);
    this.addSql(`create table professional (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      name text not null,
      email text not null,
      password_hash text null,
      google_subject text null,
      professional_type text null check (professional_type in ('Medico','Fonoaudiologo','Engenheiro')),
      crm text null, crm_state text null, crfa text null, crfa_region text null, crea text null, crea_state text null,
      specialization text null,
      phone_number text null,
      notification_preferences jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );`);
    this.addSql('create unique index professional_email_unique on professional (email);');
    this.addSql('create unique index professional_google_subject_unique on professional (google_subject) where google_subject is not null;');
    this.addSql('create index professional_organization_idx on professional (organization_id);');
    this.addSql(`create table session (
      id uuid primary key,
      user_id uuid not null references professional(id) on delete cascade,
      organization_id uuid not null references organization(id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz null,
      user_agent text null,
      ip text null
    );`);
    this.addSql('create index session_user_active_idx on session (user_id) where revoked_at is null;');
    this.addSql(`create table login_attempt (
      id bigint generated always as identity primary key,
      email text not null,
      ip text not null,
      attempted_at timestamptz not null
    );`);
    this.addSql('create index login_attempt_lookup_idx on login_attempt (email, ip, attempted_at);');
    this.addSql(`create table contact_message (
      id uuid primary key,
      name text not null, email text not null, subject text not null, message text not null,
      ip text null,
      created_at timestamptz not null
    );`);
    this.addSql('create index contact_message_ip_idx on contact_message (ip, created_at);');
    this.addSql(`create table data_deletion_request (
      id uuid primary key,
      email text not null,
      status text not null check (status in ('recebido','em_andamento','concluido')),
      ip text null,
      created_at timestamptz not null
    );`);
    this.addSql('create index data_deletion_request_ip_idx on data_deletion_request (ip, created_at);');
  }

  override async down(): Promise<void> {
    for (const t of ['data_deletion_request', 'contact_message', 'login_attempt', 'session', 'professional', 'organization']) {
      this.addSql(`drop table if exists ${t} cascade;`);
    }
  }
}

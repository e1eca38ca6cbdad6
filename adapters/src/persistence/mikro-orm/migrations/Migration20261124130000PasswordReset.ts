import { Migration } from '@mikro-orm/migrations';

/** Password recovery (issue 14): single-use reset links (only the SHA-256 of the secret) and the request log. */
export class Migration20261124130000PasswordReset extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table password_reset_token (
      id uuid primary key,
      user_id uuid not null references professional(id) on delete cascade,
      token_hash text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      ip text null
    );`);
    this.addSql('create unique index password_reset_token_hash_unique on password_reset_token (token_hash);');
    this.addSql('create index password_reset_token_user_idx on password_reset_token (user_id) where used_at is null;');
    this.addSql(`create table password_reset_request (
      id bigint generated always as identity primary key,
      email text not null,
      ip text not null,
      requested_at timestamptz not null
    );`);
    this.addSql('create index password_reset_request_email_idx on password_reset_request (email, requested_at);');
    this.addSql('create index password_reset_request_ip_idx on password_reset_request (ip, requested_at);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists password_reset_request cascade;');
    this.addSql('drop table if exists password_reset_token cascade;');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 20: each member's ICP-Brasil A1 certificate, one per member per organisation. The PKCS#12 bytes and
 * their password are one encrypted file of the file storage (storage_key); the row only describes them.
 */
export class Migration20261127010000SigningCertificate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table signing_certificate (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      user_id uuid not null references professional(id) on delete cascade,
      subject_name text not null,
      issuer_name text not null,
      cpf varchar(11) null check (cpf ~ '^[0-9]{11}$'),
      crm text null,
      serial_number text not null,
      not_before timestamptz not null,
      not_after timestamptz not null,
      storage_key text not null,
      uploaded_at timestamptz not null,
      check (not_before <= not_after)
    );`);
    this.addSql('create unique index signing_certificate_member_unique on signing_certificate (organization_id, user_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists signing_certificate cascade;');
  }
}

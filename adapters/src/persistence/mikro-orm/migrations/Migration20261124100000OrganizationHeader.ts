import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14 (defect 9a): the clinic header printed on every laudo — CNPJ (14 digits), address, phone,
 * e-mail and the logo (key in the encrypted file storage, sniffed type, SHA-256). All optional.
 */
export class Migration20261124100000OrganizationHeader extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table organization
      add column cnpj text, add column address text, add column phone text, add column email text,
      add column logo_storage_key text, add column logo_mime_type text, add column logo_sha256 text;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table organization
      drop column cnpj, drop column address, drop column phone, drop column email,
      drop column logo_storage_key, drop column logo_mime_type, drop column logo_sha256;`);
  }
}

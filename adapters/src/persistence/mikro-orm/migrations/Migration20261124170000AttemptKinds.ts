import { Migration } from '@mikro-orm/migrations';

/** The login limiter's log also records register, change-password and public-form attempts (issue 15). */
export class Migration20261124170000AttemptKinds extends Migration {
  override async up(): Promise<void> {
    this.addSql("alter table login_attempt add column kind text not null default 'login';");
    this.addSql('drop index if exists login_attempt_lookup_idx;');
    this.addSql('create index login_attempt_email_idx on login_attempt (kind, email, attempted_at);');
    this.addSql('create index login_attempt_ip_idx on login_attempt (kind, ip, attempted_at);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists login_attempt_ip_idx;');
    this.addSql('drop index if exists login_attempt_email_idx;');
    this.addSql('create index login_attempt_lookup_idx on login_attempt (email, ip, attempted_at);');
    this.addSql('alter table login_attempt drop column kind;');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Who archived a worker (issue 18: the "deletion" of a worker records who did it, like an exam's). A jsonb
 * core `Attribution` `{memberId, userId, name, registry, at}`; null for active workers and for those
 * archived before teams (no record of who did it then).
 */
export class Migration20261125120000WorkerArchivedBy extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table patient add column archived_by jsonb null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table patient drop column if exists archived_by;');
  }
}

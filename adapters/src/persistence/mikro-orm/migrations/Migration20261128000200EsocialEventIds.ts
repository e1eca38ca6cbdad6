import { Migration } from '@mikro-orm/migrations';

/**
 * Every S-2220 event Id ever generated for an ASO (issue 21, docs/esocial.md §3.1). An edit clears the
 * ASO's current event, but its Id was issued (maybe sent): a later event generated in the same second must
 * not take it again. The Id's sequence counts this ledger, and an Id is unique here.
 */
export class Migration20261128000200EsocialEventIds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table aso_event_id (
      event_id varchar(36) primary key,
      aso_id uuid not null references aso(id) on delete cascade,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index aso_event_id_aso on aso_event_id (aso_id);');
    this.addSql('insert into aso_event_id (event_id, aso_id) select event_id, id from aso where event_id is not null on conflict do nothing;');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists aso_event_id;');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Name search on a stored, pre-normalised column (no unaccent call per row at query time): a
 * trigram index for matching and counting, and a b-tree for reading the first page in name order.
 */
export class Migration20261122030000PatientSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table patient add column name_search text generated always as (limiar_search_text(name)) stored;');
    this.addSql('drop index if exists patient_name_trgm_idx;');
    this.addSql('drop index if exists patient_org_name_idx;');
    this.addSql('create index patient_name_search_trgm_idx on patient using gin (name_search gin_trgm_ops);');
    this.addSql('create index patient_org_name_search_idx on patient (organization_id, name_search, id);');
  }

  override async down(): Promise<void> {
    this.addSql('alter table patient drop column name_search;');
  }
}

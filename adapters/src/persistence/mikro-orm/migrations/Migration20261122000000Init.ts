import { Migration } from '@mikro-orm/migrations';

/**
 * Foundation: the extensions later tables rely on, and an IMMUTABLE unaccent wrapper so that
 * accent- and case-insensitive name search can be backed by an expression index
 * (`create index ... using gin (limiar_search_text(name) gin_trgm_ops)`).
 */
export class Migration20261122000000Init extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists unaccent;');
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(`create or replace function limiar_search_text(value text) returns text
      language sql immutable parallel safe strict
      as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists limiar_search_text(text);');
  }
}

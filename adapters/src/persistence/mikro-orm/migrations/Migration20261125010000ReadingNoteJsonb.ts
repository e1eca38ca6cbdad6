import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 16 item 4: `exam.ambiente_json` (how the audiogram was read from a file, core `ReadingNote`)
 * becomes jsonb instead of JSON text. Stored strings are parsed into the new shape: a JSON object
 * keeps its keys and gains the ones the type requires when an older version left them out
 * (`confidence` 'unknown', `observations` [], `attempts` []); anything else (never written by
 * Limiar: not JSON, or not an object) becomes null, as the readers of the text treated it.
 */
export class Migration20261125010000ReadingNoteJsonb extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function limiar_reading_note_from_text(t text) returns jsonb language plpgsql immutable as $$
      declare v jsonb;
      begin
        if t is null then return null; end if;
        v := t::jsonb;
        if jsonb_typeof(v) <> 'object' then return null; end if;
        return jsonb_build_object('confidence', 'unknown', 'observations', '[]'::jsonb, 'attempts', '[]'::jsonb) || v;
      exception when others then
        return null;
      end $$;`);
    this.addSql('alter table exam alter column ambiente_json type jsonb using limiar_reading_note_from_text(ambiente_json);');
    this.addSql('drop function limiar_reading_note_from_text(text);');
  }

  override async down(): Promise<void> {
    this.addSql('alter table exam alter column ambiente_json type text using ambiente_json::text;');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 13 (rules 2026.11-2):
 * - `exam.reference_designation`: the professional's designation of an exam as the reference exam
 *   (clinical-rules I12) — `{reason, designatedBy, designatedAt}`, null when the automatic chain applies;
 * - `exam.classification_export` gains the four bound keys of the exported means (`…_bound`: 'min' when
 *   a no-response makes the mean a lower bound, I11), appended after the 13 keys of ADR 0009. The
 *   function is immutable by contract, so the column is dropped and re-added with the new function.
 * Stored classifications of an older rules version are recomputed at start-up (ReclassifyStaleExams).
 */
const CLASSIFICATION_EXPORT_KEYS = [
  'classification_right', 'classification_left', 'reference_date', 'rule_set', 'desencadeamento', 'agravamento',
  'pta3_right', 'pta3_left', 'mean_346_right', 'mean_346_left', 'who2021_grade', 'exam_complete', 'alerts',
  'pta3_right_bound', 'pta3_left_bound', 'mean_346_right_bound', 'mean_346_left_bound',
] as const;

const PREVIOUS_KEYS = CLASSIFICATION_EXPORT_KEYS.slice(0, 13);

function projection(keys: readonly string[]): string {
  const values = keys.map((k) => `coalesce((d->'${k}')::text, '')`).join(' || chr(31) || ');
  return `create function limiar_classification_export(c jsonb) returns text language plpgsql immutable strict parallel safe as $$
      declare d jsonb := c #> '{}';
      begin
        return ${values};
      end $$;`;
}

export class Migration20261124000000ReferenceDesignation extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table exam add column reference_designation jsonb;');
    this.addSql('alter table exam drop column classification_export;');
    this.addSql('drop function limiar_classification_export(jsonb);');
    this.addSql(projection(CLASSIFICATION_EXPORT_KEYS));
    this.addSql('alter table exam add column classification_export text generated always as (limiar_classification_export(classification)) stored;');
    this.addSql('create index exam_rules_version_idx on exam (rules_version);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index exam_rules_version_idx;');
    this.addSql('alter table exam drop column classification_export;');
    this.addSql('drop function limiar_classification_export(jsonb);');
    this.addSql(projection(PREVIOUS_KEYS));
    this.addSql('alter table exam add column classification_export text generated always as (limiar_classification_export(classification)) stored;');
    this.addSql('alter table exam drop column reference_designation;');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22 item 1, step 1 (ADR 0025): an exam row keeps its classification as typed columns — what
 * lists, filters, dashboards and the CSV export read — instead of reading keys out of the ~2 KB
 * `classification` jsonb. `classification_export` (≈ 270 bytes of text per exam, ADR 0009) is dropped:
 * the export formats these columns and rebuilds the alerts from `classification_bits`
 * (core/src/exams/classification-columns.ts).
 *
 * - `classification_right|left` nr7_classification, `reference_date`, `rule_set` nr7_rule_set,
 *   `who2021_grade` text, `pta3_*` / `mean_346_*` smallint hundredths of a dB (the document's values
 *   are rounded to 2 decimals);
 * - `desencadeamento`, `agravamento`: plain booleans (true only when the comparison says true), no
 *   longer generated from the jsonb; `exam_result` is generated from the two classes;
 * - `classification_bits` integer: bits 0–9 the per-ear alert facts, 10/11 desencadeamento/agravamento
 *   of the comparison is null (indeterminate), 12–15 the four mean bounds ('min'), 16 exam complete,
 *   17 completeness unknown, 18 an earlier exam of the same date raised alerts.
 * Every existing row is converted in SQL from its stored document (a test compares the conversion
 * with core's `classificationColumns`).
 */
const ALERT_KIND = (ear: string) => `(case classification->>'nr7_item_${ear}' when '5.3' then 1 when '5.3.1' then 2 when '5.4' then 3
    else case when jsonb_exists(classification, 'desencadeamento_${ear}') and (jsonb_typeof(classification->'desencadeamento_${ear}') = 'null' or jsonb_typeof(classification->'agravamento_${ear}') = 'null') then 4 else 0 end end)`;
const CRITERIA = (ear: string) => `(case when coalesce(jsonb_exists(classification->'nr7_criteria_${ear}', 'a'), false) then 1 else 0 end + case when coalesce(jsonb_exists(classification->'nr7_criteria_${ear}', 'b'), false) then 2 else 0 end)`;
const EAR_CODE = (ear: string) => `(case when jsonb_exists(classification, 'desencadeamento_${ear}') then ${ALERT_KIND(ear)} * 4 + ${CRITERIA(ear)} else 0 end)`;
const BIT = (cond: string, bit: number) => `(case when ${cond} then ${1 << bit} else 0 end)`;
const hundredths = (key: string) => `(case when jsonb_typeof(classification->'${key}') = 'number' then round((classification->>'${key}')::numeric * 100)::smallint end)`;

const CLASSIFICATION_BITS_SQL = `${EAR_CODE('right')} | (${EAR_CODE('left')} << 5)
  | ${BIT(`jsonb_exists(classification, 'reference_date') and jsonb_typeof(classification->'desencadeamento') is distinct from 'boolean'`, 10)}
  | ${BIT(`jsonb_exists(classification, 'reference_date') and jsonb_typeof(classification->'agravamento') is distinct from 'boolean'`, 11)}
  | ${BIT(`classification->>'pta3_right_bound' = 'min'`, 12)} | ${BIT(`classification->>'pta3_left_bound' = 'min'`, 13)}
  | ${BIT(`classification->>'mean_346_right_bound' = 'min'`, 14)} | ${BIT(`classification->>'mean_346_left_bound' = 'min'`, 15)}
  | ${BIT(`classification->'exam_complete' = 'true'::jsonb`, 16)} | ${BIT(`jsonb_typeof(classification->'exam_complete') is distinct from 'boolean'`, 17)}`;

const EXPORT_KEYS = [
  'classification_right', 'classification_left', 'reference_date', 'rule_set', 'desencadeamento', 'agravamento',
  'pta3_right', 'pta3_left', 'mean_346_right', 'mean_346_left', 'who2021_grade', 'exam_complete', 'alerts',
  'pta3_right_bound', 'pta3_left_bound', 'mean_346_right_bound', 'mean_346_left_bound',
] as const;

/** Each row's typed columns from its stored document. */
const CONVERT = `update exam set
      classification_right = case when classification->>'classification_right' in ('aceitavel', 'sugestivo_painpse', 'nao_sugestivo') then (classification->>'classification_right')::nr7_classification end,
      classification_left = case when classification->>'classification_left' in ('aceitavel', 'sugestivo_painpse', 'nao_sugestivo') then (classification->>'classification_left')::nr7_classification end,
      reference_date = case when jsonb_typeof(classification->'reference_date') = 'string' then (classification->>'reference_date')::date end,
      rule_set = case when classification->>'rule_set' in ('portaria19', 'nr7_anexo_ii') then (classification->>'rule_set')::nr7_rule_set end,
      who2021_grade = case when jsonb_typeof(classification->'who2021_grade') = 'string' then classification->>'who2021_grade' end,
      pta3_right = ${hundredths('pta3_right')}, pta3_left = ${hundredths('pta3_left')},
      mean_346_right = ${hundredths('mean_346_right')}, mean_346_left = ${hundredths('mean_346_left')},
      desencadeamento = coalesce(classification->'desencadeamento' = 'true'::jsonb, false),
      agravamento = coalesce(classification->'agravamento' = 'true'::jsonb, false),
      classification_bits = ${CLASSIFICATION_BITS_SQL}`;

export class Migration20261129020000ClassificationColumns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type nr7_classification as enum ('aceitavel', 'sugestivo_painpse', 'nao_sugestivo');`);
    this.addSql(`create type nr7_rule_set as enum ('portaria19', 'nr7_anexo_ii');`);
    this.addSql('drop index if exists exam_org_date_outcome_idx;');
    this.addSql('alter table exam drop column classification_export, drop column exam_result, drop column desencadeamento, drop column agravamento;');
    this.addSql('drop function limiar_classification_export(jsonb);');
    this.addSql(`alter table exam
      add column classification_right nr7_classification null,
      add column classification_left nr7_classification null,
      add column reference_date date null,
      add column rule_set nr7_rule_set null,
      add column who2021_grade text null,
      add column pta3_right smallint null,
      add column pta3_left smallint null,
      add column mean_346_right smallint null,
      add column mean_346_left smallint null,
      add column desencadeamento boolean not null default false,
      add column agravamento boolean not null default false,
      add column classification_bits integer not null default 0;`);
    this.addSql(`${CONVERT};`);
    // bit 18: an earlier exam of the same date (history order) raised alerts
    this.addSql(`update exam e set classification_bits = e.classification_bits | ${1 << 18}
      where exists (select 1 from exam x where x.patient_id = e.patient_id and x.exam_date = e.exam_date and x.created_at < e.created_at and x.classification_bits & 1023 <> 0);`);
    this.addSql(`alter table exam add column exam_result varchar(14) generated always as (case
        when classification_right = 'sugestivo_painpse' or classification_left = 'sugestivo_painpse' then 'sugestivo'
        when classification_right = 'nao_sugestivo' or classification_left = 'nao_sugestivo' then 'nao_sugestivo'
        when classification_right = 'aceitavel' or classification_left = 'aceitavel' then 'dentro_limites' end) stored;`);
    this.addSql('create index exam_org_date_outcome_idx on exam (organization_id, exam_date) include (patient_id, created_at, id, exam_result, desencadeamento, agravamento);');
  }

  override async down(): Promise<void> {
    const ear = (value: string) => `(classification->>'classification_right' = '${value}' or classification->>'classification_left' = '${value}')`;
    const values = EXPORT_KEYS.map((k) => `coalesce((d->'${k}')::text, '')`).join(' || chr(31) || ');
    this.addSql('drop index if exists exam_org_date_outcome_idx;');
    this.addSql(`alter table exam drop column exam_result, drop column classification_right, drop column classification_left, drop column reference_date, drop column rule_set,
      drop column who2021_grade, drop column pta3_right, drop column pta3_left, drop column mean_346_right, drop column mean_346_left,
      drop column desencadeamento, drop column agravamento, drop column classification_bits;`);
    this.addSql('drop type nr7_classification; drop type nr7_rule_set;');
    this.addSql(`create function limiar_classification_export(c jsonb) returns text language plpgsql immutable strict parallel safe as $$
      declare d jsonb := c #> '{}';
      begin
        return ${values};
      end $$;`);
    this.addSql(`alter table exam
      add column classification_export text generated always as (limiar_classification_export(classification)) stored,
      add column exam_result varchar(14) generated always as (case
        when ${ear('sugestivo_painpse')} then 'sugestivo'
        when ${ear('nao_sugestivo')} then 'nao_sugestivo'
        when ${ear('aceitavel')} then 'dentro_limites' end) stored,
      add column desencadeamento boolean generated always as (coalesce(classification->'desencadeamento' = 'true'::jsonb, false)) stored,
      add column agravamento boolean generated always as (coalesce(classification->'agravamento' = 'true'::jsonb, false)) stored;`);
    this.addSql('create index exam_org_date_outcome_idx on exam (organization_id, exam_date) include (patient_id, created_at, id, exam_result, desencadeamento, agravamento);');
  }
}

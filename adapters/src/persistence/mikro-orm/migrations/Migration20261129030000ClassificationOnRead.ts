import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22 item 1, step 2 (ADR 0025): the classification document is no longer stored. It is a pure
 * function of the worker's history (core `classifyHistory`), computed when an exam is read
 * (adapters/src/persistence/exam-classifications.ts); the typed columns of step 1 stay for SQL.
 * The programme's exam-update trigger compares the typed columns instead of the document.
 */
export class Migration20261129030000ClassificationOnRead extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function limiar_programme_mark_exam_update() returns trigger language plpgsql as $$
      begin
        insert into programme_dirty (organization_id, patient_id)
          select distinct x.organization_id, x.patient_id from old_rows o join new_rows n on n.id = o.id,
            lateral (values (o.organization_id, o.patient_id), (n.organization_id, n.patient_id)) x(organization_id, patient_id)
          where (o.exam_date, o.exam_type, o.patient_id, o.classification_right, o.classification_left, o.desencadeamento, o.agravamento, o.audiogram)
            is distinct from (n.exam_date, n.exam_type, n.patient_id, n.classification_right, n.classification_left, n.desencadeamento, n.agravamento, n.audiogram)
        on conflict do nothing;
        return null;
      end $$;`);
    this.addSql('alter table exam drop column classification;');
  }

  override async down(): Promise<void> {
    // the documents are recomputed by the start-up refresh (rules_version cleared: every worker is stale)
    this.addSql(`alter table exam add column classification jsonb not null default '{}'::jsonb;`);
    this.addSql(`update exam set rules_version = '';`);
    this.addSql(`create or replace function limiar_programme_mark_exam_update() returns trigger language plpgsql as $$
      begin
        insert into programme_dirty (organization_id, patient_id)
          select distinct x.organization_id, x.patient_id from old_rows o join new_rows n on n.id = o.id,
            lateral (values (o.organization_id, o.patient_id), (n.organization_id, n.patient_id)) x(organization_id, patient_id)
          where (o.exam_date, o.exam_type, o.patient_id, o.classification, o.audiogram) is distinct from (n.exam_date, n.exam_type, n.patient_id, n.classification, n.audiogram)
        on conflict do nothing;
        return null;
      end $$;`);
  }
}

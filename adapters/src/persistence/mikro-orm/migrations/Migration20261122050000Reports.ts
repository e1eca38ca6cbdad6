import { Migration } from '@mikro-orm/migrations';

/** Laudos: one per exam, removed with the patient or the exam; counted for the dashboard. */
export class Migration20261122050000Reports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table report (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      patient_id uuid not null references patient(id) on delete cascade,
      exam_id uuid not null references exam(id) on delete cascade,
      doctor_id uuid null references professional(id) on delete set null,
      doctor_name text not null,
      type text not null check (type in ('simple','nexo-causal')),
      status text not null check (status in ('Draft','Finalizado')),
      consultation_type text null,
      consultation_reason text null,
      nexo_answers jsonb null,
      draft_json text not null,
      pdf_storage_key text null,
      pdf_sha256 text null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      finalized_at timestamptz null
    );`);
    this.addSql('create unique index report_exam_unique on report (exam_id);');
    this.addSql('create index report_org_created_idx on report (organization_id, created_at desc, id);');
    this.addSql('create index report_patient_idx on report (patient_id);');
    this.addSql(`create function limiar_count_report_ins() returns trigger language plpgsql as $$
      begin
        insert into organization_counter (organization_id, reports)
          select organization_id, count(*) from new_rows group by organization_id
        on conflict (organization_id) do update set reports = organization_counter.reports + excluded.reports;
        return null;
      end $$;`);
    this.addSql(`create function limiar_count_report_del() returns trigger language plpgsql as $$
      begin
        update organization_counter c set reports = c.reports - d.n
          from (select organization_id, count(*) as n from old_rows group by organization_id) d
          where c.organization_id = d.organization_id;
        return null;
      end $$;`);
    this.addSql('create trigger report_count_ins after insert on report referencing new table as new_rows for each statement execute function limiar_count_report_ins();');
    this.addSql('create trigger report_count_del after delete on report referencing old table as old_rows for each statement execute function limiar_count_report_del();');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists report cascade;');
    this.addSql('drop function if exists limiar_count_report_ins();');
    this.addSql('drop function if exists limiar_count_report_del();');
  }
}

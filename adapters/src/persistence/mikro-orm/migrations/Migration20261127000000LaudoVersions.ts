import { Migration } from '@mikro-orm/migrations';

/**
 * Laudo versions (issue 20): an amendment is a new row of `report` for the same exam, version n + 1,
 * with its reason; the previous version keeps its PDF, hash and verification code and is marked
 * superseded when the amendment is finalised. `current` marks the one version per exam that lists,
 * the worklist, the evolution and the exports read. The dashboard counter counts laudos, not versions.
 */
export class Migration20261127000000LaudoVersions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table report
      add column version int not null default 1 check (version >= 1),
      add column current boolean not null default true,
      add column supersedes_id uuid null references report(id) on delete cascade,
      add column superseded_at timestamptz null,
      add column amendment_reason text null,
      add column verification_code varchar(16) null,
      add column signature_kind varchar(10) null check (signature_kind in ('icp', 'simples'));`);
    this.addSql('drop index report_exam_unique;');
    this.addSql('create unique index report_exam_current_unique on report (exam_id) where current;');
    this.addSql('create unique index report_exam_version_unique on report (exam_id, version);');
    this.addSql('create unique index report_verification_code_unique on report (verification_code) where verification_code is not null;');
    this.addSql(`create or replace function limiar_count_report_ins() returns trigger language plpgsql as $$
      begin
        insert into organization_counter (organization_id, reports)
          select organization_id, count(*) from new_rows where version = 1 group by organization_id
        on conflict (organization_id) do update set reports = organization_counter.reports + excluded.reports;
        return null;
      end $$;`);
    this.addSql(`create or replace function limiar_count_report_del() returns trigger language plpgsql as $$
      begin
        update organization_counter c set reports = c.reports - d.n
          from (select organization_id, count(*) as n from old_rows where version = 1 group by organization_id) d
          where c.organization_id = d.organization_id;
        return null;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('delete from report where not current;');
    this.addSql('drop index if exists report_exam_current_unique;');
    this.addSql('drop index if exists report_exam_version_unique;');
    this.addSql('drop index if exists report_verification_code_unique;');
    this.addSql('create unique index report_exam_unique on report (exam_id);');
    this.addSql(`alter table report drop column version, drop column current, drop column supersedes_id, drop column superseded_at,
      drop column amendment_reason, drop column verification_code, drop column signature_kind;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Marks the workers of the rows of a transition table (`rows`, with organization_id and patient_id) for a refresh. */
const markRows = (rows: string) =>
  `insert into programme_dirty (organization_id, patient_id) select distinct organization_id, patient_id from ${rows} on conflict do nothing;`;

/**
 * The programme dashboard's read model (issue 19, docs/testing.md "Programme dashboard"):
 *
 * - `exam.exam_result`, `exam.desencadeamento`, `exam.agravamento`: typed columns generated from the
 *   classification document — the worse ear, as core `resultOf` (sugestivo over não sugestivo over
 *   dentro dos limites; null without a classification) and the worker flags (true only when the
 *   document says `true`). Stored, so the statistics read neither jsonb nor the audiogram.
 * - `programme_worker`: one row per (non-archived) worker with an employment or an exam — the company,
 *   sector and GHE of the period in force (or the next one; none without employment), exposed or not,
 *   and the schedule computed by core `computeSchedule` in TypeScript (never in SQL): due date, reason,
 *   last exam, "sem exame de referência"; and the worker's outcome summary up to that day (latest
 *   exam's result, latest desencadeamento and agravamento dates), which answers the prevalence of any
 *   window ending today from 100 000 rows instead of the exams. `valid_until` is the next day on which
 *   the row changes by itself (a period starts or ends, the dismissal passes, a future-dated exam comes
 *   due); `computed_for` the day it was computed for. The states (em dia, vence em 30 dias, vencido)
 *   are derived at query time from `due_date`; `name_key` orders the worker list.
 * - `programme_worker_year`: per worker and calendar year (the trend's last five), the result of the
 *   latest exam of the year and whether any exam of the year showed desencadeamento/agravamento; and
 *   `programme_year_count`, their sums per company, sector, GHE and year — the trend by year without
 *   grouping a million exams (or half a million worker-years) per request.
 * - `programme_dirty`: workers whose rows must be recomputed, marked by statement-level triggers
 *   (transition tables: one insert per statement, bulk COPY included) on every change of exams
 *   (insert, delete, update of date, type, audiogram, classification or worker), employments, GHE
 *   exposure/periodicity, and a worker's archive/restore or new name. The queries refresh an organisation's marked
 *   workers (and rows past `valid_until`) before answering. No foreign keys: a mark may outlive its
 *   worker (a cascade delete marks it); the refresh drops such marks.
 * Every existing worker starts marked, so the first dashboard query builds the projection.
 */
export class Migration20261126020000ProgrammeProjection extends Migration {
  override async up(): Promise<void> {
    const ear = (value: string) => `(classification->>'classification_right' = '${value}' or classification->>'classification_left' = '${value}')`;
    this.addSql(`alter table exam
      add column exam_result varchar(14) generated always as (case
        when ${ear('sugestivo_painpse')} then 'sugestivo'
        when ${ear('nao_sugestivo')} then 'nao_sugestivo'
        when ${ear('aceitavel')} then 'dentro_limites' end) stored,
      add column desencadeamento boolean generated always as (coalesce(classification->'desencadeamento' = 'true'::jsonb, false)) stored,
      add column agravamento boolean generated always as (coalesce(classification->'agravamento' = 'true'::jsonb, false)) stored;`);
    // The prevalence window: the organisation's exams of a date range with what the figures need, from the index alone.
    this.addSql('create index exam_org_date_outcome_idx on exam (organization_id, exam_date) include (patient_id, created_at, id, exam_result, desencadeamento, agravamento);');

    this.addSql(`create table programme_dirty (
      organization_id uuid not null,
      patient_id uuid not null,
      primary key (organization_id, patient_id)
    );`);
    // No foreign keys on the projection (a check per written row doubled the rebuild): the refresh drops the rows
    // of a deleted worker (its exams and periods go with it and mark it), an organisation's delete drops its rows.
    this.addSql(`create table programme_worker (
      patient_id uuid primary key,
      organization_id uuid not null,
      name_key text not null,
      employment_id uuid null,
      company_id uuid null,
      sector_id uuid null,
      ghe_id uuid null,
      exposed boolean not null,
      due_date date null,
      reason varchar(16) null,
      last_exam_date date null,
      without_reference boolean not null default false,
      last_result varchar(14) null,
      last_desencadeamento_date date null,
      last_agravamento_date date null,
      valid_until date null,
      computed_for date not null
    );`);
    // The worker list: exposed workers by due date (nothing due last), then name — its first page straight from the index.
    this.addSql('create index programme_worker_due_idx on programme_worker (organization_id, due_date, name_key, patient_id) where exposed;');
    this.addSql('create index programme_worker_company_idx on programme_worker (organization_id, company_id, ghe_id);');
    this.addSql('create index programme_worker_valid_idx on programme_worker (organization_id, valid_until) where valid_until is not null;');
    this.addSql('create index programme_worker_computed_idx on programme_worker (organization_id, computed_for);');
    this.addSql(`create table programme_worker_year (
      patient_id uuid not null,
      year smallint not null,
      organization_id uuid not null,
      result varchar(14) null,
      desencadeamento boolean not null,
      agravamento boolean not null,
      primary key (patient_id, year)
    );`);
    this.addSql('create index programme_worker_year_org_idx on programme_worker_year (organization_id, year) include (result, desencadeamento, agravamento);');
    // The trend's counts per filing (company, sector, GHE; none without employment) and year, kept by the refresh
    // (a worker's old rows subtracted, its new rows added): the trend reads ≤ 5 × the GHEs rows, not 500 000.
    this.addSql(`create table programme_year_count (
      organization_id uuid not null,
      company_id uuid null,
      sector_id uuid null,
      ghe_id uuid null,
      year smallint not null,
      examined integer not null,
      sugestivo integer not null,
      desencadeamento integer not null,
      agravamento integer not null,
      unique nulls not distinct (organization_id, company_id, sector_id, ghe_id, year)
    );`);
    this.addSql(`create function limiar_programme_drop_organization() returns trigger language plpgsql as $$
      begin
        delete from programme_worker where organization_id in (select id from old_rows);
        delete from programme_worker_year where organization_id in (select id from old_rows);
        delete from programme_year_count where organization_id in (select id from old_rows);
        delete from programme_dirty where organization_id in (select id from old_rows);
        return null;
      end $$;`);
    this.addSql('create trigger organization_programme_del after delete on organization referencing old table as old_rows for each statement execute function limiar_programme_drop_organization();');

    // exam: insert, delete, and an update that changes what the schedule or the statistics read.
    this.addSql(`create function limiar_programme_mark_new() returns trigger language plpgsql as $$
      begin ${markRows('new_rows')} return null; end $$;`);
    this.addSql(`create function limiar_programme_mark_old() returns trigger language plpgsql as $$
      begin ${markRows('old_rows')} return null; end $$;`);
    this.addSql(`create function limiar_programme_mark_exam_update() returns trigger language plpgsql as $$
      begin
        insert into programme_dirty (organization_id, patient_id)
          select distinct x.organization_id, x.patient_id from old_rows o join new_rows n on n.id = o.id,
            lateral (values (o.organization_id, o.patient_id), (n.organization_id, n.patient_id)) x(organization_id, patient_id)
          where (o.exam_date, o.exam_type, o.patient_id, o.classification, o.audiogram) is distinct from (n.exam_date, n.exam_type, n.patient_id, n.classification, n.audiogram)
        on conflict do nothing;
        return null;
      end $$;`);
    this.addSql('create trigger exam_programme_ins after insert on exam referencing new table as new_rows for each statement execute function limiar_programme_mark_new();');
    this.addSql('create trigger exam_programme_del after delete on exam referencing old table as old_rows for each statement execute function limiar_programme_mark_old();');
    this.addSql('create trigger exam_programme_upd after update on exam referencing old table as old_rows new table as new_rows for each statement execute function limiar_programme_mark_exam_update();');

    // employment: any change of a period (both workers when a period moves to another worker).
    this.addSql(`create function limiar_programme_mark_employment_update() returns trigger language plpgsql as $$
      begin
        insert into programme_dirty (organization_id, patient_id)
          select organization_id, patient_id from old_rows union select organization_id, patient_id from new_rows
        on conflict do nothing;
        return null;
      end $$;`);
    this.addSql('create trigger employment_programme_ins after insert on employment referencing new table as new_rows for each statement execute function limiar_programme_mark_new();');
    this.addSql('create trigger employment_programme_del after delete on employment referencing old table as old_rows for each statement execute function limiar_programme_mark_old();');
    this.addSql('create trigger employment_programme_upd after update on employment referencing old table as old_rows new table as new_rows for each statement execute function limiar_programme_mark_employment_update();');

    // GHE: a change of exposure or periodicity marks every worker with a period in it.
    this.addSql(`create function limiar_programme_mark_ghe_update() returns trigger language plpgsql as $$
      begin
        insert into programme_dirty (organization_id, patient_id)
          select distinct e.organization_id, e.patient_id from old_rows o join new_rows n on n.id = o.id join employment e on e.ghe_id = n.id
          where (o.exposure_metric, o.exposure_level_dba, o.exposure_dose_percent, o.periodicity_months)
            is distinct from (n.exposure_metric, n.exposure_level_dba, n.exposure_dose_percent, n.periodicity_months)
        on conflict do nothing;
        return null;
      end $$;`);
    this.addSql('create trigger ghe_programme_upd after update on ghe referencing old table as old_rows new table as new_rows for each statement execute function limiar_programme_mark_ghe_update();');

    // patient: archive and restore, and a new name (the worker list is ordered by it).
    this.addSql(`create function limiar_programme_mark_patient_update() returns trigger language plpgsql as $$
      begin
        insert into programme_dirty (organization_id, patient_id)
          select n.organization_id, n.id from old_rows o join new_rows n on n.id = o.id
          where (o.archived_at is null) <> (n.archived_at is null) or o.name <> n.name
        on conflict do nothing;
        return null;
      end $$;`);
    this.addSql('create trigger patient_programme_upd after update on patient referencing old table as old_rows new table as new_rows for each statement execute function limiar_programme_mark_patient_update();');

    this.addSql('insert into programme_dirty (organization_id, patient_id) select organization_id, id from patient where archived_at is null on conflict do nothing;');
  }

  override async down(): Promise<void> {
    for (const [trigger, table] of [['exam_programme_ins', 'exam'], ['exam_programme_del', 'exam'], ['exam_programme_upd', 'exam'], ['employment_programme_ins', 'employment'],
      ['employment_programme_del', 'employment'], ['employment_programme_upd', 'employment'], ['ghe_programme_upd', 'ghe'], ['patient_programme_upd', 'patient'], ['organization_programme_del', 'organization']]) {
      this.addSql(`drop trigger if exists ${trigger} on ${table};`);
    }
    for (const f of ['mark_new', 'mark_old', 'mark_exam_update', 'mark_employment_update', 'mark_ghe_update', 'mark_patient_update', 'drop_organization']) this.addSql(`drop function if exists limiar_programme_${f}();`);
    for (const t of ['programme_year_count', 'programme_worker_year', 'programme_worker', 'programme_dirty']) this.addSql(`drop table if exists ${t};`);
    this.addSql('drop index if exists exam_org_date_outcome_idx;');
    this.addSql('alter table exam drop column if exists exam_result, drop column if exists desencadeamento, drop column if exists agravamento;');
  }
}

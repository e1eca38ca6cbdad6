import { Migration } from '@mikro-orm/migrations';

/**
 * Companies, patients, exams and exam files, organisation-scoped; deleting a patient cascades to
 * its exams and their files. Dashboard counters are kept per organisation by statement-level
 * triggers (cheap for bulk COPY too), so the dashboard never counts a million rows.
 */
export class Migration20261122020000PatientsExams extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table company (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      name text not null,
      name_key text generated always as (limiar_search_text(name)) stored,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create unique index company_org_name_unique on company (organization_id, name_key);');
    this.addSql(`create table patient (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      name text not null,
      age smallint null check (age between 0 and 150),
      sex char(1) not null check (sex in ('M','F','O')),
      birth_date date null,
      cpf char(11) null,
      phone text null, email text null, address text null,
      company_id uuid null references company(id) on delete set null,
      job_title text null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );`);
    this.addSql('create unique index patient_org_cpf_unique on patient (organization_id, cpf) where cpf is not null;');
    this.addSql('create index patient_org_created_idx on patient (organization_id, created_at desc, id);');
    this.addSql('create index patient_name_trgm_idx on patient using gin (limiar_search_text(name) gin_trgm_ops);');
    this.addSql('create index patient_org_name_idx on patient (organization_id, limiar_search_text(name));');
    this.addSql(`create table exam (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      patient_id uuid not null references patient(id) on delete cascade,
      exam_date date not null,
      operator_name text null, operator_registration text null, operator_crm text null, operator_crm_state text null,
      consultation_type text null, consultation_reason text null,
      ambient_noise_db double precision null,
      calibration_date date null,
      transducer text null,
      acoustic_rest_hours double precision null,
      observacoes text null,
      audiogram jsonb not null,
      speech_test jsonb null,
      ambiente_json text null,
      classification jsonb not null,
      rules_version text not null,
      natural_key text null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );`);
    this.addSql('create index exam_patient_date_idx on exam (patient_id, exam_date, created_at);');
    this.addSql('create index exam_org_date_idx on exam (organization_id, exam_date desc, id);');
    this.addSql('create unique index exam_org_natural_key_unique on exam (organization_id, natural_key) where natural_key is not null;');
    this.addSql(`create table exam_file (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      exam_id uuid not null references exam(id) on delete cascade,
      file_name text not null,
      media_type text not null,
      size_bytes bigint not null,
      storage_key text not null,
      sha256 text not null,
      uploaded_by uuid null references professional(id) on delete set null,
      created_at timestamptz not null
    );`);
    this.addSql('create index exam_file_exam_idx on exam_file (exam_id, created_at);');
    this.addSql(`create table organization_counter (
      organization_id uuid primary key references organization(id) on delete cascade,
      patients bigint not null default 0,
      exams bigint not null default 0,
      reports bigint not null default 0
    );`);
    for (const [table, column] of [['patient', 'patients'], ['exam', 'exams']]) {
      this.addSql(`create function limiar_count_${table}_ins() returns trigger language plpgsql as $$
        begin
          insert into organization_counter (organization_id, ${column})
            select organization_id, count(*) from new_rows group by organization_id
          on conflict (organization_id) do update set ${column} = organization_counter.${column} + excluded.${column};
          return null;
        end $$;`);
      this.addSql(`create function limiar_count_${table}_del() returns trigger language plpgsql as $$
        begin
          update organization_counter c set ${column} = c.${column} - d.n
            from (select organization_id, count(*) as n from old_rows group by organization_id) d
            where c.organization_id = d.organization_id;
          return null;
        end $$;`);
      this.addSql(`create trigger ${table}_count_ins after insert on ${table} referencing new table as new_rows for each statement execute function limiar_count_${table}_ins();`);
      this.addSql(`create trigger ${table}_count_del after delete on ${table} referencing old table as old_rows for each statement execute function limiar_count_${table}_del();`);
    }
  }

  override async down(): Promise<void> {
    for (const t of ['organization_counter', 'exam_file', 'exam', 'patient', 'company']) this.addSql(`drop table if exists ${t} cascade;`);
    for (const t of ['patient', 'exam']) {
      this.addSql(`drop function if exists limiar_count_${t}_ins();`);
      this.addSql(`drop function if exists limiar_count_${t}_del();`);
    }
  }
}

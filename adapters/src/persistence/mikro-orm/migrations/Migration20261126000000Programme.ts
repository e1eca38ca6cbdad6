import { Migration } from '@mikro-orm/migrations';

/**
 * The hearing-conservation programme's records (issue 19): companies become real records (CNPJ, unique
 * per organisation when present; the companies created from a typed name keep a null CNPJ, which is what
 * flags them for completion; the razão social is unique only among those, since a matriz and its filiais
 * share it), their sectors and GHEs with the noise exposure, the employment periods of
 * each worker, and the occupational type of every exam — backfilled from the wizard's occupational
 * reason where there is one.
 */
export class Migration20261126000000Programme extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table company
      add column trade_name text null,
      add column cnpj varchar(14) null check (cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$'),
      add column address text null,
      add column cnae text null,
      add column risk_grade smallint null check (risk_grade between 1 and 4),
      add column contact_name text null,
      add column contact_email text null,
      add column contact_phone text null,
      add column updated_at timestamptz not null default now();`);
    this.addSql('update company set updated_at = created_at;');
    this.addSql('create unique index company_org_cnpj_unique on company (organization_id, cnpj) where cnpj is not null;');
    // Establishments (matriz and filiais) share the razão social and differ by CNPJ: the name stays unique
    // only among the companies without a CNPJ (the ones found-or-created from a typed name).
    this.addSql('drop index company_org_name_unique;');
    this.addSql('create unique index company_org_name_unique on company (organization_id, name_key) where cnpj is null;');

    this.addSql(`create table sector (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      company_id uuid not null references company(id) on delete cascade,
      name text not null,
      name_key text generated always as (limiar_search_text(name)) stored,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create unique index sector_company_name_unique on sector (company_id, name_key);');

    this.addSql(`create table ghe (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      company_id uuid not null references company(id) on delete cascade,
      sector_id uuid null references sector(id) on delete set null,
      name text not null,
      name_key text generated always as (limiar_search_text(name)) stored,
      description text null,
      exposure_metric varchar(4) null check (exposure_metric in ('LAVG', 'NEN')),
      exposure_level_dba numeric(4,1) null check (exposure_level_dba between 0 and 160),
      exposure_dose_percent numeric(7,1) null check (exposure_dose_percent >= 0),
      exposure_assessed_at date null,
      exposure_source text null,
      periodicity_months smallint not null default 12 check (periodicity_months between 1 and 12),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create unique index ghe_company_name_unique on ghe (company_id, name_key);');

    this.addSql(`create table employment (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      patient_id uuid not null references patient(id) on delete cascade,
      company_id uuid not null references company(id) on delete restrict,
      registration text null,
      job_title text null,
      sector_id uuid null references sector(id) on delete set null,
      ghe_id uuid null references ghe(id) on delete set null,
      admission_date date not null,
      dismissal_date date null,
      start_date date not null,
      end_date date null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_date is null or end_date > start_date),
      check (start_date >= admission_date),
      check (dismissal_date is null or dismissal_date >= admission_date)
    );`);
    this.addSql('create index employment_patient on employment (patient_id, start_date);');
    this.addSql('create index employment_org_company on employment (organization_id, company_id);');
    this.addSql('create index employment_ghe on employment (ghe_id) where ghe_id is not null;');
    // One current period per worker and contract at most.
    this.addSql('create unique index employment_one_current on employment (patient_id, company_id, admission_date) where end_date is null;');

    this.addSql(`alter table exam add column exam_type varchar(20) null check (exam_type in
      ('admissional', 'periodico', 'retorno_trabalho', 'mudanca_riscos', 'demissional', 'monitoracao_pontual'));`);
    this.addSql(`update exam set exam_type = case consultation_reason
        when 'Admissional' then 'admissional' when 'Periódica' then 'periodico' when 'Retorno ao trabalho' then 'retorno_trabalho'
        when 'Mudança de função' then 'mudanca_riscos' when 'Demissional' then 'demissional' end
      where consultation_type = 'Ocupacional' and consultation_reason is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table exam drop column if exists exam_type;');
    for (const t of ['employment', 'ghe', 'sector']) this.addSql(`drop table if exists ${t} cascade;`);
    this.addSql('drop index if exists company_org_cnpj_unique;');
    this.addSql('drop index if exists company_org_name_unique;');
    this.addSql('create unique index company_org_name_unique on company (organization_id, name_key);');
    this.addSql(`alter table company drop column if exists trade_name, drop column if exists cnpj, drop column if exists address,
      drop column if exists cnae, drop column if exists risk_grade, drop column if exists contact_name, drop column if exists contact_email,
      drop column if exists contact_phone, drop column if exists updated_at;`);
  }
}

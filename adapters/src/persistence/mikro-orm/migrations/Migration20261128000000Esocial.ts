import { Migration } from '@mikro-orm/migrations';

/**
 * ASOs and their eSocial S-2220 event (issue 21, docs/esocial.md). One row per ASO: the audiometry it
 * covers (the ASO goes with the exam), the employment period (company with CNPJ, matrícula) it is for,
 * its fields (type, date, result, other procedures, physician, PCMSO coordinator) and the state of the
 * event: status, the Id and the XML as generated (kept: what was exported is what is stored, never
 * regenerated behind the user's back), when it was generated and exported, the receipt typed back,
 * indRetif and the receipt a retification carries. An event Id is unique (the sequence of the Id
 * counts the Ids already taken in the same second).
 */
export class Migration20261128000000Esocial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table aso (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      patient_id uuid not null references patient(id) on delete cascade,
      exam_id uuid not null references exam(id) on delete cascade,
      employment_id uuid not null references employment(id) on delete cascade,
      company_id uuid not null references company(id),
      exam_type varchar(20) not null check (exam_type in ('admissional', 'periodico', 'retorno_trabalho', 'mudanca_riscos', 'demissional', 'monitoracao_pontual')),
      aso_date date not null,
      result varchar(10) null check (result in ('apto', 'inapto')),
      other_procedures jsonb not null default '[]'::jsonb,
      physician jsonb not null,
      coordinator jsonb null,
      event_status varchar(24) not null default 'pendente' check (event_status in ('pendente', 'gerado', 'exportado', 'recebido', 'retificacao_pendente')),
      event_id varchar(36) null,
      event_xml text null,
      generated_at timestamptz null,
      exported_at timestamptz null,
      receipt varchar(23) null,
      ind_retif smallint not null default 1 check (ind_retif in (1, 2)),
      retified_receipt varchar(23) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((event_status in ('pendente', 'retificacao_pendente')) = (event_xml is null)),
      check (event_status <> 'recebido' or receipt is not null)
    );`);
    this.addSql('create unique index aso_event_id_unique on aso (event_id) where event_id is not null;');
    this.addSql('create index aso_exam on aso (exam_id);');
    this.addSql('create index aso_org_company_date on aso (organization_id, company_id, aso_date);');
    this.addSql('create index aso_org_date on aso (organization_id, aso_date);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists aso;');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * LGPD rights of a worker (issue 20, docs/lgpd.md):
 *
 * - `data_deletion_request`: the public request gets a status token (only its SHA-256 is stored; the
 *   requester receives the secret once, in the status link) and a decision: `aprovado` (the worker was
 *   anonymised) or `recusado` (with a reason), who decided, when, in which organisation and for which
 *   worker. The old statuses `em_andamento`/`concluido` were never set by the application; they map to
 *   `recebido`/`aprovado`.
 * - `patient.anonymized_at`: when the worker was anonymised (a worker is anonymised once).
 * - `exam_file_removed`: the stored files of a removed exam (DELETE /api/exams/:id, or a cascade). The
 *   exam_file rows go with the exam but the encrypted bytes stay in the storage (the removal keeps "what
 *   it held"); without this row nothing would name them any more, so the worker's access export could not
 *   include them and his anonymisation could not delete them. Filled by a BEFORE DELETE trigger on exam
 *   (the exam row, hence its worker, is still visible there, also in a cascade from the worker).
 */
export class Migration20261127030000Lgpd extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table data_deletion_request drop constraint if exists data_deletion_request_status_check;');
    this.addSql("update data_deletion_request set status = case status when 'concluido' then 'aprovado' else 'recebido' end where status in ('em_andamento', 'concluido');");
    this.addSql(`alter table data_deletion_request
      add constraint data_deletion_request_status_check check (status in ('recebido', 'aprovado', 'recusado')),
      add column token_hash text null,
      add column organization_id uuid null references organization(id) on delete set null,
      add column patient_id uuid null references patient(id) on delete set null,
      add column decided_at timestamptz null,
      add column decided_by uuid null references professional(id) on delete set null,
      add column decided_by_name text null,
      add column reason text null;`);
    this.addSql('create index data_deletion_request_pending_idx on data_deletion_request (lower(email)) where status = \'recebido\';');
    this.addSql('create index data_deletion_request_org_idx on data_deletion_request (organization_id, decided_at desc) where organization_id is not null;');
    this.addSql('alter table patient add column anonymized_at timestamptz null;');
    // the deletion requests' candidates: the organisation's workers with that e-mail
    this.addSql('create index patient_org_email_idx on patient (organization_id, lower(email)) where email is not null;');
    this.addSql(`create table exam_file_removed (
      storage_key text primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      patient_id uuid not null,
      exam_id uuid not null,
      file_id uuid not null,
      file_name text not null,
      media_type text not null,
      size_bytes bigint not null,
      sha256 text not null,
      removed_at timestamptz not null default now()
    );`);
    this.addSql('create index exam_file_removed_patient_idx on exam_file_removed (organization_id, patient_id);');
    this.addSql(`create function limiar_exam_files_removed() returns trigger language plpgsql as $$
      begin
        insert into exam_file_removed (storage_key, organization_id, patient_id, exam_id, file_id, file_name, media_type, size_bytes, sha256)
          select f.storage_key, f.organization_id, old.patient_id, old.id, f.id, f.file_name, f.media_type, f.size_bytes, f.sha256
          from exam_file f where f.exam_id = old.id
          on conflict (storage_key) do nothing;
        return old;
      end $$;`);
    this.addSql('create trigger exam_files_removed before delete on exam for each row execute function limiar_exam_files_removed();');
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists exam_files_removed on exam;');
    this.addSql('drop function if exists limiar_exam_files_removed();');
    this.addSql('drop table if exists exam_file_removed;');
    this.addSql('drop index if exists patient_org_email_idx;');
    this.addSql('alter table patient drop column anonymized_at;');
    this.addSql('drop index if exists data_deletion_request_org_idx;');
    this.addSql('drop index if exists data_deletion_request_pending_idx;');
    this.addSql(`alter table data_deletion_request drop column token_hash, drop column organization_id, drop column patient_id,
      drop column decided_at, drop column decided_by, drop column decided_by_name, drop column reason;`);
    this.addSql('alter table data_deletion_request drop constraint if exists data_deletion_request_status_check;');
    this.addSql("update data_deletion_request set status = 'concluido' where status = 'aprovado';");
    this.addSql("update data_deletion_request set status = 'recebido' where status = 'recusado';");
    this.addSql("alter table data_deletion_request add constraint data_deletion_request_status_check check (status in ('recebido','em_andamento','concluido'));");
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Deleting a whole organisation cascades to its exams, whose BEFORE DELETE trigger (20261127030000) then
 * recorded their files in `exam_file_removed` under an organisation already deleted: the foreign key
 * refused it and the organisation could not be deleted. The trigger now skips the files of an
 * organisation that is going away (its rows there go with it through the cascade).
 */
export class Migration20261127030100LgpdOrganizationDelete extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function limiar_exam_files_removed() returns trigger language plpgsql as $$
      begin
        insert into exam_file_removed (storage_key, organization_id, patient_id, exam_id, file_id, file_name, media_type, size_bytes, sha256)
          select f.storage_key, f.organization_id, old.patient_id, old.id, f.id, f.file_name, f.media_type, f.size_bytes, f.sha256
          from exam_file f
          where f.exam_id = old.id and exists (select 1 from organization o where o.id = f.organization_id)
          on conflict (storage_key) do nothing;
        return old;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function limiar_exam_files_removed() returns trigger language plpgsql as $$
      begin
        insert into exam_file_removed (storage_key, organization_id, patient_id, exam_id, file_id, file_name, media_type, size_bytes, sha256)
          select f.storage_key, f.organization_id, old.patient_id, old.id, f.id, f.file_name, f.media_type, f.size_bytes, f.sha256
          from exam_file f where f.exam_id = old.id
          on conflict (storage_key) do nothing;
        return old;
      end $$;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14:
 * - `patient.archived_at`: deleting a worker archives it (hidden from lists, search, counters and
 *   pickers; every record kept, NR-7 item 7.6.1.1). The partial index keeps "how many are archived"
 *   cheap, since the dashboard subtracts them from the trigger-kept counters.
 * - `exam_deletion`: who removed which exam, when, why, with a snapshot of what it held. Erased with
 *   the worker (LGPD erasure), kept otherwise; `exam_id` has no foreign key (the exam is gone).
 */
export class Migration20261124110100WorkerArchiveExamDeletion extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table patient add column archived_at timestamptz;');
    this.addSql('create index patient_archived_idx on patient (organization_id) where archived_at is not null;');
    this.addSql(`create table exam_deletion (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      patient_id uuid not null references patient(id) on delete cascade,
      exam_id uuid not null,
      exam_date date not null,
      reason text not null,
      deleted_by uuid null references professional(id) on delete set null,
      deleted_by_name text not null,
      deleted_at timestamptz not null,
      snapshot jsonb not null
    );`);
    this.addSql('create index exam_deletion_patient_idx on exam_deletion (organization_id, patient_id, deleted_at desc);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table exam_deletion;');
    this.addSql('drop index patient_archived_idx;');
    this.addSql('alter table patient drop column archived_at;');
  }
}

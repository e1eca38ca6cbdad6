import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14: readings of an uploaded file that wait for the professional instead of going into the
 * exam (the file names another person, the reading is not of high confidence, or the exam already
 * has thresholds). The pending ones feed the dashboard worklist, hence the partial index.
 */
export class Migration20261124120000ExamReading extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table exam_reading (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      exam_id uuid not null references exam(id) on delete cascade,
      file_id uuid null references exam_file(id) on delete set null,
      file_name text not null,
      status text not null check (status in ('pending','applied','discarded')),
      reasons jsonb not null,
      reading jsonb not null,
      identity_check jsonb not null,
      confidence text not null check (confidence in ('high','medium','low')),
      created_at timestamptz not null,
      decided_at timestamptz null,
      decided_by uuid null references professional(id) on delete set null
    );`);
    this.addSql('create index exam_reading_exam_idx on exam_reading (exam_id, created_at desc);');
    this.addSql("create index exam_reading_pending_idx on exam_reading (organization_id, created_at desc) where status = 'pending';");
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists exam_reading;');
  }
}

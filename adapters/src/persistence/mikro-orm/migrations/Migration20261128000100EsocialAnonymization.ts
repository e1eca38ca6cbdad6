import { Migration } from '@mikro-orm/migrations';

/**
 * LGPD and the kept S-2220 events (issue 21, docs/esocial.md §4): an ASO keeps its event's XML as
 * generated, and that XML names the worker by CPF (`cpfTrab`) and matrícula. When the worker is
 * anonymised (patient.anonymized_at set, issue 20) both are replaced by the anonymisation's mark in every
 * ASO of the worker, in the same transaction as the anonymisation (a trigger: the anonymiser needs no
 * change and cannot forget it). The ASO row itself stays, like the worker's exams (NR-7 item 7.6.1.1).
 */
export class Migration20261128000100EsocialAnonymization extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function aso_scrub_anonymized_worker() returns trigger language plpgsql as $$
      begin
        update aso set
          event_xml = regexp_replace(regexp_replace(event_xml, '<cpfTrab>[^<]*</cpfTrab>', '<cpfTrab>[removido (LGPD)]</cpfTrab>', 'g'),
            '<matricula>[^<]*</matricula>', '<matricula>[removido (LGPD)]</matricula>', 'g'),
          updated_at = now()
        where patient_id = new.id and event_xml is not null;
        return null;
      end $$;`);
    this.addSql(`create trigger aso_scrub_anonymized_worker after update of anonymized_at on patient
      for each row when (old.anonymized_at is null and new.anonymized_at is not null) execute function aso_scrub_anonymized_worker();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists aso_scrub_anonymized_worker on patient;');
    this.addSql('drop function if exists aso_scrub_anonymized_worker();');
  }
}

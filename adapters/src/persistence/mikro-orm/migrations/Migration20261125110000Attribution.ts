import { Migration } from '@mikro-orm/migrations';

/** The registry as core `registryLabel` prints it ("CRM 123/SP", "CRFa 2-12345", "CREA 123/SP"), or null. */
const registryOf = (p: string) => `case
    when ${p}.professional_type = 'Medico' and coalesce(${p}.crm, '') <> '' then 'CRM ' || ${p}.crm || coalesce('/' || nullif(${p}.crm_state, ''), '')
    when ${p}.professional_type = 'Fonoaudiologo' and coalesce(${p}.crfa, '') <> '' then 'CRFa ' || coalesce(nullif(${p}.crfa_region, '') || '-', '') || ${p}.crfa
    when ${p}.professional_type = 'Engenheiro' and coalesce(${p}.crea, '') <> '' then 'CREA ' || ${p}.crea || coalesce('/' || nullif(${p}.crea_state, ''), '')
  end`;

/** An ISO date-time as JavaScript's toISOString writes it. */
const isoOf = (ts: string) => `to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The membership of professional `p` in the organisation of row `r`, or null. */
const memberOf = (p: string, r: string) => `(select m.id from membership m where m.user_id = ${p}.id and m.organization_id = ${r}.organization_id)`;

/** The core `Attribution` jsonb of professional `p` in the organisation of row `r` at `ts`; `name` overrides the professional's name. */
const attributionOf = (p: string, r: string, ts: string, name = `${p}.name`) =>
  `jsonb_build_object('memberId', ${memberOf(p, r)}, 'userId', ${p}.id, 'name', ${name}, 'registry', ${registryOf(p)}, 'at', ${isoOf(ts)})`;

/**
 * Attribution (issue 18): who recorded and last corrected an exam, who applied or discarded a held
 * reading, who organised and who finalised a laudo, and the membership a deletion was made under.
 * Each is a jsonb `{memberId, userId, name, registry, at}` (core `Attribution`), a snapshot of the
 * name and registry at that moment.
 *
 * Backfill from what exists. Until teams, an organisation had exactly one professional: its exams
 * (those not from the CLI import, `natural_key` null) were recorded by that professional, and its
 * laudos drafted and finalised by the laudo's `doctor_id`. Readings keep `decided_by`/`decided_at`.
 */
export class Migration20261125110000Attribution extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table exam add column recorded_by jsonb null, add column updated_by jsonb null;');
    this.addSql('alter table exam_reading add column reviewed_by jsonb null;');
    this.addSql('alter table report add column drafted_by jsonb null, add column finalized_by jsonb null;');
    this.addSql('alter table exam_deletion add column deleted_by_member_id uuid null references membership(id) on delete set null;');

    this.addSql(`update exam e set recorded_by = ${attributionOf('p', 'e', 'e.created_at')}
      from membership m join professional p on p.id = m.user_id
      where m.organization_id = e.organization_id and e.natural_key is null and e.recorded_by is null
        and (select count(*) from membership x where x.organization_id = e.organization_id) = 1;`);
    this.addSql(`update exam_reading r set reviewed_by = ${attributionOf('p', 'r', 'r.decided_at')}
      from professional p where p.id = r.decided_by and r.decided_at is not null and r.reviewed_by is null;`);
    this.addSql(`update report r set drafted_by = ${attributionOf('p', 'r', 'r.created_at', 'r.doctor_name')}
      from professional p where p.id = r.doctor_id and r.drafted_by is null;`);
    this.addSql(`update report r set finalized_by = r.drafted_by || jsonb_build_object('at', ${isoOf('r.finalized_at')})
      where r.status = 'Finalizado' and r.finalized_at is not null and r.drafted_by is not null and r.finalized_by is null;`);
    this.addSql(`update exam_deletion d set deleted_by_member_id = m.id
      from membership m where m.organization_id = d.organization_id and m.user_id = d.deleted_by and d.deleted_by_member_id is null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table exam_deletion drop column if exists deleted_by_member_id;');
    this.addSql('alter table report drop column if exists drafted_by, drop column if exists finalized_by;');
    this.addSql('alter table exam_reading drop column if exists reviewed_by;');
    this.addSql('alter table exam drop column if exists recorded_by, drop column if exists updated_by;');
  }
}

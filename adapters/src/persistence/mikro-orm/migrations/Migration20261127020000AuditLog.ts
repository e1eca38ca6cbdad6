import { Migration } from '@mikro-orm/migrations';

/**
 * The audit trail (issue 20, docs/audit.md, ADR 0020): one row per audited HTTP request — who (a member,
 * an embed token or the public), which organisation, what (action, entity, record, worker), the route,
 * the status and the client address.
 *
 * Append-only: the triggers below raise on every UPDATE, DELETE and TRUNCATE of `audit_log`, whoever the
 * role (the embedded cluster runs the application as the database owner and superuser, to whom REVOKE
 * means nothing: the triggers are the real guard). The REVOKE removes the rights from PUBLIC; an operator
 * running the application as a separate, non-owner role grants it INSERT and SELECT only (docs/audit.md).
 *
 * No foreign keys: the trail outlives what it names (a deleted exam, an anonymised worker, a removed
 * organisation must not cascade into it), and it holds ids only — never a worker's name or CPF (the LGPD
 * anonymisation of a worker leaves nothing of him here but his id).
 */
export class Migration20261127020000AuditLog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      organization_id uuid not null,
      actor_id uuid null,
      actor_name text not null,
      actor_kind varchar(10) not null check (actor_kind in ('membro', 'widget', 'publico')),
      action varchar(20) not null,
      entity varchar(20) not null,
      record_id text null,
      patient_id uuid null,
      route text not null,
      status int not null,
      ip text null
    );`);
    this.addSql('create index audit_log_org_at_idx on audit_log (organization_id, at desc, id desc);');
    this.addSql('create index audit_log_patient_idx on audit_log (organization_id, patient_id, at desc, id desc) where patient_id is not null;');
    this.addSql('create index audit_log_actor_idx on audit_log (organization_id, actor_id, at desc, id desc) where actor_id is not null;');
    this.addSql(`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end;
    $$;`);
    this.addSql(`create trigger audit_log_no_update_delete before update or delete on audit_log
      for each row execute function audit_log_append_only();`);
    this.addSql(`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only();`);
    this.addSql('revoke update, delete, truncate on audit_log from public;');
  }
}

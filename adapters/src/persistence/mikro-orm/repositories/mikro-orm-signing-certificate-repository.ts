import type { EntityManager } from '@mikro-orm/postgresql';
import type { SigningCertificate, SigningCertificateRepository } from '../../../../../core/src';
import { sql, type Row } from './sql-rows';
import { isUuid } from './uuid';

/** `em` is the ORM's global manager: inside a request or a transaction it resolves to that fork. */
type Em = () => EntityManager;

const toCertificate = (r: Row): SigningCertificate => ({
  id: r.id as string, organizationId: r.organization_id as string, userId: r.user_id as string,
  subjectName: r.subject_name as string, issuerName: r.issuer_name as string, cpf: (r.cpf as string) ?? null, crm: (r.crm as string) ?? null,
  serialNumber: r.serial_number as string, notBefore: new Date(r.not_before as string), notAfter: new Date(r.not_after as string),
  storageKey: r.storage_key as string, uploadedAt: new Date(r.uploaded_at as string),
});

/** Table signing_certificate (Migration20261127010000SigningCertificate): one row per member per organisation. */
export class MikroOrmSigningCertificateRepository implements SigningCertificateRepository {
  constructor(private readonly em: Em) {}

  async findFor(organizationId: string, userId: string) {
    if (!isUuid(organizationId) || !isUuid(userId)) return undefined;
    const [r] = await sql(this.em())('select * from signing_certificate where organization_id = ? and user_id = ?', [organizationId, userId]);
    return r ? toCertificate(r) : undefined;
  }

  async save(c: SigningCertificate) {
    await sql(this.em())(
      `insert into signing_certificate (id, organization_id, user_id, subject_name, issuer_name, cpf, crm, serial_number, not_before, not_after, storage_key, uploaded_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (organization_id, user_id) do update set id = excluded.id, subject_name = excluded.subject_name, issuer_name = excluded.issuer_name,
         cpf = excluded.cpf, crm = excluded.crm, serial_number = excluded.serial_number, not_before = excluded.not_before, not_after = excluded.not_after,
         storage_key = excluded.storage_key, uploaded_at = excluded.uploaded_at`,
      [c.id, c.organizationId, c.userId, c.subjectName, c.issuerName, c.cpf, c.crm, c.serialNumber, c.notBefore, c.notAfter, c.storageKey, c.uploadedAt],
    );
  }

  async delete(organizationId: string, userId: string) {
    if (!isUuid(organizationId) || !isUuid(userId)) return;
    await sql(this.em())('delete from signing_certificate where organization_id = ? and user_id = ?', [organizationId, userId]);
  }
}
